import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { memoryLogger } from "../log.ts";
import { DATING_APPS } from "../shared/profiles/options.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../testing/openai-server.ts";
import { answerSpec, RESULT_PARTS } from "./ai-answer.ts";
import { engine, localResult, makeInput, minimalAnswer, MODEL, photoFolder, type Plan, requestedSchema, systemOf } from "./ai-test-helpers.ts";
import { appRules } from "../shared/optimiser/apps.ts";
import { answerSetOf, optimisationResultSchema, STARTERS_PER_PLAN } from "../shared/optimiser/result.ts";

const PLANS: Plan[] = ["basic", "premium", "elite"];

let photoDir: string;
let server: FakeOpenAI;
let log: ReturnType<typeof memoryLogger>;

beforeAll(async () => {
  photoDir = await photoFolder();
});
afterAll(() => rmSync(photoDir, { recursive: true, force: true }));
beforeEach(() => {
  server = startFakeOpenAI();
  log = memoryLogger();
});
afterEach(async () => {
  await server.stop();
});

/** Every object in a JSON Schema, with its path. */
function objectsOf(node: unknown, path = "$"): [string, Record<string, unknown>][] {
  if (node === null || typeof node !== "object") return [];
  const record = node as Record<string, unknown>;
  const own: [string, Record<string, unknown>][] = record.type === "object" ? [[path, record]] : [];
  return [...own, ...Object.entries(record).flatMap(([k, v]) => objectsOf(v, `${path}.${k}`))];
}

