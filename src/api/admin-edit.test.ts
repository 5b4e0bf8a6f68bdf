/**
 * The review gate's API (review gate contract; issue 20 items 1-3, issue 19 item 6's last bullet) against the real
 * app, a SQLite file on disk, the job loop and the local analyser: an administrator's edit, part by part, reaches
 * everything the customer receives (results page with Before and After, e-mail, export); reruns never discard it;
 * every route refuses bad input with nothing half-written.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { readFileSync } from "node:fs";
import type { EditState } from "../shared/api/admin-profiles.ts";
import { STALE_MESSAGE } from "../admin/edit.ts";
import { newId } from "../db/ids.ts";
import { adminAudit, orders, profiles } from "../db/schema.ts";
import { jobHandlers } from "../background.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import type { PartsEdit } from "../shared/optimiser/parts.ts";
import { optimisationResultSchema, type OptimisationResult } from "../shared/optimiser/result.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { REFUNDED } from "../orders/refunded.ts";
import { AN_ADMINISTRATOR, EXPORT_JSON, type ExportDocument } from "../privacy/export.ts";
import { findOutboxMail, searchableText } from "../privacy/outbox.ts";
import type { DatingApp } from "../shared/profiles/options.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { profileWithResult } from "../testing/result-columns.ts";
import { keepEverything } from "../testing/desk.ts";
import { completedProfile as completedProfileIn } from "../testing/completed-profile.ts";
import { comparisons } from "../web/ui/BeforeAfter.tsx";
import type { AdminProfileDetail, PartsConflictAnswer, VersionAnswer } from "../shared/api/admin-profiles.ts";
import type { ResultsAnswer } from "../shared/api/results.ts";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
let cookie: string;
const ORIGIN = "http://localhost:3000";

beforeAll(() => {
  // The real local analyser: reruns are checked on what it really writes.
  ctx = testContext();
  app = testApp(ctx);
  cookie = adminCookie(ctx.store.db);
});
afterAll(() => ctx.cleanup());

const runJobs = () => createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) }).runDue();
const row = (id: string) => profileWithResult(ctx.store.db, id);
const working = (id: string) => optimisationResultSchema.parse(row(id).optimization);
const auditActions = (id: string) => ctx.store.db.select().from(adminAudit).where(eq(adminAudit.profileId, id)).all().map((a) => a.action);

const BIO = "I love to laugh and travel. I teach chemistry at a high school and bake sourdough on Sundays. Looking for someone kind who likes long walks.";
const ANSWER = "Coffee on the balcony before anyone else is up, and a long walk with no plan.";

/** A paid profile written as the form stores it, optimised by the job loop: `completed`, not released. */
async function completedProfile(plan: PlanId = "premium", app: DatingApp = "bumble") {
  const made = await completedProfileIn(ctx, plan, { datingApp: app, bio: app === "hinge" ? null : BIO, prompt1: "My simple pleasures", response1: ANSWER });
  expect(row(made.profileId).status).toBe("completed");
  return made;
}

