/**
 * The profile submission of spec sections 3 and 5: one schema for the forms (browser) and POST /api/profiles (server).
 * Blank text counts as "not given"; every text field has a maximum length; the per-app rules follow the spec's
 * upload schema. Defaults ('Not provided' …) are applied only when storing (src/profiles/submission.ts), never before
 * the per-app rules run, so a Bumble bio cannot be satisfied by the default text.
 */
import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "../email.ts";
import { BUMBLE_PROMPTS, DATING_APPS, HEIGHT_OPTIONS, HINGE_PROMPTS, STAR_SIGNS } from "./options.ts";

const blankToUndefined = (value: unknown) => {
  if (value === null) return undefined;
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};

function text(label: string, max: number, min = 1, minMessage = `${label} must be at least ${min} characters`) {
  return z.preprocess(
    blankToUndefined,
    z
      .string(`${label} must be text`)
      .min(min, minMessage)
      .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
      .optional(),
  );
}

/** Field limits, also used by the forms as `maxLength`. */
export const TEXT_LIMITS = {
  prompt: 200,
  response: 1000,
  ideal_first_date: 1000,
  job_title: 100,
  education: 200,
  bio: 2000,
  anthem: 200,
  spotify_artists: 500,
  interests: 500,
  school: 200,
  industry: 100,
  looking_for: 500,
  vibes: 500,
} as const;

// The Bumble bio hint is one of the app limits (./app-limits.ts, free of zod for the browser's chunks that need only it).
export { BUMBLE_BIO_HINT } from "./app-limits.ts";
/** Spec section 5: "bio at least 10". */
const BIO_MIN = 10;

const L = TEXT_LIMITS;

/** A customer's e-mail address, wherever one is asked for: blank counts as not given, and then it says it is required. */
export const emailAddress = z.preprocess(
  blankToUndefined,
  z
    .email({ error: (issue) => (issue.input === undefined ? "Email is required" : "Please enter a valid email address") })
    .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`),
);

export const submissionSchema = z
  .object(
    {
      email: emailAddress,
      dating_app: z.preprocess(blankToUndefined, z.enum(DATING_APPS, "Please select a dating app").optional()),
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
      height: z.preprocess(
        blankToUndefined,
        z.enum(
          HEIGHT_OPTIONS.map((h) => h.value),
          "Please choose a height from the list",
        ).optional(),
      ),
      star_sign: z.preprocess(blankToUndefined, z.enum(STAR_SIGNS, "Please choose a star sign from the list").optional()),
      anthem: text("Anthem", L.anthem),
      spotify_artists: text("Spotify artists", L.spotify_artists),
      interests: text("Interests", L.interests, 5),
      school: text("School", L.school),
      industry: text("Industry", L.industry),
      looking_for: text("Looking for", L.looking_for, 5),
      vibes: text("Vibes", L.vibes, 5),
      // Spec: the browser always sends user_id 1. Customers are anonymous, so it is accepted and ignored.
      user_id: z.unknown().optional(),
      orderId: text("Order id", 64),
    },
    "The profile must be a JSON object",
  )
  .superRefine((s, ctx) => {
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
  })
  // Runs even when other fields failed, so a short bio is reported together with them.
  .superRefine(
    (s, ctx) => {
      const bio = typeof s.bio === "string" ? s.bio : undefined;
      const bumble = s.dating_app === "bumble";
      if ((bio !== undefined && bio.length < BIO_MIN) || (bumble && bio === undefined)) {
        ctx.addIssue({ code: "custom", path: ["bio"], message: bumble ? "Bio must be at least 10 characters for Bumble profile" : "Bio must be at least 10 characters" });
      }
    },
    { when: () => true },
  );

export type SubmissionInput = z.input<typeof submissionSchema>;
export type Submission = z.output<typeof submissionSchema>;
