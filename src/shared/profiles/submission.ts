/**
 * The profile submission of spec sections 3 and 5: one schema for the forms (browser) and POST /api/profiles (server).
 * Blank text counts as "not given"; every text field has a maximum length; the per-app rules follow the spec's
 * upload schema. Defaults ('Not provided' …) are applied only when storing (src/profiles/submission.ts), never before
 * the per-app rules run, so a Bumble bio cannot be satisfied by the default text.
 * Written with zod/mini (the same checks and messages as classic zod, a third of its size in the browser), and loaded
 * by the forms only when they check a submission (decision 147).
 */
import * as z from "zod/mini";
import { MAX_EMAIL_LENGTH } from "../email.ts";
import { BUMBLE_PROMPTS, DATING_APPS, HEIGHT_OPTIONS, HINGE_PROMPTS, STAR_SIGNS } from "./options.ts";
import { BUMBLE_BIO_HINT, TEXT_LIMITS } from "./text-limits.ts";

const blankToUndefined = (value: unknown) => {
  if (value === null) return undefined;
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};

/** classic zod's `z.preprocess`: blank text becomes "not given" before `schema` reads it. */
const blankIsAbsent = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform<unknown, unknown>(blankToUndefined), schema);

function text(label: string, max: number, min = 1, minMessage = `${label} must be at least ${min} characters`) {
  return blankIsAbsent(
    z.optional(z.string(`${label} must be text`).check(z.minLength(min, minMessage), z.maxLength(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`))),
  );
}

export { BUMBLE_BIO_HINT, TEXT_LIMITS };

/** Spec section 5: "bio at least 10". */
const BIO_MIN = 10;

const L = TEXT_LIMITS;

/** A customer's e-mail address, wherever one is asked for: blank counts as not given, and then it says it is required. */
export const emailAddress = blankIsAbsent(
  z
    .email({ error: (issue) => (issue.input === undefined ? "Email is required" : "Please enter a valid email address") })
    .check(z.maxLength(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`)),
);

export const submissionSchema = z
  .object(
    {
      email: emailAddress,
      dating_app: blankIsAbsent(z.optional(z.enum(DATING_APPS, "Please select a dating app"))),
      prompt1: text("Prompt 1", L.prompt),
      prompt2: text("Prompt 2", L.prompt),
      prompt3: text("Prompt 3", L.prompt),
      selectedPrompt1: text("Prompt 1", L.prompt),
      selectedPrompt2: text("Prompt 2", L.prompt),
      selectedPrompt3: text("Prompt 3", L.prompt),
      response1: text("Response 1", L.response),
      response2: text("Response 2", L.response),
      response3: text("Response 3", L.response),
      ideal_first_date: text("Ideal first date", L.ideal_first_date, 10, "Please describe your ideal first date"),
      job_title: text("Job title", L.job_title),
      education: text("Education", L.education),
      // Its 10-character minimum is checked below, where the app is known (Bumble has a message of its own).
      bio: text("Bio", L.bio),
      height: blankIsAbsent(
        z.optional(
          z.enum(
            HEIGHT_OPTIONS.map((h) => h.value),
            "Please choose a height from the list",
          ),
        ),
      ),
      star_sign: blankIsAbsent(z.optional(z.enum(STAR_SIGNS, "Please choose a star sign from the list"))),
      anthem: text("Anthem", L.anthem),
      spotify_artists: text("Spotify artists", L.spotify_artists),
      interests: text("Interests", L.interests, 5),
      school: text("School", L.school),
      industry: text("Industry", L.industry),
      looking_for: text("Looking for", L.looking_for, 5),
      vibes: text("Vibes", L.vibes, 5),
      // Spec: the browser always sends user_id 1. Customers are anonymous, so it is accepted and ignored.
      user_id: z.optional(z.unknown()),
      orderId: text("Order id", 64),
    },
    "The profile must be a JSON object",
  )
  .check(
    z.superRefine((s, ctx) => {
      const app = s.dating_app ?? "tinder";
      const prompts = [1, 2, 3].map((n) => ({
        n,
        prompt: s[`prompt${n}` as "prompt1"] ?? s[`selectedPrompt${n}` as "selectedPrompt1"],
        response: s[`response${n}` as "response1"],
      }));
      const list: readonly string[] | null = app === "hinge" ? HINGE_PROMPTS : app === "bumble" ? BUMBLE_PROMPTS : null;
      const appName = app === "hinge" ? "Hinge" : "Bumble";
      const chosen = new Set<string>();

      for (const { n, prompt, response } of prompts) {
        const path = [`prompt${n}`];
        if (!prompt) {
          if (app === "hinge") ctx.addIssue({ code: "custom", path, message: `Prompt ${n} is required for Hinge profile` });
          else if (response) ctx.addIssue({ code: "custom", path, message: `Please choose prompt ${n} for your response` });
          continue;
        }
        if (list && !list.includes(prompt)) {
          ctx.addIssue({ code: "custom", path, message: `Prompt ${n} must be one of the ${appName} prompts` });
        }
        if (chosen.has(prompt)) ctx.addIssue({ code: "custom", path, message: `Please choose a different prompt for prompt ${n}` });
        chosen.add(prompt);
        if (!response) ctx.addIssue({ code: "custom", path: [`response${n}`], message: `Please write a response to prompt ${n}` });
      }

      if (app === "hinge") {
        if (!s.ideal_first_date) ctx.addIssue({ code: "custom", path: ["ideal_first_date"], message: "Please describe your ideal first date" });
        if (!s.job_title) ctx.addIssue({ code: "custom", path: ["job_title"], message: "Job title is required for Hinge profile" });
        if (!s.education) ctx.addIssue({ code: "custom", path: ["education"], message: "Education is required for Hinge profile" });
      }
    }),
    // Runs even when other fields failed, so a short bio is reported together with them.
    z.superRefine(
      (s, ctx) => {
        const bio = typeof s.bio === "string" ? s.bio : undefined;
        const bumble = s.dating_app === "bumble";
        if ((bio !== undefined && bio.length < BIO_MIN) || (bumble && bio === undefined)) {
          ctx.addIssue({ code: "custom", path: ["bio"], message: bumble ? "Bio must be at least 10 characters for Bumble profile" : "Bio must be at least 10 characters" });
        }
      },
      { when: () => true },
    ),
  );

/** Every field may be left out (zod/mini's pipe, unlike classic zod's preprocess, does not say so of its input). */
export type SubmissionInput = Partial<z.input<typeof submissionSchema>>;
export type Submission = z.output<typeof submissionSchema>;
