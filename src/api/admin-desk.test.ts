/**
 * The writer's desk (issue 28, items 1-3) against the real app, a SQLite file on disk, the job loop and the local
 * analyser: a premium or elite result the analyser drafted cannot be sent until each part it sells written is written
 * or kept with a reason; every new input refuses what is wrong; the brief beside each part; old results still load.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminAudit, profiles, resultVersions } from "../db/schema.ts";
import { findOutboxMail, searchableText } from "../privacy/outbox.ts";
import type { AdminListAnswer, AdminProfileDetail, UnwrittenAnswer } from "../shared/api/admin-profiles.ts";
import type { ResultsAnswer } from "../shared/api/results.ts";
import { TONE_WHY } from "../shared/optimiser/parts.ts";
import type { BioTone } from "../shared/optimiser/result.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import type { DatingApp } from "../shared/profiles/options.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { completedProfile as completedProfileIn, runDueJobs } from "../testing/completed-profile.ts";
import { readFileSync } from "node:fs";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
let cookie: string;
const ORIGIN = "http://localhost:3000";

beforeAll(() => {
  ctx = testContext();
  app = testApp(ctx);
  cookie = adminCookie(ctx.store.db);
});
afterAll(() => ctx.cleanup());

const runJobs = () => runDueJobs(ctx);

const BIO = "I love to laugh and travel. I teach chemistry at a high school and bake sourdough on Sundays. Looking for someone kind who likes long walks.";
const ANSWER = "Coffee on the balcony before anyone else is up, and a long walk with no plan.";
const WEAK = "Ask me.";

/** A paid profile, optimised by the local analyser: `completed`, not released. */
async function completedProfile(plan: PlanId, app: DatingApp = "bumble") {
  const { profileId } = await completedProfileIn(ctx, plan, {
    datingApp: app,
    bio: app === "hinge" ? null : BIO,
    jobTitle: "Chemistry teacher",
    lookingFor: "Something long-term",
    prompt1: "My simple pleasures",
    response1: ANSWER,
    prompt2: "Two truths and a lie",
    response2: WEAK,
  });
  return profileId;
}

