/**
 * What the AI engine's tests share: a profile per app, a local result to fall back on, an engine pointed at the
 * OpenAI-compatible test server (src/testing/openai-server.ts), a clock that records waits instead of sleeping, a
 * model that answers well, and one that answers any JSON Schema minimally.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "../log.ts";
import { sampleResult } from "../testing/optimisation.ts";
import type { Behaviour, ChatRequestBody, FakeOpenAI } from "../testing/openai-server.ts";
import { plainJpeg } from "../testing/test-images.ts";
import { type AiOptimiserOptions, type Clock, createAiOptimiser } from "./ai.ts";
import type { OptimiserInput, ProfileText } from "./input.ts";
import type { Optimiser } from "./optimiser.ts";
import { type OptimisationResult, STARTERS_PER_PLAN } from "../shared/optimiser/result.ts";

export type Plan = OptimiserInput["plan"];
export type App = OptimiserInput["app"];

export const MODEL = "test-model-1";
export const PHOTO_IDS = ["PHOTOIDSECRETAAAA", "PHOTOIDSECRETBBBB", "PHOTOIDSECRETCCCC"];

export const BUMBLE_PROFILE: ProfileText = {
  bio: "I love to laugh and travel. Nurse, sourdough baker, Sunday hiker.",
  lookingFor: "Something long-term",
  interests: "baking, hiking, true crime podcasts",
  jobTitle: "Nurse",
  education: null,
  idealFirstDate: "A bakery crawl",
  height: null,
  starSign: "leo",
  anthem: null,
  spotifyArtists: null,
  school: null,
  industry: "Healthcare",
  vibes: null,
  prompts: [
    { prompt: "My happy place is", response: "The bakery at 6 am" },
    { prompt: "I'm known for", response: "Bringing bread to every party" },
  ],
};

/** The same person on each app, shaped as that app's form takes it (Hinge: no bio, three prompts; Tinder, The League: no prompts). */
export function profileFor(app: App): ProfileText {
  if (app === "hinge") {
    return {
      ...BUMBLE_PROFILE,
      bio: null,
      prompts: [...BUMBLE_PROFILE.prompts, { prompt: "My simple pleasures", response: "Warm bread, cold mornings" }],
    };
  }
  if (app === "bumble") return BUMBLE_PROFILE;
  return { ...BUMBLE_PROFILE, prompts: [] };
}

export async function photoFolder(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "ai-photos-"));
  // Larger than the vision edge, so the downscale shows.
  for (const id of PHOTO_IDS) writeFileSync(join(dir, `${id}.jpg`), await plainJpeg(1600, 1200));
  return dir;
}

export function makeInput(photoDir: string, overrides: Partial<OptimiserInput> = {}): OptimiserInput {
  const app = overrides.app ?? "bumble";
  return {
    profileId: "PROFILEIDSECRET",
    app,
    plan: "premium",
    reason: "initial",
    revisionNotes: null,
    profile: profileFor(app),
    photos: PHOTO_IDS.map((id, order) => ({ id, path: join(photoDir, `${id}.jpg`), order })),
    ...overrides,
  };
}

/** What a local analyser would make of the input: plausible, and valid against the one schema. */
export const localResult = (input: OptimiserInput): OptimisationResult =>
  sampleResult(input, { conversationStarters: sampleResult(input).conversationStarters.map((s) => `Local ${s.toLowerCase()}`) });

export function fakeLocal(): Optimiser {
  return { description: "local", optimise: async (input) => localResult(input) };
}

/** Waits are recorded and pass at once; `now` moves on by each wait, as if it had been slept. */
export function recordingClock(): Clock & { waits: number[] } {
  let slept = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => performance.now() + slept,
    async sleep(ms) {
      waits.push(ms);
      slept += ms;
    },
  };
}

export function engine(server: FakeOpenAI, log: Logger, overrides: Partial<AiOptimiserOptions> = {}): Optimiser {
  return createAiOptimiser({ apiKey: "sk-test", baseUrl: server.baseUrl, model: MODEL, vision: false, local: fakeLocal(), log, clock: recordingClock(), ...overrides });
}

type DataBlock = { profile: Omit<ProfileText, "prompts"> & { prompts: Record<string, { prompt: string; answer: string }> } } & Record<string, unknown>;

/** The customer's data block of a request: the JSON between the markers, and the boundary they carry. */
export function dataOf(body: ChatRequestBody): { boundary: string; data: DataBlock } {
  const user = body.messages.find((m) => m.role === "user")!;
  const text = typeof user.content === "string" ? user.content : user.content!.find((p) => p.type === "text")!.text;
  const match = /^BEGIN PROFILE DATA (\S+)\n([\s\S]*)\nEND PROFILE DATA \1$/.exec(text);
  if (!match) throw new Error("no data block in the user message");
  return { boundary: match[1]!, data: JSON.parse(match[2]!) };
}