const get = (path: string) => app.request(path, { headers: { Cookie: cookie } });
function call(method: "POST" | "PUT" | "PATCH", path: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method,
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function detail(id: string): Promise<AdminProfileDetail> {
  const res = await get(`/api/admin/profiles/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminProfileDetail;
}

/** The edit the dialog sends: the text fields of the parts as the detail answered them. */
function editOf(state: EditState): PartsEdit {
  const parts = state.parts!;
  return {
    bio: parts.bio && { text: parts.bio.text },
    prompts: parts.prompts.map((p) => ({ key: p.key, text: p.text })),
    starters: [...parts.starters],
    guide: parts.guide && { title: parts.guide.title, sections: parts.guide.sections.map((s) => ({ ...s })) },
    recommendations: parts.recommendations,
  };
}

const putParts = (id: string, version: string, parts: unknown) => call("PUT", `/api/admin/profiles/${id}/parts`, { version, parts });

/** What a refused call must leave alone. */
function snapshot(id: string) {
  const p = row(id);
  return JSON.stringify([p.optimization, p.optimizedProfile, p.recommendations, p.draftOptimization, p.status, p.emailSent, auditActions(id)]);
}

async function release(id: string) {
  keepEverything(ctx, id);
  expect((await call("POST", `/api/admin/profiles/${id}/send-email`)).status).toBe(200);
  await runJobs();
  expect(row(id).emailSent).toBe(true);
}

async function results(id: string): Promise<ResultsAnswer> {
  const res = await app.request(`/api/profiles/${id}/results`);
  expect(res.status).toBe(200);
  return (await res.json()) as ResultsAnswer;
}

const HOSTILE = `<img src=x onerror="alert('x')"> & We'll "see"`;
const ESCAPED = "&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; We&#39;ll &quot;see&quot;";

describe("the parts in the detail", () => {
  test("GET …/:id answers the working result's parts, no draft, and a version", async () => {
    const { profileId } = await completedProfile();
    const d = await detail(profileId);
    const result = working(profileId);
    expect(d.parts!.bio).toEqual({ text: result.bio!.optimised, limit: result.bio!.limit, original: BIO });
    expect(d.parts!.prompts).toEqual([{ key: "prompt1", prompt: "My simple pleasures", text: result.prompts[0]!.optimised, limit: result.prompts[0]!.limit, original: ANSWER }]);
    expect(d.parts!.starters).toEqual(result.conversationStarters);
    expect(d.parts!.guide!.sections.length).toBe(result.strategyGuide!.sections.length);
    expect(d.parts!.recommendations.startsWith(result.analysis.summary)).toBe(true);
    expect(d).toMatchObject({ draft_parts: null, draft_changes: [] });
    // The working version's id (and the draft's after a colon when one waits).
    expect(d.version).toMatch(/^\d+$/);
    // Reading changes nothing, the version included.
    expect((await detail(profileId)).version).toBe(d.version);
  });
});

describe("one source of truth: the edit is what the customer receives", () => {
  test("bio, one starter and the recommendations edited → sent → the results page (Before and After too), the e-mail and the export show exactly the edit", async () => {
    const { profileId, email } = await completedProfile();
    const before = await detail(profileId);
    const edit = editOf(before);
    const bio = `Chemistry teacher, Sunday sourdough baker ${HOSTILE}. Tell me your best walk.`;
    const starter = "Which trail would you walk twice?";
    edit.bio = { text: `  ${bio}\n` };
    edit.starters[1] = starter;
    edit.recommendations = `Lead with your teaching: it is the most specific thing you wrote.\n\nYour walks give a match an easy first question ${HOSTILE}.`;
    const res = await putParts(profileId, before.version, edit);
    expect(res.status).toBe(200);
    const after = (await res.json()) as AdminProfileDetail;
    expect(after.parts!.bio!.text).toBe(bio);
    expect(after.parts!.starters[1]).toBe(starter);
    expect(after.version).not.toBe(before.version);
    const result = working(profileId);
    expect(result.editorial).toMatchObject({ edited: ["bio", "starters", "recommendations"], recommendations: edit.recommendations.trim() });
    // The machine's notes described its own draft: an edited part has none.
    expect(result.bio!.notes).toEqual([]);
    expect(auditActions(profileId)).toEqual(["edit"]);
    // The spec's HTML fields, rendered again from the parts in the same transaction, escaped.
    const stored = row(profileId);
    const html = (stored.optimizedProfile as { html: string; conversationStarters: string }).html;
    expect(html).toContain(`<p>Chemistry teacher, Sunday sourdough baker ${ESCAPED}. Tell me your best walk.</p>`);
    expect((stored.optimizedProfile as { conversationStarters: string }).conversationStarters).toContain(`2. ${starter}`);
    expect(stored.recommendations).toContain("<p>Lead with your teaching: it is the most specific thing you wrote.</p>");
    expect(stored.recommendations).toContain(ESCAPED);
    expect(stored.recommendations).not.toContain("<img");
    expect(stored.recommendations).not.toContain("What to change");

    await release(profileId);

    // The results page: every tab's data, and Before and After compares the customer's original with the edit.
    const page = await results(profileId);
    const released = page.profile.optimization!;
    expect(released.bio).toMatchObject({ optimised: bio, original: BIO, notes: [] });
    expect(released.conversationStarters[1]).toBe(starter);
    const compared = comparisons(released, "Bio");
    expect(compared[0]).toMatchObject({ key: "bio", before: BIO, after: bio, notes: [] });
    const optimised = page.profile.optimized_profile as { html: string; conversationStarters: string; strategyGuide: string };
    // Sanitised again on the way out (entities normalised): still text, never a tag.
    expect(optimised.html).toContain("Chemistry teacher, Sunday sourdough baker &lt;img src=x onerror=");
    expect(optimised.html).not.toContain("<img");
    expect(optimised.conversationStarters).toContain(starter);
    expect(page.profile.recommendations).toContain("Lead with your teaching");
    expect(page.profile.recommendations).not.toContain("<img");

    // The e-mail in the outbox.
    const mails = findOutboxMail(ctx.config.outboxDir, [email]).map((p) => searchableText(readFileSync(p, "latin1")));
    const mail = mails.find((m) => m.includes("your optimized bumble profile is ready"));
    expect(mail).toBeDefined();
    expect(mail).toContain("chemistry teacher, sunday sourdough baker");
    expect(mail).toContain(starter.toLowerCase());
    expect(mail).toContain("lead with your teaching");
    expect(mail).not.toContain(working(profileId).analysis.problems[0]?.reason.toLowerCase() ?? "no finding to check");

    // The customer's export.
    const zip = await call("POST", `/api/admin/profiles/${profileId}/export`);
    expect(zip.status).toBe(200);
    const doc = JSON.parse(strFromU8(unzipSync(new Uint8Array(await zip.arrayBuffer()))[EXPORT_JSON]!)) as ExportDocument;
    // The version the release points at holds the edit (the parts left kept as they are, with a reason); its
    // author, and whoever kept a part, are named only as a role.
    const releasedId = doc.result_releases.at(-1)!.version_id;
    const exported = doc.result_versions.find((v) => v.id === releasedId)!;
    expect(exported).toMatchObject({ kind: "stand", author: AN_ADMINISTRATOR });
    const inExport = exported.result as OptimisationResult;
    expect(inExport.editorial!.stands!.map((s) => s.by)).toEqual(inExport.editorial!.stands!.map(() => AN_ADMINISTRATOR));
    // The customer's own copy carries no reason to keep a part.
    expect(page.profile.optimization!.editorial!.stands).toBeUndefined();
    expect(inExport.bio!.optimised).toBe(bio);
    expect(inExport.conversationStarters[1]).toBe(starter);
    expect(JSON.stringify(doc)).not.toContain(`"author": "admin"`);
  });

  test("hostile text is stored as written and only ever rendered escaped; an edit that changes nothing writes nothing", async () => {
    const { profileId } = await completedProfile();
    const d = await detail(profileId);
    const edit = editOf(d);
    edit.prompts[0]!.text = `</p><script>alert(1)</script>${HOSTILE}`;
    const res = await putParts(profileId, d.version, edit);
    expect(res.status).toBe(200);
    expect(working(profileId).prompts[0]).toMatchObject({ optimised: `</p><script>alert(1)</script>${HOSTILE}`, rewritten: true, notes: [] });
    const html = (row(profileId).optimizedProfile as { html: string }).html;
    expect(html).toContain(`<p>&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;${ESCAPED}</p>`);
    expect(html).not.toContain("<script");
    // The same text again: nothing changes, no audit row, the version stays.
    const again = (await (await putParts(profileId, (await detail(profileId)).version, edit)).json()) as AdminProfileDetail;
    expect(auditActions(profileId)).toEqual(["edit"]);
    expect(again.version).toBe((await detail(profileId)).version);
  });
});

describe("reruns never discard an edit", () => {
  test("regenerate after an edit: the edit stays, the new result waits as a draft; Send waits for a choice; discarding clears it", async () => {
    const { profileId } = await completedProfile();
    const d = await detail(profileId);
    const edit = editOf(d);
    edit.bio = { text: "Chemistry teacher who bakes sourdough on Sundays. What is the best loaf you ever had?" };
    expect((await putParts(profileId, d.version, edit)).status).toBe(200);
    const edited = working(profileId);

    expect((await call("POST", `/api/admin/profiles/${profileId}/regenerate`)).status).toBe(200);
    await runJobs();
    const p = row(profileId);
    expect(p.status).toBe("completed");
    expect(working(profileId)).toEqual(edited);
    const draft = optimisationResultSchema.parse(p.draftOptimization);
    expect(draft.reason).toBe("regenerate");
    // The draft started from the edited text, and its `original` is still the customer's.
    expect(draft.bio!.original).toBe(BIO);
    expect(draft.bio!.optimised).toContain("Chemistry teacher who bakes sourdough on Sundays");

    const withDraft = await detail(profileId);
    expect(withDraft.draft_parts).not.toBeNull();
    expect(withDraft.actions).not.toContain("send-email");
    const refused = await call("POST", `/api/admin/profiles/${profileId}/send-email`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain("new draft is waiting");

    const discarded = await call("POST", `/api/admin/profiles/${profileId}/draft`, { version: withDraft.version, take: [] });
    expect(discarded.status).toBe(200);
    const answer = (await discarded.json()) as AdminProfileDetail;
    expect(answer).toMatchObject({ draft_parts: null, draft_changes: [] });
    expect(answer.actions).toContain("send-email");
    expect(row(profileId).draftOptimization).toBeNull();
    expect(working(profileId)).toEqual(edited);
    expect(auditActions(profileId)).toEqual(["edit", "regenerate", "draft"]);
  });

  test("a regeneration with no edit replaces the working result as before, from the working text", async () => {
    const { profileId } = await completedProfile();
    const first = working(profileId);
    expect((await call("POST", `/api/admin/profiles/${profileId}/regenerate`)).status).toBe(200);
    await runJobs();
    expect(row(profileId).draftOptimization).toBeNull();
    const second = working(profileId);
    expect(second.reason).toBe("regenerate");
    expect(second.bio!.original).toBe(BIO);
    expect(second.conversationStarters).toEqual(first.conversationStarters);
  });

  test("a revision after a release with edits: the draft starts from the edited text plus the notes; adopting its bio", async () => {
    const { profileId } = await completedProfile();
    const d = await detail(profileId);
    const edit = editOf(d);
    const editedBio = "I teach chemistry at a high school. I bake sourdough on Sundays. What should I bake next?";
    edit.bio = { text: editedBio };
    expect((await putParts(profileId, d.version, edit)).status).toBe(200);
    await release(profileId);

    const asked = await app.request(`/api/profiles/${profileId}/revision-request`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ notes: "Please mention that my dog is called Biscuit." }),
    });
    expect(asked.status).toBe(200);
    expect((await call("POST", `/api/admin/profiles/${profileId}/process-revision`)).status).toBe(200);
    await runJobs();

    const p = row(profileId);
    expect(p.status).toBe("completed");
    expect(working(profileId).bio!.optimised).toBe(editedBio);
    const draft = optimisationResultSchema.parse(p.draftOptimization);
    expect(draft.reason).toBe("revision");
    expect(draft.bio!.optimised).toContain("Biscuit");
    expect(draft.bio!.optimised).toContain("I teach chemistry at a high school.");
    expect(draft.bio!.original).toBe(BIO);

    const withDraft = await detail(profileId);
    expect(withDraft.draft_changes).toContain("bio");
    expect(withDraft.draft_parts!.bio!.text).toBe(draft.bio!.optimised);
    // A part the draft does not change cannot be taken; a stale version is refused; nothing is written.
    const unchangedPart = (["starters", "guide"] as const).find((k) => !withDraft.draft_changes.includes(k))!;
    const before = snapshot(profileId);
    expect((await call("POST", `/api/admin/profiles/${profileId}/draft`, { version: withDraft.version, take: [unchangedPart] })).status).toBe(400);
    const stale = await call("POST", `/api/admin/profiles/${profileId}/draft`, { version: d.version, take: ["bio"] });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(STALE_MESSAGE);
    expect(snapshot(profileId)).toBe(before);

    const taken = await call("POST", `/api/admin/profiles/${profileId}/draft`, { version: withDraft.version, take: ["bio"] });
    expect(taken.status).toBe(200);
    const result = working(profileId);
    expect(result.bio).toEqual(draft.bio);
    expect(result.editorial?.edited ?? []).not.toContain("bio");
    expect(row(profileId).draftOptimization).toBeNull();
    expect((row(profileId).optimizedProfile as { html: string }).html).toContain("Biscuit");

    await release(profileId);
    const page = await results(profileId);
    expect(page.profile.optimization!.bio!.optimised).toContain("Biscuit");
  });

  test("a revision request the machine cannot act on is the writer's, never a note to the customer; an edit clears the mark", async () => {
    const { profileId } = await completedProfile();
    await release(profileId);
    await app.request(`/api/profiles/${profileId}/revision-request`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ notes: "Could you make it sound more like me somehow, it feels off." }),
    });
    expect((await call("POST", `/api/admin/profiles/${profileId}/process-revision`)).status).toBe(200);
    await runJobs();
    // No edit yet: the revision replaced the working result; the request it could not act on is named for the writer
    // (the bio's needsWriter reason), and no note promises the customer that someone will read it (issue 28, item 3).
    const revised = working(profileId).bio!;
    expect(revised.notes.join(" ")).not.toMatch(/editor|writer|your note/i);
    expect(revised.needsWriter?.reason).toContain("make it sound more like me");
    const d = await detail(profileId);
    const edit = editOf(d);
    edit.bio = { text: "Chemistry teacher by day, sourdough baker on Sundays. Tell me your favorite walk." };
    expect((await putParts(profileId, d.version, edit)).status).toBe(200);
    await release(profileId);
    const page = await results(profileId);
    expect(page.profile.optimization!.bio!.notes).toEqual([]);
    expect(page.profile.optimization!.bio!.needsWriter ?? null).toBeNull();
    expect(JSON.stringify(comparisons(page.profile.optimization!, "Bio")[0])).not.toMatch(/editor|writer/i);
  });
});