describe("a model answering the requested schema minimally is used on the first request", () => {
  for (const app of DATING_APPS) {
    for (const plan of PLANS) {
      test(`${app} ${plan}`, async () => {
        server.enqueue({ kind: "json", answer: (body) => minimalAnswer(requestedSchema(body)) });
        const input = makeInput(photoDir, { app, plan });
        const result = await engine(server, log).optimise(input);

        expect(server.requests).toHaveLength(1);
        expect(result.fallback).toBeNull();
        expect(result.checks).toEqual({ flagged: false, problems: [] });
        expect(optimisationResultSchema.parse(result)).toEqual(result);
        expect(result.engines.analysis).toEqual({ kind: "ai", model: MODEL });

        const rules = appRules(app);
        expect(result.bio === null).toBe(rules.bioLimit === null);
        expect(result.prompts).toHaveLength(input.profile.prompts.length);
        expect(result.conversationStarters).toHaveLength(STARTERS_PER_PLAN[plan]);
        expect(result.strategyGuide === null).toBe(plan === "basic");
        // A minimal answer keeps answers where it may ("rewritten": false); elite must rewrite every one.
        for (const [i, p] of result.prompts.entries()) {
          expect(p.rewritten).toBe(plan === "elite");
          expect(p.optimised).toEqual(plan === "elite" ? expect.stringContaining("Sourdough baking") : input.profile.prompts[i]!.response);
        }

        const format = server.requests[0]!.body.response_format!;
        expect(format.type).toBe("json_schema");
        expect(format.json_schema).toMatchObject({ name: `profile_${app}_${plan}`, strict: true });
        const schema = format.json_schema!.schema;
        const parts = Object.keys(schema.properties as object);
        expect(parts.includes("bio")).toBe(rules.bioLimit !== null);
        expect(parts.includes("prompts")).toBe(input.profile.prompts.length > 0);
        expect(parts.includes("conversationStarters")).toBe(plan !== "basic");
        expect(parts.includes("strategyGuide")).toBe(plan !== "basic");
        // Elite's own parts: a version per tone where the app has a bio, prompts to answer where its form has prompts.
        expect(parts.includes("bioVersions")).toBe(plan === "elite" && rules.bioLimit !== null);
        // An app without a bio: the three tones are of the answer set (issue 30, item 4).
        const answerTones = plan === "elite" && rules.bioLimit === null && input.profile.prompts.length > 0;
        expect(parts.includes("answerTones")).toBe(answerTones);
        expect(parts.includes("promptSuggestions")).toBe(plan === "elite" && (app === "hinge" || app === "bumble"));
        expect(parts.includes("photoPlan")).toBe(false);
        if (plan === "elite" && rules.bioLimit !== null) {
          expect(result.bioVersions!.versions.map((v) => v.tone)).toEqual(["warm", "playful", "direct"]);
          expect(new Set(result.bioVersions!.versions.map((v) => v.text)).size).toBe(3);
        } else if (answerTones) {
          expect(result.bioVersions).toMatchObject({ of: "answers", note: null });
          expect(result.bioVersions!.versions.map((v) => v.tone)).toEqual(["warm", "playful", "direct"]);
          for (const v of result.bioVersions!.versions) expect(answerSetOf(v.text).map((a) => a.prompt)).toEqual(input.profile.prompts.map((p) => p.prompt));
          expect(systemOf(server.requests[0]!.body)).toContain("Answer tones: Hinge has no bio");
          expect(systemOf(server.requests[0]!.body)).toContain("when to use which tone of the answer set");
        } else expect(result.bioVersions).toBeNull();
        if (plan === "elite" && parts.includes("promptSuggestions")) {
          const allowed = (schema.properties as { promptSuggestions: { properties: { suggestions: { items: { properties: { prompt: { enum: string[] } } } } } } })
            .promptSuggestions.properties.suggestions.items.properties.prompt.enum;
          expect(allowed.length).toBeGreaterThan(0);
          for (const answered of input.profile.prompts) expect(allowed).not.toContain(answered.prompt);
        }
        // OpenAI's strict mode: every object closed and every property required; no string length keywords.
        for (const [path, object] of objectsOf(schema)) {
          expect({ path, additionalProperties: object.additionalProperties }).toEqual({ path, additionalProperties: false });
          expect({ path, required: [...(object.required as string[])].sort() }).toEqual({ path, required: Object.keys(object.properties as object).sort() });
        }
        const text = JSON.stringify(schema);
        expect(text).not.toContain("maxLength");
        expect(text).not.toContain("minLength");
        expect(text).not.toContain('"const"');
        if (rules.bioLimit !== null) expect((schema.properties as { bio: { properties: { optimised: { description: string } } } }).bio.properties.optimised.description).toContain(`at most ${rules.bioLimit} characters`);
      });
    }
  }

  test("with OPENAI_RESPONSE_FORMAT=json_object the same schema travels in the system message, and its minimal answer is used too", async () => {
    for (const plan of PLANS) {
      server.enqueue({ kind: "json", answer: (body) => minimalAnswer(requestedSchema(body)) });
      const result = await engine(server, log, { responseFormat: "json_object" }).optimise(makeInput(photoDir, { app: "hinge", plan }));
      expect(result.fallback).toBeNull();
      expect(result.checks!.flagged).toBe(false);
    }
    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) {
      expect(request.body.response_format).toEqual({ type: "json_object" });
      expect(systemOf(request.body)).toContain("following this JSON Schema");
    }
    expect(Object.keys(requestedSchema(server.requests[0]!.body).properties as object)).toEqual(["analysis", "prompts"]);
  });

  test("a minimal answer to another plan's schema is refused: the schema is this job's (elite needs five starters, every answer rewritten)", async () => {
    const premiumInput = makeInput(photoDir, { plan: "premium" });
    const premium = answerSpec(premiumInput, localResult(premiumInput)).jsonSchema;
    server.enqueue({ kind: "json", answer: () => minimalAnswer(premium) }, { kind: "json", answer: () => minimalAnswer(premium) });
    const result = await engine(server, log).optimise(makeInput(photoDir, { plan: "elite" }));
    expect(server.requests).toHaveLength(2);
    expect(result.fallback!.reason).toContain("exactly 5 conversation starters are needed");
    expect(result.fallback!.reason).toContain("prompts.prompt1.rewritten: this answer must be rewritten");
    expect(result.engines.analysis).toEqual({ kind: "local" });
  });
});

test("every part of a result is placed: written by the model, kept from the local result, or set by the engine", () => {
  const placed = new Set<string>(Object.values(RESULT_PARTS).flat());
  const unplaced = Object.keys(optimisationResultSchema.shape).filter((key) => !placed.has(key));
  expect(unplaced).toEqual([]);
});

test("the local result's parts that the model does not write are carried over unchanged", async () => {
  server.enqueue({ kind: "json", answer: (body) => minimalAnswer(requestedSchema(body)) });
  const input = makeInput(photoDir, { plan: "elite", reason: "revision", revisionNotes: "More about bread" });
  const result = await engine(server, log).optimise(input);
  const local = localResult(input);
  for (const part of RESULT_PARTS.local) expect({ part, value: result[part] }).toEqual({ part, value: local[part] });
});