export function systemOf(body: ChatRequestBody): string {
  return body.messages[0]!.content as string;
}

/** A model that does its job: one rewritten answer per prompt of the data, and starters and a guide when the plan has them. */
export function goodAnswer(body: ChatRequestBody, plan: Plan = "premium") {
  const prompts = dataOf(body).data.profile.prompts;
  return {
    analysis: {
      summary: "Your job and your baking are the most interesting things here; lead with them.",
      strengths: [{ title: "Specific hobbies", reason: "Sourdough and hiking are easy to ask about.", phrase: "sourdough baker", field: "bio" }],
      problems: [{ title: "Cliché opener", reason: "Loving to laugh is true of everyone.", phrase: "I love to laugh", field: "bio" }],
    },
    bio: { optimised: "Night-shift nurse who bakes sourdough at dawn and hikes it off on Sundays.", notes: ["Led with the job and the baking."] },
    prompts: Object.fromEntries(
      Object.entries(prompts).map(([key, p]) => [key, { optimised: `${p.answer}, flour on my sleeves`, rewritten: true, notes: ["Added a picture to see."] }]),
    ),
    conversationStarters: ["What would you bake first?", "Best hike near here?", "Which podcast case gets you?", "Sweet or savory?", "Sunrise or sunset?"].slice(
      0,
      STARTERS_PER_PLAN[plan],
    ),
    strategyGuide: { title: "Your Bumble plan", sections: [{ heading: "Lead with bread", points: ["Put the baking photo first."] }] },
    ...eliteParts(body),
  };
}

/** Elite's parts where the request asks for them: a bio per tone, and the first prompt the schema offers. */
function eliteParts(body: ChatRequestBody) {
  const asked = requestedSchema(body).properties as Record<string, { properties: Record<string, { items: { properties: { prompt: { enum: string[] } } } }> }>;
  return {
    ...(asked.bioVersions && {
      bioVersions: {
        warm: { text: "Night-shift nurse who bakes sourdough at dawn. Tell me about your favorite bakery.", why: "Warm and inviting." },
        playful: { text: "I bake sourdough at 6 am and hike it off on Sundays. Bring snacks.", why: "Light and teasing." },
        direct: { text: "Nurse, baker, hiker. Looking for something long-term.", why: "Short and plain." },
      },
    }),
    ...(asked.promptSuggestions && {
      promptSuggestions: {
        suggestions: [{ prompt: asked.promptSuggestions.properties.suggestions!.items.properties.prompt.enum[0]!, reason: "You mention baking: this prompt lets you show it." }],
        note: null,
      },
    }),
  };
}

export type GoodAnswer = ReturnType<typeof goodAnswer>;

export const good = (plan: Plan = "premium", change: (answer: GoodAnswer) => unknown = (a) => a): Behaviour => ({
  kind: "json",
  answer: (body) => change(goodAnswer(body, plan)),
  usage: { prompt_tokens: 1200, completion_tokens: 300 },
});

const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa"];

/**
 * The least answer a JSON Schema allows: every property, the fewest array items, null where null is allowed, the
 * first enum value, false for a free boolean. Strings differ from each other and mention the customer's baking, each in
 * two sentences of its own, so elite's versions differ in their opening and in one more sentence, as the checks ask.
 */
export function minimalAnswer(schema: Record<string, unknown>): unknown {
  let n = 0;
  const visit = (node: Record<string, unknown>): unknown => {
    if (Array.isArray(node.enum)) return node.enum[0];
    if (Array.isArray(node.anyOf)) {
      const branches = node.anyOf as Record<string, unknown>[];
      return visit(branches.find((b) => b.type === "null") ?? branches[0]!);
    }
    switch (node.type) {
      case "object":
        return Object.fromEntries(Object.entries(node.properties as Record<string, Record<string, unknown>>).map(([k, v]) => [k, visit(v)]));
      case "array":
        return Array.from({ length: (node.minItems as number | undefined) ?? 0 }, () => visit(node.items as Record<string, unknown>));
      case "string": {
        const word = `${WORDS[n % WORDS.length]}${n >= WORDS.length ? `-${WORDS[Math.floor(n / WORDS.length) % WORDS.length]}` : ""}`;
        n++;
        return `Sourdough baking, ${word}. Then ${word} again.`;
      }
      case "boolean":
        return false;
      case "null":
        return null;
      default:
        throw new Error(`minimalAnswer: no rule for ${JSON.stringify(node)}`);
    }
  };
  return visit(schema);
}

/** The schema a request asks for: response_format's, or (json_object) the one printed at the end of the system message. */
export function requestedSchema(body: ChatRequestBody): Record<string, unknown> {
  if (body.response_format?.type === "json_schema") return body.response_format.json_schema!.schema;
  return JSON.parse(systemOf(body).split("\n").at(-1)!);
}