describe("PUT …/parts refuses bad input, with nothing half-written", () => {
  test("wrong types, missing fields, too long: a 400 with a message", async () => {
    const { profileId } = await completedProfile();
    const d = await detail(profileId);
    const good = editOf(d);
    const before = snapshot(profileId);
    const long = (n: number) => "a".repeat(n);
    const guide = good.guide!;
    const cases: [unknown, RegExp][] = [
      [{ parts: good }, /version/],
      [{ version: d.version }, /parts/],
      [{ version: 5, parts: good }, /version/],
      [{ version: d.version, parts: { ...good, bio: 5 } }, /bio/],
      [{ version: d.version, parts: { ...good, bio: { text: 5 } } }, /bio must be text/i],
      [{ version: d.version, parts: { ...good, starters: "hi" } }, /starters must be a list/],
      [{ version: d.version, parts: { ...good, prompts: [{ key: "prompt9", text: "x" }] } }, /key must be one of/],
      [{ version: d.version, parts: { ...good, recommendations: 5 } }, /recommendations/],
      [{ version: d.version, parts: good, bases: { bio: 5 } }, /version/],
      [{ version: d.version, parts: good, bases: { nope: d.version } }, /bases: Unrecognized key: "nope"/],
      [{ version: d.version, parts: { ...good, bio: { text: long(2001) } } }, /The bio is too long \(at most 2,000 characters\)/],
      [{ version: d.version, parts: { ...good, prompts: [{ key: "prompt1", text: long(1001) }] } }, /An answer is too long/],
      [{ version: d.version, parts: { ...good, starters: ["1", "2", "3", "4", "5", "6"] } }, /At most 5 conversation starters/],
      [{ version: d.version, parts: { ...good, starters: [long(401)] } }, /A conversation starter is too long/],
      [{ version: d.version, parts: { ...good, recommendations: long(6001) } }, /The recommendations is too long/],
      [{ version: d.version, parts: { ...good, guide: { ...guide, sections: [] } } }, /at least one section/],
      [{ version: d.version, parts: { ...good, guide: { ...guide, sections: Array.from({ length: 11 }, () => ({ heading: "H", text: "t" })) } } }, /At most 10 guide sections/],
      [{ version: d.version, parts: { ...good, guide: { ...guide, sections: [{ heading: "H", text: Array.from({ length: 11 }, (_, i) => `point ${i}`).join("\n") }] } } }, /11 points; at most 10/],
      [{ version: d.version, parts: { ...good, guide: { ...guide, sections: [{ heading: "H", text: long(601) }] } } }, /over 600 characters/],
      [{ version: d.version, parts: { ...good, guide: { ...guide, sections: [{ heading: "  ", text: "x" }] } } }, /needs a heading/],
      [{ version: d.version, parts: { ...good, bio: { text: "   \n " } } }, /The bio cannot be empty/],
      [{ version: d.version, parts: { ...good, bio: null } }, /The bio is missing/],
      [{ version: d.version, parts: { ...good, prompts: [good.prompts[0], good.prompts[0]] } }, /sent once/],
      [{ version: d.version, parts: { ...good, guide: null } }, /strategy guide is missing/],
    ];
    for (const [body, message] of cases) {
      const res = await call("PUT", `/api/admin/profiles/${profileId}/parts`, body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    const notJson = await call("PUT", `/api/admin/profiles/${profileId}/parts`, "{not json");
    expect(notJson.status).toBe(400);
    expect(snapshot(profileId)).toBe(before);
  });

  test("a part the result does not have is a 409: a third answer, starters or a guide on basic", async () => {
    const { profileId } = await completedProfile("basic");
    const d = await detail(profileId);
    const good = editOf(d);
    expect(good.starters).toEqual([]);
    expect(good.guide).toBeNull();
    const before = snapshot(profileId);
    for (const parts of [
      { ...good, prompts: [...good.prompts, { key: "prompt3", text: "x" }] },
      { ...good, starters: ["Hi there"] },
      { ...good, guide: { title: "T", sections: [{ heading: "H", text: "x" }] } },
    ]) {
      expect((await putParts(profileId, d.version, parts)).status).toBe(409);
    }
    expect(snapshot(profileId)).toBe(before);
    // Hinge has no bio: sending one is a 409 too.
    const hinge = await completedProfile("premium", "hinge");
    const h = await detail(hinge.profileId);
    expect(h.parts!.bio).toBeNull();
    expect((await putParts(hinge.profileId, h.version, { ...editOf(h), bio: { text: "x" } })).status).toBe(409);
  });

  test("unknown profile 404; stale version, sent, refunded, not completed: 409 with a message; nothing written", async () => {
    const { profileId, orderId } = await completedProfile();
    const d = await detail(profileId);
    const good = editOf(d);
    const unknown = await putParts(newId(), d.version, good);
    expect(unknown.status).toBe(404);

    // Two administrators change the same part from the same version: the first wins, the second is told who saved
    // the other text and writes nothing.
    const first = { ...good, bio: { text: "First administrator's bio." } };
    const second = { ...good, bio: { text: "Second administrator's bio." } };
    const results = await Promise.all([putParts(profileId, d.version, first), putParts(profileId, d.version, second)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = (await results.find((r) => r.status === 409)!.json()) as PartsConflictAnswer;
    expect(loser.message).toStartWith("Someone else changed the bio since you opened it");
    expect(loser).toMatchObject({ saved: [], conflicts: [{ part: "bio", by: "admin" }] });
    expect(loser.profile.parts!.bio!.text).toBe("First administrator's bio.");
    expect(auditActions(profileId)).toEqual(["edit"]);
    // A version that names no version of this profile is stale.
    expect(((await (await putParts(profileId, "999999", second)).json()) as { message: string }).message).toBe(STALE_MESSAGE);

    let before = snapshot(profileId);
    ctx.store.db.update(profiles).set({ status: "processing" }).where(eq(profiles.id, profileId)).run();
    let current = (await detail(profileId)).version;
    expect((await putParts(profileId, current, second)).status).toBe(409);
    ctx.store.db.update(profiles).set({ status: "completed" }).where(eq(profiles.id, profileId)).run();

    await release(profileId);
    before = snapshot(profileId);
    current = (await detail(profileId)).version;
    const sent = await putParts(profileId, current, second);
    expect(sent.status).toBe(409);
    expect((await sent.json()).message).toContain("already sent");
    expect(snapshot(profileId)).toBe(before);

    ctx.store.db.update(profiles).set({ emailSent: false }).where(eq(profiles.id, profileId)).run();
    ctx.store.db.update(orders).set({ status: "refunded", refundedAt: new Date() }).where(eq(orders.id, orderId)).run();
    before = snapshot(profileId);
    current = (await detail(profileId)).version;
    const refunded = await putParts(profileId, current, second);
    expect(refunded.status).toBe(409);
    expect((await refunded.json()).message).toBe(REFUNDED.edit);
    const draft = await call("POST", `/api/admin/profiles/${profileId}/draft`, { version: current, take: [] });
    expect(draft.status).toBe(409);
    expect(snapshot(profileId)).toBe(before);
  });
});

describe("POST …/draft refuses bad input", () => {
  test("no draft 409; bad take 400; unknown profile 404", async () => {
    const { profileId } = await completedProfile();
    const d = await detail(profileId);
    const before = snapshot(profileId);
    const none = await call("POST", `/api/admin/profiles/${profileId}/draft`, { version: d.version, take: [] });
    expect(none.status).toBe(409);
    expect((await none.json()).message).toContain("no new draft");
    for (const body of [{ version: d.version }, { version: d.version, take: ["nope"] }, { version: d.version, take: "bio" }, { version: d.version, take: ["bio", "bio"] }, { take: [] }]) {
      expect((await call("POST", `/api/admin/profiles/${profileId}/draft`, body)).status).toBe(400);
    }
    expect((await call("POST", `/api/admin/profiles/${newId()}/draft`, { version: d.version, take: [] })).status).toBe(404);
    expect(snapshot(profileId)).toBe(before);
  });
});

describe("the spec's routes edit the same parts", () => {
  test("update: the HTML read back into the bio and answers (sanitised, plain text), the recommendations as text; the HTML rendered again", async () => {
    const { profileId } = await completedProfile();
    const stored = row(profileId);
    const html = (stored.optimizedProfile as { html: string }).html;
    const bio = working(profileId).bio!.optimised;
    const changed = html.replace(`<p>${bio.replace(/'/g, "&#39;")}</p>`, `<p onclick="x()">New bio <script>alert(1)</script><a href="javascript:alert(1)">link</a> &amp; We&#39;ll see</p>`);
    expect(changed).not.toBe(html);
    const res = await call("PATCH", `/api/admin/profiles/${profileId}/update`, { optimized_profile: changed, recommendations: stored.recommendations });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("Changes saved.");
    const result = working(profileId);
    expect(result.bio!.optimised).toBe("New bio link & We'll see");
    expect(result.editorial!.edited).toEqual(["bio"]);
    expect((row(profileId).optimizedProfile as { html: string }).html).toContain("<p>New bio link &amp; We&#39;ll see</p>");

    const recs = await call("PATCH", `/api/admin/profiles/${profileId}/update`, {
      optimized_profile: (row(profileId).optimizedProfile as { html: string }).html,
      recommendations: `<h3>Tips</h3><img src=x onerror=alert(1)><ul><li>One</li><li>Two &amp; three</li></ul>`,
    });
    expect(recs.status).toBe(200);
    expect(working(profileId).editorial).toMatchObject({ edited: ["bio", "recommendations"], recommendations: "Tips\n\n- One\n- Two & three" });
    expect(row(profileId).recommendations).toContain("<h3>Tips</h3>\n<ul><li>One</li><li>Two &amp; three</li></ul>");

    // HTML without the result's structure: a 400 with a message, nothing written.
    const before = snapshot(profileId);
    for (const body of [
      { optimized_profile: "<p>Just a paragraph</p>", recommendations: "" },
      { optimized_profile: "", recommendations: "" },
      { optimized_profile: 1, recommendations: "x" },
      { optimized_profile: "x".repeat(100_001), recommendations: "" },
      {},
    ]) {
      expect((await call("PATCH", `/api/admin/profiles/${profileId}/update`, body)).status).toBe(400);
    }
    expect(snapshot(profileId)).toBe(before);
  });

  test("update-premium-content: the starters' Markdown and the guide's text become the parts, marked edited; basic is a 409", async () => {
    const { profileId } = await completedProfile("premium");
    const ok = await call("PATCH", `/api/admin/profiles/${profileId}/update-premium-content`, {
      conversationStarters: "1. Hello <b>there</b>\n2. Hi",
      strategyGuide: "# Guide\n## Openers\n- Be kind\n- Ask about their walk",
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe("Premium content updated.");
    const result = working(profileId);
    expect(result.conversationStarters).toEqual(["Hello <b>there</b>", "Hi"]);
    expect(result.strategyGuide).toEqual({ title: "Guide", sections: [{ heading: "Openers", points: ["Be kind", "Ask about their walk"] }] });
    expect(result.editorial!.edited).toEqual(["starters", "guide"]);
    expect(row(profileId).optimizedProfile).toMatchObject({ conversationStarters: "1. Hello <b>there</b>\n2. Hi", strategyGuide: "# Guide\n\n## Openers\n- Be kind\n- Ask about their walk" });
    const before = snapshot(profileId);
    const empty = await call("PATCH", `/api/admin/profiles/${profileId}/update-premium-content`, { conversationStarters: "  " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Please enter conversation starters or upload a strategy guide file.");
    const six = await call("PATCH", `/api/admin/profiles/${profileId}/update-premium-content`, { conversationStarters: "1. a\n2. b\n3. c\n4. d\n5. e\n6. f" });
    expect(six.status).toBe(400);
    expect(snapshot(profileId)).toBe(before);
    const basic = await completedProfile("basic");
    expect((await call("PATCH", `/api/admin/profiles/${basic.profileId}/update-premium-content`, { conversationStarters: "1. Hi" })).status).toBe(409);
  });
});

describe("results are versions: two administrators, part by part (issue 27, items 3 and 4)", () => {
  const as = (name: string) => {
    const their = adminCookie(ctx.store.db, name);
    return (method: "PUT" | "POST" | "PATCH", path: string, body: unknown) =>
      app.request(path, { method, headers: { Cookie: their, Origin: ORIGIN, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  };
  const history = async (id: string) => (await detail(id)).history;
  const answer = (id: string, key: string) => working(id).prompts[Number(key.slice(-1)) - 1]!.optimised;

  test("each saves a different part from the same version: both are saved, as two versions, and neither undoes the other", async () => {
    const { profileId } = await completedProfile();
    const opened = await detail(profileId);
    const [alice, bob] = [as("alice"), as("bob")];
    const first = await alice("PUT", `/api/admin/profiles/${profileId}/parts`, { version: opened.version, parts: { bio: { text: "Alice's bio." } } });
    expect(first.status).toBe(200);
    // Bob's tab still holds the bio as it was when he opened it: sent whole (as an older tab does), it is not a change of his.
    const edit = editOf(opened);
    edit.prompts[0]!.text = "Bob's answer.";
    const second = await bob("PUT", `/api/admin/profiles/${profileId}/parts`, { version: opened.version, parts: edit });
    expect(second.status).toBe(200);
    const after = (await second.json()) as AdminProfileDetail;
    expect(after.parts!.bio!.text).toBe("Alice's bio.");
    expect(after.parts!.prompts[0]!.text).toBe("Bob's answer.");
    expect(working(profileId).editorial!.edited).toEqual(["bio", "prompt1"]);
    const [bobs, alices, machine] = await history(profileId);
    expect(bobs).toMatchObject({ kind: "edit", author: "bob", changed: ["prompt1"], working: true, parent_id: alices!.id });
    expect(alices).toMatchObject({ kind: "edit", author: "alice", changed: ["bio"], parent_id: machine!.id });
    expect(machine).toMatchObject({ kind: "machine", author: null, parent_id: null, changed: [] });
  });

  test("both change the same part: the second is told who saved the other and when, its other parts are saved, the part is not; keeping it writes it", async () => {
    const { profileId } = await completedProfile();
    const opened = await detail(profileId);
    const [alice, bob] = [as("alice"), as("bob")];
    expect((await alice("PUT", `/api/admin/profiles/${profileId}/parts`, { version: opened.version, parts: { bio: { text: "Alice's bio." } } })).status).toBe(200);
    const before = await history(profileId);
    const res = await bob("PUT", `/api/admin/profiles/${profileId}/parts`, {
      version: opened.version,
      parts: { bio: { text: "Bob's bio." }, prompts: [{ key: "prompt1", text: "Bob's answer." }] },
    });
    expect(res.status).toBe(409);
    const met = (await res.json()) as PartsConflictAnswer;
    expect(met.message).toBe("Someone else changed the bio since you opened it: compare the two texts beside it and choose. Your other changes (answer 1) were saved.");
    expect(met.saved).toEqual(["prompt1"]);
    expect(met.conflicts).toEqual([{ part: "bio", by: "alice", at: before[0]!.at, version: met.profile.version }]);
    expect(met.profile.parts!.bio!.text).toBe("Alice's bio.");
    expect(working(profileId).bio!.optimised).toBe("Alice's bio.");
    expect(answer(profileId, "prompt1")).toBe("Bob's answer.");
    expect((await history(profileId))[0]).toMatchObject({ author: "bob", changed: ["prompt1"] });

    // Sent again on the old base, the bio conflicts again; based on the version that holds Alice's, it is written.
    const again = await bob("PUT", `/api/admin/profiles/${profileId}/parts`, { version: opened.version, parts: { bio: { text: "Bob's bio." } } });
    expect(again.status).toBe(409);
    const kept = await bob("PUT", `/api/admin/profiles/${profileId}/parts`, { version: opened.version, bases: { bio: met.conflicts[0]!.version }, parts: { bio: { text: "Bob's bio." } } });
    expect(kept.status).toBe(200);
    expect(working(profileId).bio!.optimised).toBe("Bob's bio.");
    expect(answer(profileId, "prompt1")).toBe("Bob's answer.");
  });

  test("a save of unchanged text, or of the text already stored, writes no version", async () => {
    const { profileId } = await completedProfile();
    const opened = await detail(profileId);
    expect((await putParts(profileId, opened.version, { bio: { text: opened.parts!.bio!.text } })).status).toBe(200);
    expect((await putParts(profileId, opened.version, {})).status).toBe(200);
    expect(await history(profileId)).toHaveLength(1);
    expect((await putParts(profileId, opened.version, { bio: { text: "Same words." } })).status).toBe(200);
    // Another tab on the first version typed the same words: nothing to write, nothing to conflict.
    expect((await putParts(profileId, opened.version, { bio: { text: "Same words." } })).status).toBe(200);
    expect(await history(profileId)).toHaveLength(2);
  });

  test("PATCH …/update with a stale version (body or If-Match) is a 409 and writes nothing; with the current one it saves", async () => {
    const { profileId } = await completedProfile();
    const opened = await detail(profileId);
    const html = (opened.optimized_profile as { html: string }).html;
    const bio = opened.parts!.bio!.text;
    expect((await as("alice")("PUT", `/api/admin/profiles/${profileId}/parts`, { version: opened.version, parts: { prompts: [{ key: "prompt1", text: "Alice's newer answer." }] } })).status).toBe(200);
    const body = { optimized_profile: html.replace(bio.replace(/'/g, "&#39;"), "A stale bio."), recommendations: opened.recommendations };
    const before = snapshot(profileId);
    for (const [sent, headers] of [
      [{ ...body, version: opened.version }, {}],
      [body, { "If-Match": `"${opened.version}"` }],
      [body, { "If-Match": opened.version }],
    ] as const) {
      const res = await call("PATCH", `/api/admin/profiles/${profileId}/update`, sent, headers);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(STALE_MESSAGE);
    }
    expect(snapshot(profileId)).toBe(before);
    expect(answer(profileId, "prompt1")).toBe("Alice's newer answer.");
    // A body and a header that disagree: which one was meant?
    const current = await detail(profileId);
    expect((await call("PATCH", `/api/admin/profiles/${profileId}/update`, { ...body, version: current.version }, { "If-Match": opened.version })).status).toBe(400);
    const fresh = { optimized_profile: (current.optimized_profile as { html: string }).html.replace(bio.replace(/'/g, "&#39;"), "A current bio."), recommendations: current.recommendations };
    const ok = await call("PATCH", `/api/admin/profiles/${profileId}/update`, fresh, { "If-Match": `"${current.version}"` });
    expect(ok.status).toBe(200);
    expect(working(profileId).bio!.optimised).toBe("A current bio.");
  });

  test("PATCH without a version writes as the spec says, and the text it replaced stays in the history", async () => {
    const { profileId } = await completedProfile();
    const opened = await detail(profileId);
    const starters = opened.parts!.starters;
    const res = await call("PATCH", `/api/admin/profiles/${profileId}/update-premium-content`, { conversationStarters: "1. A starter from the spec's route?" });
    expect(res.status).toBe(200);
    expect(working(profileId).conversationStarters).toEqual(["A starter from the spec's route?"]);
    const [latest, replaced] = await history(profileId);
    expect(latest).toMatchObject({ kind: "edit", author: "admin", changed: ["starters"], parent_id: replaced!.id });
    const versionRes = await get(`/api/admin/profiles/${profileId}/versions/${latest!.id}`);
    expect(versionRes.status).toBe(200);
    const version = (await versionRes.json()) as VersionAnswer;
    expect(version.parent_parts!.starters).toEqual(starters);
    expect(version.parts!.starters).toEqual(["A starter from the spec's route?"]);
    // A stale If-Match on this route too.
    const stale = await call("PATCH", `/api/admin/profiles/${profileId}/update-premium-content`, { conversationStarters: "1. Stale?" }, { "If-Match": opened.version });
    expect(stale.status).toBe(409);
    expect(working(profileId).conversationStarters).toEqual(["A starter from the spec's route?"]);
  });

  test("restore makes an earlier version's text the working one as a new version; nothing is overwritten", async () => {
    const { profileId } = await completedProfile();
    const opened = await detail(profileId);
    const machineBio = opened.parts!.bio!.text;
    expect((await putParts(profileId, opened.version, { bio: { text: "An edited bio." } })).status).toBe(200);
    const edited = await detail(profileId);
    const [, first] = edited.history;
    const res = await call("POST", `/api/admin/profiles/${profileId}/versions/${first!.id}/restore`, { version: edited.version });
    expect(res.status).toBe(200);
    const restored = (await res.json()) as AdminProfileDetail;
    expect(restored.parts!.bio!.text).toBe(machineBio);
    expect(restored.history).toHaveLength(3);
    expect(restored.history[0]).toMatchObject({ kind: "restore", author: "admin", changed: ["bio"], working: true, parent_id: edited.history[0]!.id });
    // Every earlier version is still there, text and all.
    const editedVersion = (await (await get(`/api/admin/profiles/${profileId}/versions/${edited.history[0]!.id}`)).json()) as VersionAnswer;
    expect(editedVersion.parts!.bio!.text).toBe("An edited bio.");
    expect(auditActions(profileId)).toEqual(["edit", "restore"]);

    // Stale, the working text already, unknown or another profile's version: refused, nothing written.
    const before = snapshot(profileId);
    expect((await call("POST", `/api/admin/profiles/${profileId}/versions/${first!.id}/restore`, { version: edited.version })).status).toBe(409);
    expect((await call("POST", `/api/admin/profiles/${profileId}/versions/${first!.id}/restore`, { version: restored.version })).status).toBe(409);
    expect((await call("POST", `/api/admin/profiles/${profileId}/versions/999999/restore`, { version: restored.version })).status).toBe(404);
    const other = await completedProfile();
    const otherFirst = (await detail(other.profileId)).history[0]!.id;
    expect((await call("POST", `/api/admin/profiles/${profileId}/versions/${otherFirst}/restore`, { version: restored.version })).status).toBe(404);
    expect((await get(`/api/admin/profiles/${profileId}/versions/${otherFirst}`)).status).toBe(404);
    expect((await get(`/api/admin/profiles/${profileId}/versions/abc`)).status).toBe(404);
    expect((await call("POST", `/api/admin/profiles/${profileId}/versions/${first!.id}/restore`, {})).status).toBe(400);
    expect(snapshot(profileId)).toBe(before);
  });
});