const headers = { Cookie: "", Origin: ORIGIN, "Content-Type": "application/json" };
function call(method: "POST" | "PUT", path: string, body?: unknown) {
  return app.request(`/api/admin/profiles/${path}`, { method, headers: { ...headers, Cookie: cookie }, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
}
async function detail(id: string): Promise<AdminProfileDetail> {
  const res = await app.request(`/api/admin/profiles/${id}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as AdminProfileDetail;
}
const send = (id: string) => call("POST", `${id}/send-email`);
const keep = async (id: string, part: string, reason = "Already strong: specific and in their voice.") => call("POST", `${id}/stands`, { version: (await detail(id)).version, part, reason });
const put = async (id: string, parts: unknown) => call("PUT", `${id}/parts`, { version: (await detail(id)).version, parts });
const auditOf = (id: string) => ctx.store.db.select().from(adminAudit).where(eq(adminAudit.profileId, id)).all();

async function refusedSend(id: string): Promise<UnwrittenAnswer> {
  const res = await send(id);
  expect(res.status).toBe(409);
  return (await res.json()) as UnwrittenAnswer;
}

async function listRow(id: string) {
  const res = await app.request(`/api/admin/profiles?q=${id}`, { headers: { Cookie: cookie } });
  return ((await res.json()) as AdminListAnswer).profiles[0]!;
}

describe("Send waits until every part the plan sells is written", () => {
  test("premium: refused naming the bio and the weak answer; written part by part, kept with a reason, then sent", async () => {
    const id = await completedProfile("premium");
    const before = await detail(id);
    const waiting = before.desk!.toWrite.map((p) => p.part);
    expect(waiting).toContain("bio");
    expect(before.state).toBe("needs_attention");
    const refused = await refusedSend(id);
    expect(refused.parts).toEqual(waiting);
    expect(refused.message).toStartWith("Still to write: the bio");
    expect(refused.message).toEndWith("Write each part, or record why it stands.");
    expect(refused.to_write.map((p) => p.label)).toEqual(before.desk!.toWrite.map((p) => p.label));
    expect(auditOf(id).map((a) => a.action)).not.toContain("send-email");
    // The list names the same parts.
    const row = await listRow(id);
    expect([row.state, row.to_write]).toEqual(["needs_attention", before.desk!.toWrite.map((p) => p.label)]);

    // The bio written: it clears, the rest stays.
    expect((await put(id, { bio: { text: "Chemistry teacher by day, sourdough baker on Sundays. Tell me your best walk." } })).status).toBe(200);
    const afterBio = await detail(id);
    expect(afterBio.desk!.toWrite.map((p) => p.part)).toEqual(waiting.filter((p) => p !== "bio"));
    for (const part of afterBio.desk!.toWrite.map((p) => p.part)) expect((await keep(id, part)).status).toBe(200);
    const settled = await detail(id);
    expect(settled.desk!.toWrite).toEqual([]);
    expect(settled.state).toBe("awaiting_review");
    expect(settled.desk!.stands.map((s) => [s.part, s.by, s.reason])).toEqual(waiting.filter((p) => p !== "bio").map((p) => [p, "admin", "Already strong: specific and in their voice."]));
    expect((await listRow(id)).to_write).toEqual([]);

    expect((await send(id)).status).toBe(200);
    const trail = auditOf(id);
    expect(trail.filter((a) => a.action === "stand").every((a) => a.admin === "admin" && a.detail!.includes("Already strong"))).toBe(true);
    expect(trail.at(-1)!.action).toBe("send-email");
  });

  test("elite: every part it sells is named; each written (the three versions, prompts to answer, photo plan) reaches the customer", async () => {
    const id = await completedProfile("elite");
    const d = await detail(id);
    expect(d.desk!.toWrite.map((p) => p.part)).toEqual(["bio", "prompt1", "prompt2", "versionWarm", "versionPlayful", "versionDirect", "promptsToAnswer", "photoPlan"]);
    expect(d.parts!.versions!.map((v) => v.tone)).toEqual(["warm", "playful", "direct"]);
    const refused = await refusedSend(id);
    expect(refused.message).toContain("the warm version, the playful version, the direct version, prompts to answer, the photo plan");

    const written = {
      bio: { text: "Chemistry teacher, Sunday sourdough baker. Tell me your best walk." },
      prompts: [
        { key: "prompt1", text: "Coffee on the balcony at dawn, then a walk with no plan." },
        { key: "prompt2", text: "I teach chemistry; I bake sourdough; I have climbed Everest." },
      ],
      versions: [
        { tone: "warm", text: "Kind-hearted chemistry teacher who bakes bread for friends on Sundays." },
        { tone: "playful", text: "I make things rise: students' grades and Sunday sourdough." },
        { tone: "direct", text: "Chemistry teacher. Sourdough on Sundays. Looking for something long-term." },
      ],
      promptsToAnswer: "My most irrational fear — Your chemistry gives you a funny one.\nI geek out on — Sourdough starters.",
      photoPlan: "Add one shot that shows you baking.\n\nBaking at home — Your sourdough is your best story.",
    };
    const res = await put(id, written);
    expect(res.status).toBe(200);
    const after = (await res.json()) as AdminProfileDetail;
    expect(after.desk!.toWrite).toEqual([]);
    expect(after.optimization!.bioVersions).toEqual({
      versions: written.versions.map((v) => ({ ...v, tone: v.tone as BioTone, why: TONE_WHY[v.tone as BioTone] })),
      note: null,
    });
    expect(after.parts!.promptsToAnswer).toBe("My most irrational fear — Your chemistry gives you a funny one.\nI geek out on — Sourdough starters.");
    expect(after.history[0]!.changed).toEqual(["bio", "prompt1", "prompt2", "versionWarm", "versionPlayful", "versionDirect", "promptsToAnswer", "photoPlan"]);

    expect((await send(id)).status).toBe(200);
    await runJobs();
    const page = (await (await app.request(`/api/profiles/${id}/results`)).json()) as ResultsAnswer;
    const html = JSON.stringify(page.profile.optimized_profile) + page.profile.recommendations;
    for (const text of ["I make things rise", "Chemistry teacher. Sourdough on Sundays.", "My most irrational fear", "Baking at home", TONE_WHY.playful]) expect(html).toContain(text);
    const mail = findOutboxMail(ctx.config.outboxDir, [id])
      .map((p) => searchableText(readFileSync(p, "latin1")))
      .find((m) => m.includes("your optimized bumble profile is ready"))!;
    expect(mail).toBeDefined();
    for (const text of ["i make things rise", "my most irrational fear", "baking at home"]) expect(mail).toContain(text);
    for (const said of [html.toLowerCase(), mail]) {
      expect(said).not.toContain("will add the rest");
      expect(said).not.toContain("rework");
      expect(said).not.toContain("a writer will");
    }
  });

  test("basic is sent as before, the analyser's draft and all", async () => {
    const id = await completedProfile("basic");
    expect((await detail(id)).desk!.toWrite).toEqual([]);
    expect((await send(id)).status).toBe(200);
  });

  test("basic in another language waits for a writer who knows it: flagged in the list, refused, then kept with a reason and sent (decision 151)", async () => {
    const bio = "Camarera en Cádiz y surfista cuando hay levante. Si mides menos de 1,80 o no sabes bailar, mejor no escribas. Busco a alguien con quien ver atardeceres.";
    const { profileId: id } = await completedProfileIn(ctx, "basic", { datingApp: "tinder", bio, jobTitle: "Camarera" });
    const row = await listRow(id);
    expect(row.state).toBe("needs_attention");
    expect(row.to_write).toEqual(["the bio"]);
    const d = await detail(id);
    expect(d.desk!.toWrite[0]!.why).toContain("Written in Spanish");
    expect(d.desk!.brief.bio!.voice).toStartWith("Written in Spanish:");
    expect((await refusedSend(id)).message).toBe("Still to write: the bio. Write each part, or record why it stands.");
    expect((await keep(id, "bio", "Read by a Spanish speaker: the height line stays at the customer's wish.")).status).toBe(200);
    expect((await listRow(id)).state).toBe("awaiting_review");
    expect((await send(id)).status).toBe(200);
  });

  test("Hinge elite: no bio, so its three tones are of the answer set; they wait with its answers, prompts to answer and photo plan", async () => {
    const id = await completedProfile("elite", "hinge");
    const d = await detail(id);
    expect(d.parts!.versions!.map((v) => v.tone)).toEqual(["warm", "playful", "direct"]);
    expect(d.desk!.toWrite.map((p) => p.part)).toEqual(["prompt1", "prompt2", "versionWarm", "versionPlayful", "versionDirect", "promptsToAnswer", "photoPlan"]);
    // The brief says what the versions are on an app without a bio (issue 30, item 4).
    expect(d.desk!.toWrite.find((p) => p.part === "versionDirect")!.why).toContain("on an app without one the answer set in three tones");
  });
});

describe("POST …/stands refuses what is wrong, and writes nothing", () => {
  test("bad bodies are a 400 naming the field; a part not waiting, one the result has not, a stale version or basic a 409", async () => {
    const id = await completedProfile("premium");
    const basic = await completedProfile("basic");
    const { version } = await detail(id);
    const versionsBefore = ctx.store.db.select().from(resultVersions).where(eq(resultVersions.profileId, id)).all().length;
    const cases: [unknown, number, RegExp][] = [
      [{ version, part: "bio" }, 400, /reason is required/],
      [{ version, part: "bio", reason: "ok" }, 400, /at least 3 characters/],
      [{ version, part: "bio", reason: "   ok   " }, 400, /at least 3 characters/],
      [{ version, part: "bio", reason: "x".repeat(301) }, 400, /at most 300 characters/],
      [{ version, part: "bio", reason: "Fine\u0000 as is" }, 400, /The reason contains/],
      [{ version, part: "bio", reason: 42 }, 400, /reason/],
      [{ version, part: "nose", reason: "Already strong." }, 400, /part must be one of/],
      [{ part: "bio", reason: "Already strong." }, 400, /version is required/],
      ["not json", 400, /./],
      [{ version: "1", part: "bio", reason: "Already strong." }, 409, /changed since you opened it/],
      [{ version, part: "starters", reason: "Already strong." }, 409, /Nothing to keep: the conversation starters is not waiting for a writer/],
      [{ version, part: "photoPlan", reason: "Already strong." }, 409, /This result has no photo plan/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call("POST", `${id}/stands`, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const basicVersion = (await detail(basic)).version;
    const onBasic = await call("POST", `${basic}/stands`, { version: basicVersion, part: "bio", reason: "Already strong." });
    expect(onBasic.status).toBe(409);
    expect(ctx.store.db.select().from(resultVersions).where(eq(resultVersions.profileId, id)).all().length).toBe(versionsBefore);
    expect(auditOf(id).map((a) => a.action)).not.toContain("stand");
  });

  test("a later edit of a kept part replaces its reason", async () => {
    const id = await completedProfile("premium");
    expect((await keep(id, "bio")).status).toBe(200);
    expect((await detail(id)).desk!.stands.map((s) => s.part)).toEqual(["bio"]);
    expect((await put(id, { bio: { text: "Chemistry teacher who bakes on Sundays." } })).status).toBe(200);
    const d = await detail(id);
    expect(d.desk!.stands).toEqual([]);
    expect(d.optimization!.editorial!.edited).toContain("bio");
    expect(d.history[0]).toMatchObject({ kind: "edit", changed: ["bio"] });
    expect(d.history[1]).toMatchObject({ kind: "stand", changed: [] });
  });
});

describe("PUT …/parts: elite's parts refuse bad input", () => {
  test("wrong types, too long, control characters (400); parts on a plan that has none (409); nothing written", async () => {
    const elite = await completedProfile("elite");
    const premium = await completedProfile("premium");
    const stored = (id: string) => JSON.stringify(ctx.store.db.select().from(resultVersions).where(eq(resultVersions.profileId, id)).all());
    const [eliteBefore, premiumBefore] = [stored(elite), stored(premium)];
    const cases: [string, unknown, number, RegExp][] = [
      [elite, { versions: "warm" }, 400, /versions must be a list/],
      [elite, { versions: [{ tone: "grumpy", text: "x" }] }, 400, /tone must be one of warm, playful, direct/],
      [elite, { versions: [{ tone: "warm", text: 3 }] }, 400, /A bio version must be text/],
      [elite, { versions: [{ tone: "warm", text: "x".repeat(2001) }] }, 400, /too long/],
      [elite, { versions: [{ tone: "warm", text: "Too long for the app. ".repeat(20) }] }, 400, /the app allows 300 for a bio/],
      [elite, { versions: [{ tone: "warm", text: "a\u0007b" }] }, 400, /A bio version contains/],
      [elite, { versions: [{ tone: "warm", text: "One." }, { tone: "warm", text: "Two." }] }, 400, /Each bio version can be sent once/],
      [elite, { promptsToAnswer: ["a"] }, 400, /The prompts to answer must be text/],
      [elite, { promptsToAnswer: "No reason given" }, 400, /Line 1 of the prompts to answer needs the prompt/],
      [elite, { promptsToAnswer: "x".repeat(3001) }, 400, /too long/],
      [elite, { photoPlan: "Summary.\n\nShot without a reason" }, 400, /Shot 1 of the photo plan needs the shot/],
      [elite, { photoPlan: "Fine\u001b[31m" }, 400, /The photo plan contains/],
      [premium, { versions: [{ tone: "warm", text: "Warm." }] }, 409, /Bio versions belong to elite/],
      [premium, { promptsToAnswer: "A prompt — a reason" }, 409, /Prompts to answer belong to elite/],
      [premium, { photoPlan: "A plan." }, 409, /The photo plan belongs to elite/],
    ];
    for (const [id, parts, status, message] of cases) {
      const res = await put(id, parts);
      expect([JSON.stringify(parts), res.status]).toEqual([JSON.stringify(parts), status]);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect([stored(elite), stored(premium)]).toEqual([eliteBefore, premiumBefore]);
    // A version once written cannot be emptied (a blank one the machine never made is no change).
    // (The machine makes no direct version of this bio: its lines cannot open a third version of their own.)
    expect((await put(elite, { versions: [{ tone: "direct", text: "   " }] })).status).toBe(200);
    expect(stored(elite)).toBe(eliteBefore);
    expect((await put(elite, { versions: [{ tone: "direct", text: "Direct." }] })).status).toBe(200);
    const emptied = await put(elite, { versions: [{ tone: "direct", text: "   " }] });
    expect([emptied.status, ((await emptied.json()) as { message: string }).message]).toEqual([400, "The direct version cannot be empty."]);
  });

  test("two writers on two versions: each saved; the same version: a conflict naming the other", async () => {
    const id = await completedProfile("elite");
    const { version } = await detail(id);
    const mine = await call("PUT", `${id}/parts`, { version, parts: { versions: [{ tone: "warm", text: "Warm, written by one." }] } });
    expect(mine.status).toBe(200);
    const theirs = await call("PUT", `${id}/parts`, { version, parts: { versions: [{ tone: "direct", text: "Direct, by the other." }] } });
    expect(theirs.status).toBe(200);
    const clash = await call("PUT", `${id}/parts`, { version, parts: { versions: [{ tone: "warm", text: "Warm, by the other." }] } });
    expect(clash.status).toBe(409);
    const answer = (await clash.json()) as { conflicts: { part: string }[]; message: string };
    expect(answer.conflicts.map((c) => c.part)).toEqual(["versionWarm"]);
    expect(answer.message).toContain("warm version");
    const d = await detail(id);
    expect(d.parts!.versions!.map((v) => v.text)).toEqual(["Warm, written by one.", expect.any(String), "Direct, by the other."]);
    // Restoring the machine's version brings its text back, and its parts wait again.
    const machine = d.history.at(-1)!.id;
    expect((await call("POST", `${id}/versions/${machine}/restore`, { version: d.version })).status).toBe(200);
    expect((await detail(id)).desk!.toWrite.map((p) => p.part)).toContain("versionWarm");
  });
});

describe("the brief beside each part", () => {
  test("facts, problems with reasons, the voice, the limit, the promise, the draft and the original; a revision's note first", async () => {
    const id = await completedProfile("elite");
    const d = await detail(id);
    const bio = d.desk!.brief.bio!;
    expect(bio.revisionNote).toBeNull();
    expect(bio.facts).toContain("Job: Chemistry teacher");
    expect(bio.facts).toContain("Looking for: Something long-term");
    expect(bio.facts.some((f) => f.startsWith("In their bio: “I teach chemistry"))).toBe(true);
    expect(bio.problems.length).toBeGreaterThan(0);
    expect(bio.problems.every((p) => p.title && p.reason)).toBe(true);
    expect(bio.voice).toMatch(/^\d+ words in \d+ sentences; .*; no emoji\.$/);
    expect(bio.limit).toBe(d.parts!.bio!.limit);
    expect(bio.promise).toBe("Elite: “Complete Bio Rewrite”.");
    expect(bio.original).toBe(BIO);
    expect(bio.draft).toBe(d.parts!.bio!.text);
    expect(d.desk!.brief.versionWarm!.promise).toBe("Elite: “3 Bio Versions in Different Tones”.");
    expect(d.desk!.brief.prompt2!.original).toBe(WEAK);
    expect(d.desk!.brief.photoPlan!.original).toBeNull();
    expect(d.desk!.brief.photoPlan!.draft).toBe(d.parts!.photoPlan);
    expect(Object.keys(d.desk!.brief).sort()).toEqual(["bio", "guide", "photoPlan", "prompt1", "prompt2", "promptsToAnswer", "recommendations", "starters", "versionDirect", "versionPlayful", "versionWarm"].sort());

    // After an edit, the draft is still the machine's.
    expect((await put(id, { bio: { text: "Written by a person." } })).status).toBe(200);
    expect((await detail(id)).desk!.brief.bio!.draft).toBe(d.parts!.bio!.text);

    // A revision: the customer's note leads every brief.
    for (const { part } of (await detail(id)).desk!.toWrite) expect((await keep(id, part)).status).toBe(200);
    expect((await send(id)).status).toBe(200);
    await runJobs();
    const asked = await app.request(`/api/profiles/${id}/revision-request`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ notes: "Please mention my cat Biscuit." }),
    });
    expect(asked.status).toBe(200);
    expect((await call("POST", `${id}/process-revision`)).status).toBe(200);
    await runJobs();
    const revised = await detail(id);
    expect(revised.desk!.brief.bio!.revisionNote).toBe("Please mention my cat Biscuit.");
    expect(revised.desk!.brief.photoPlan!.revisionNote).toBe("Please mention my cat Biscuit.");
  });
});

describe("results stored before the desk", () => {
  test("an elite result without versions, prompts to answer or a photo plan loads; its parts are there to write", async () => {
    const id = await completedProfile("elite");
    const row = ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;
    const version = ctx.store.db.select().from(resultVersions).where(eq(resultVersions.id, row.workingVersionId!)).get()!;
    const { bioVersions: _, promptSuggestions: __, photoPlan: ___, ...old } = version.result as Record<string, unknown>;
    ctx.store.db.update(resultVersions).set({ result: old }).where(eq(resultVersions.id, version.id)).run();
    const d = await detail(id);
    expect(d.parts!.versions!.map((v) => v.text)).toEqual(["", "", ""]);
    expect(d.parts!.photoPlan).toBe("");
    expect(d.desk!.toWrite.map((p) => p.part)).toEqual(["bio", "prompt1", "prompt2", "versionWarm", "versionPlayful", "versionDirect", "promptsToAnswer", "photoPlan"]);
    const res = await put(id, { versions: [{ tone: "warm", text: "Warm, written now." }], photoPlan: "Add a baking shot." });
    expect(res.status).toBe(200);
    const after = (await res.json()) as AdminProfileDetail;
    expect(after.optimization!.bioVersions).toEqual({ versions: [{ tone: "warm", text: "Warm, written now.", why: TONE_WHY.warm }], note: null });
    expect(after.optimization!.photoPlan).toEqual({ summary: "Add a baking shot.", missing: [] });
  });
});
