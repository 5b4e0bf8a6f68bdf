import { describe, expect, test } from "bun:test";
import { APP_TEXT_LIMITS } from "../shared/profiles/app-limits.ts";
import { originalProfile, toProfileColumns } from "./submission.ts";
import { submissionSchema, TEXT_LIMITS } from "../shared/profiles/submission.ts";

const parse = (v: unknown) => submissionSchema.safeParse(v);
const firstMessage = (v: unknown) => {
  const r = parse(v);
  return r.success ? null : r.error.issues[0]!.message;
};

describe("submission schema", () => {
  test("empty fields get the spec's defaults when stored; blank text counts as not given", () => {
    const r = parse({ email: " sam@example.com ", bio: "   ", dating_app: "", user_id: 1 });
    expect(r.success).toBe(true);
    const cols = toProfileColumns(r.data!);
    expect(cols).toMatchObject({ email: "sam@example.com", datingApp: "tinder", bio: "Not provided", lookingFor: "Not specified", interests: "Not provided" });
    expect(originalProfile(r.data!)).toEqual({ email: "sam@example.com" });
  });

  test("selectedPromptN stands in for promptN", () => {
    const r = parse({ email: "a@example.com", dating_app: "bumble", bio: "Ten chars plus", selectedPrompt1: "My happy place is", response1: "The sea" });
    expect(toProfileColumns(r.data!).prompt1).toBe("My happy place is");
  });

  test("a response needs its prompt, a prompt its response, and a prompt is used once", () => {
    expect(firstMessage({ email: "a@example.com", response2: "hello" })).toBe("Please choose prompt 2 for your response");
    expect(firstMessage({ email: "a@example.com", dating_app: "bumble", bio: "Ten chars plus", prompt1: "My happy place is" })).toBe(
      "Please write a response to prompt 1",
    );
    expect(
      firstMessage({ email: "a@example.com", dating_app: "bumble", bio: "Ten chars plus", prompt1: "My perfect day", response1: "a", prompt2: "My perfect day", response2: "b" }),
    ).toBe("Please choose a different prompt for prompt 2");
  });

  test("minimum lengths of the spec apply to given fields", () => {
    expect(firstMessage({ email: "a@example.com", interests: "ab" })).toBe("Interests must be at least 5 characters");
    // An empty required address says so, rather than calling nothing an invalid address.
    expect(firstMessage({ email: "  " })).toBe("Email is required");
    expect(firstMessage({})).toBe("Email is required");
    expect(firstMessage({ email: "sam@" })).toBe("Please enter a valid email address");
    expect(firstMessage({ email: "a@example.com", ideal_first_date: "short" })).toBe("Please describe your ideal first date");
    expect(firstMessage({ email: "a@example.com", height: "7ft" })).toBe("Please choose a height from the list");
    expect(firstMessage({ email: "a@example.com", star_sign: "Leo" })).toBe("Please choose a star sign from the list");
  });

  test("a short bio: Bumble's own message on Bumble (spec), the generic one elsewhere", () => {
    expect(firstMessage({ email: "a@example.com", dating_app: "bumble", bio: "Hi 5!" })).toBe("Bio must be at least 10 characters for Bumble profile");
    expect(firstMessage({ email: "a@example.com", dating_app: "bumble" })).toBe("Bio must be at least 10 characters for Bumble profile");
    expect(firstMessage({ email: "a@example.com", dating_app: "tinder", bio: "Hi 5!" })).toBe("Bio must be at least 10 characters");
    expect(parse({ email: "a@example.com", dating_app: "tinder" }).success).toBe(true);
  });

  test("text over the app's limit is accepted as sent (the forms warn, we shorten it); the form's own limit refuses", () => {
    const bumble = { email: "a@example.com", dating_app: "bumble", prompt1: "My happy place is" };
    const bio = "b".repeat(APP_TEXT_LIMITS.bumble.bio! + 26);
    const response1 = "r".repeat(APP_TEXT_LIMITS.bumble.promptAnswer! + 1);
    const r = parse({ ...bumble, bio, response1 });
    expect(r.success).toBe(true);
    expect(toProfileColumns(r.data!)).toMatchObject({ bio, response1 });
    expect(firstMessage({ ...bumble, bio: "b".repeat(TEXT_LIMITS.bio + 1), response1 })).toBe("Bio must be at most 2,000 characters");
    expect(firstMessage({ ...bumble, bio, response1: "r".repeat(TEXT_LIMITS.response + 1) })).toBe("Response 1 must be at most 1,000 characters");
  });

  test("a short bio is reported together with other fields' errors", () => {
    const r = parse({ email: "nope", dating_app: "bumble", bio: "short" });
    const byField = Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(byField).toMatchObject({ email: "Please enter a valid email address", bio: "Bio must be at least 10 characters for Bumble profile" });
  });
});
