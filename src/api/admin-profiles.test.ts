import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { existsSync, readdirSync } from "node:fs";
import { adminAudit, jobs, orders, paymentSessions, photos, profiles } from "../db/schema.ts";
import { newId } from "../db/ids.ts";
import { jobHandlers } from "../background.ts";
import { RESULTS_MAIL } from "../delivery/results.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { REFUNDED } from "../orders/refunded.ts";
import { fulfil } from "../payments/fulfil.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
let cookie: string;
const ORIGIN = "http://localhost:3000";

beforeAll(() => {
  ctx = testContext({}, { optimiser: scriptedOptimiser() });
  app = testApp(ctx);
  cookie = adminCookie(ctx.store.db);
});
afterAll(() => ctx.cleanup());

const runJobs = () => createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) }).runDue();
const row = (id: string) => ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;

/** A paid profile with photo rows, optimised by the job loop: `completed`, not released. */
async function completedProfile(plan: PlanId = "premium") {
  const paid = insertOrder(ctx.store.db, { plan });
  for (let i = 0; i < 3; i++) ctx.store.db.insert(photos).values({ id: newId(), profileId: paid.profileId!, filePath: `${newId()}.jpg`, order: i }).run();
  // Paid through the local provider's checkout, as the customer's card form records it.
  const reference = newId();
  ctx.store.db.insert(paymentSessions).values({ id: reference, provider: "local", kind: "hosted", orderId: paid.orderId, amount: paid.amount, status: "paid" }).run();
  fulfil(ctx.store.db, { orderId: paid.orderId, provider: "local", reference, amount: paid.amount, currency: "usd" });
  await runJobs();
  expect(row(paid.profileId!).status).toBe("completed");
  return { profileId: paid.profileId!, orderId: paid.orderId };
}

function setStatus(id: string, status: ProfileStatus, extra: Partial<typeof profiles.$inferInsert> = {}) {
  ctx.store.db.update(profiles).set({ status, ...extra }).where(eq(profiles.id, id)).run();
}

const get = (path: string, headers: Record<string, string> = { Cookie: cookie }) => app.request(path, { headers });
function send(method: "POST" | "PATCH", path: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method,
    headers: { Cookie: cookie, Origin: ORIGIN, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const ENDPOINTS: [method: "GET" | "POST" | "PATCH", suffix: string, body?: unknown][] = [
  ["GET", ""],
  ["GET", "/ID"],
  ["PATCH", "/ID/update", { optimized_profile: "<p>x</p>", recommendations: "<p>y</p>" }],
  ["PATCH", "/ID/update-premium-content", { conversationStarters: "1. Hi" }],
  ["POST", "/ID/send-email"],
  ["POST", "/ID/regenerate"],
  ["POST", "/ID/recover"],
  ["POST", "/ID/process-revision"],
  ["POST", "/ID/refund", { reason: "Could not deliver" }],
];

describe("every admin endpoint", () => {
  test("answers 401 with a message without a session, and changes nothing", async () => {
    const { profileId } = await completedProfile();
    const before = row(profileId);
    for (const [method, suffix, body] of ENDPOINTS) {
      const res = await app.request(`/api/admin/profiles${suffix.replace("ID", profileId)}`, {
        method,
        headers: { Origin: ORIGIN, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect([method, suffix, res.status]).toEqual([method, suffix, 401]);
      expect(typeof (await res.json()).message).toBe("string");
    }
    expect(row(profileId)).toEqual(before);
  });

  test("refuses a change from a foreign origin even with a valid session (403), and changes nothing", async () => {
    const { profileId } = await completedProfile();
    const before = row(profileId);
    for (const [method, suffix, body] of ENDPOINTS.filter(([m]) => m !== "GET")) {
      const res = await send(method as "POST" | "PATCH", `/api/admin/profiles${suffix.replace("ID", profileId)}`, body, { Origin: "https://evil.example" });
      expect([suffix, res.status]).toEqual([suffix, 403]);
    }
    expect(row(profileId)).toEqual(before);
  });
});

describe("GET /api/admin/profiles", () => {
  test("the most urgent first, counts, filters, search and pages; bad parameters are a 400", async () => {
    const fresh = testContext({}, { optimiser: scriptedOptimiser() });
    const freshApp = testApp(fresh);
    const freshCookie = adminCookie(fresh.store.db);
    try {
      const made = ["basic", "elite", "premium"].map((plan) => insertOrder(fresh.store.db, { plan: plan as PlanId }));
      for (const m of made) fulfil(fresh.store.db, { orderId: m.orderId, provider: "local", reference: newId(), amount: m.amount, currency: "usd" });
      const unpaid = insertOrder(fresh.store.db, { plan: "basic" });
      fresh.store.db.update(profiles).set({ email: "zed@findme.example" }).where(eq(profiles.id, unpaid.profileId!)).run();
      const list = async (query = "") => (await (await freshApp.request(`/api/admin/profiles${query}`, { headers: { Cookie: freshCookie } })).json()) as {
        profiles: { id: string; plan_id: string; deadline_at: string | null; status: string }[];
        total: number;
        counts: Record<string, number>;
      };
      const all = await list();
      // Elite (12 h) is due first, then premium (24 h), then basic (48 h); the unpaid one has no deadline.
      expect(all.profiles.map((p) => p.plan_id)).toEqual(["elite", "premium", "basic", "basic"]);
      expect(all.profiles[3]!.id).toBe(unpaid.profileId!);
      expect(all.counts).toMatchObject({ total: 4, pending: 3, completed: 0, emails_sent: 0 });
      expect((await list("?status=created")).profiles.map((p) => p.id)).toEqual([unpaid.profileId!]);
      expect((await list("?q=FINDME")).profiles.map((p) => p.id)).toEqual([unpaid.profileId!]);
      expect((await list(`?q=${made[1]!.profileId}`)).profiles.map((p) => p.plan_id)).toEqual(["elite"]);
      const page2 = await list("?page=2&page_size=3");
      expect([page2.total, page2.profiles.length]).toEqual([4, 1]);
      for (const query of ["?status=done", "?page=0", "?page_size=1000", "?page=abc", `?q=${"x".repeat(300)}`]) {
        const res = await freshApp.request(`/api/admin/profiles${query}`, { headers: { Cookie: freshCookie } });
        expect([query, res.status]).toEqual([query, 400]);
      }
    } finally {
      fresh.cleanup();
    }
  });
});

const LOCAL = { kind: "local" } as const;
const MODEL = { kind: "ai", model: "test-model" } as const;
/** A result the AI engine wrote (the photos are always the analyser's); and one the local analyser drafted. */
const BY_THE_MODEL: OptimisationResult["engines"] = { analysis: MODEL, bio: MODEL, prompts: MODEL, photos: LOCAL, starters: MODEL, guide: MODEL };
const BY_THE_ANALYSER: Partial<OptimisationResult> = {
  engines: { analysis: LOCAL, bio: LOCAL, prompts: LOCAL, photos: LOCAL, starters: LOCAL, guide: LOCAL },
  bio: { original: "I love to laugh.", optimised: "I love to laugh.", limit: 300, notes: [], needsWriter: { reason: "No better bio without a writer." } },
};

describe("GET /api/admin/profiles: what the admin has to do (state), per row, per count, per filter, most urgent first", () => {
  type Row = { id: string; state: string; status: string; deadline_at: string | null; email_sent: boolean; to_write: string[] };
  type List = { profiles: Row[]; total: number; counts: { total: number; pending: number; completed: number; emails_sent: number; states: Record<string, number> } };

  /** A context of its own, so counts are exact; its optimiser's result can be given a writer flag or failed checks. */
  function world() {
    const extra: Partial<OptimisationResult> = {};
    const w = testContext({}, { optimiser: scriptedOptimiser([], extra) });
    const wApp = testApp(w);
    const wCookie = adminCookie(w.store.db);
    const now = Date.now();
    const run = () => createJobLoop({ db: w.store.db, log: silentLogger, handlers: jobHandlers(w) }).runDue();
    const paid = (plan: PlanId = "premium") => {
      const made = insertOrder(w.store.db, { plan });
      for (let i = 0; i < 3; i++) w.store.db.insert(photos).values({ id: newId(), profileId: made.profileId!, filePath: `${newId()}.jpg`, order: i }).run();
      // Paid through the local provider's checkout, as the customer's card form records it (a refund needs it).
      const reference = newId();
      w.store.db.insert(paymentSessions).values({ id: reference, provider: "local", kind: "hosted", orderId: made.orderId, amount: made.amount, status: "paid" }).run();
      fulfil(w.store.db, { orderId: made.orderId, provider: "local", reference, amount: made.amount, currency: "usd" });
      return made.profileId!;
    };
    return {
      ctx: w,
      extra,
      run,
      paid,
      /**
       * Paid and optimised with `result` in its stored result: by default as the AI engine writes it (nothing to
       * write by hand: src/shared/admin/desk.ts); `BY_THE_ANALYSER` for the local analyser's draft.
       */
      async completed(result: Partial<OptimisationResult> = {}, plan: PlanId = "premium") {
        Object.assign(extra, { needsWriter: undefined, checks: undefined, fallback: null, engines: BY_THE_MODEL }, result);
        const id = paid(plan);
        await run();
        expect(w.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!.status).toBe("completed");
        return id;
      },
      async list(query = ""): Promise<List> {
        const res = await wApp.request(`/api/admin/profiles${query}`, { headers: { Cookie: wCookie } });
        expect(res.status).toBe(200);
        return (await res.json()) as List;
      },
      raw: (query: string) => wApp.request(`/api/admin/profiles${query}`, { headers: { Cookie: wCookie } }),
      detail: async (id: string) => (await (await wApp.request(`/api/admin/profiles/${id}`, { headers: { Cookie: wCookie } })).json()) as { state: string },
      act: (id: string, action: string, body?: unknown) =>
        wApp.request(`/api/admin/profiles/${id}/${action}`, {
          method: "POST",
          headers: { Cookie: wCookie, Origin: ORIGIN, ...(body ? { "Content-Type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        }),
      askRevision: (id: string) =>
        wApp.request(`/api/profiles/${id}/revision-request`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ notes: "Please make it warmer." }) }),
      setDeadline: (id: string, hours: number) => w.store.db.update(profiles).set({ deadlineAt: new Date(now + hours * 3600_000) }).where(eq(profiles.id, id)).run(),
    };
  }

  test("each state as the admin meets it, the same in the list and the dialog; counts per state beside the spec's four", async () => {
    const w = world();
    try {
      const review = await w.completed();
      const writer = await w.completed({ needsWriter: { reason: "The bio could not be improved without a writer." }, ...BY_THE_ANALYSER });
      const flagged = await w.completed({ checks: { flagged: true, problems: ["A number the customer never wrote: 42"] } });
      // The AI service failed: the local analyser's draft, for a writer to write from.
      const fellBack = await w.completed({ ...BY_THE_ANALYSER, fallback: { reason: "The AI service failed 3 times (HTTP 503, HTTP 503, HTTP 503)." } });
      const sent = await w.completed();
      const revision = await w.completed();
      const refunded = await w.completed();
      const failed = await w.completed();
      w.ctx.store.db.update(profiles).set({ status: "failed" }).where(eq(profiles.id, failed)).run();
      for (const id of [sent, revision, refunded]) expect((await w.act(id, "send-email")).status).toBe(200);

      // Send pressed, the job not run yet: "sending", not "Not Sent" beside "Email Already Sent".
      const stateOf = async (id: string) => (await w.list(`?q=${id}`)).profiles[0]!.state;
      expect(await stateOf(sent)).toBe("sending");
      expect((await w.detail(sent)).state).toBe("sending");
      await w.run();
      expect(await stateOf(sent)).toBe("sent");

      const askedAt = Date.now();
      expect((await w.askRevision(revision)).status).toBe(200);
      // A refunded order no longer looks delivered.
      expect(await stateOf(refunded)).toBe("sent");
      expect((await w.act(refunded, "refund", { reason: "Could not deliver" })).status).toBe(200);
      const inProgress = w.paid("elite");
      const unpaid = insertOrder(w.ctx.store.db, { plan: "basic" }).profileId!;

      const expected: Record<string, string> = {
        [review]: "awaiting_review",
        [writer]: "needs_attention",
        [flagged]: "needs_attention",
        [fellBack]: "ai_failed",
        [sent]: "sent",
        [revision]: "revision_requested",
        [refunded]: "refunded",
        [failed]: "failed",
        [inProgress]: "in_progress",
        [unpaid]: "awaiting_payment",
      };
      const all = await w.list();
      expect(Object.fromEntries(all.profiles.map((p) => [p.id, p.state]))).toEqual(expected);
      for (const [id, state] of Object.entries(expected)) expect([id, (await w.detail(id)).state]).toEqual([id, state]);
      // The fallback's row names the parts to write, as a writer's does.
      expect(all.profiles.find((p) => p.id === fellBack)!.to_write).toContain("the bio");
      expect(all.counts).toEqual({
        total: 10,
        pending: 1,
        completed: 6,
        emails_sent: 3,
        states: { needs_attention: 2, ai_failed: 1, failed: 1, revision_requested: 1, awaiting_review: 1, sending: 0, in_progress: 1, sent: 1, refunded: 1, awaiting_payment: 1 },
      });
      // The revision has its own deadline: premium's 24 hours from the request, not the first delivery's.
      const asked = all.profiles.find((p) => p.id === revision)!;
      expect(Date.parse(asked.deadline_at!) - askedAt).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
      expect(Date.parse(asked.deadline_at!) - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
      // The counts are of every profile, whatever the view.
      expect((await w.list(`?state=sent&q=${review}`)).counts).toEqual(all.counts);
    } finally {
      w.ctx.cleanup();
    }
  });

  test("?state= lists exactly the profiles in that state, with its total; it combines with ?status= and ?q=; bad values are a 400", async () => {
    const w = world();
    try {
      const [a, b] = [await w.completed(), await w.completed()];
      const writer = await w.completed({ needsWriter: { reason: "No better bio without a writer." }, ...BY_THE_ANALYSER });
      const failed = await w.completed();
      w.ctx.store.db.update(profiles).set({ status: "failed" }).where(eq(profiles.id, failed)).run();
      const ids = async (query: string) => {
        const body = await w.list(query);
        expect(body.total).toBe(body.profiles.length);
        return body.profiles.map((p) => p.id).sort();
      };
      expect(await ids("?state=awaiting_review")).toEqual([a, b].sort());
      expect(await ids("?state=needs_attention")).toEqual([writer]);
      expect(await ids("?state=failed")).toEqual([failed]);
      expect(await ids("?state=sent")).toEqual([]);
      expect(await ids(`?state=awaiting_review&q=${a}`)).toEqual([a]);
      expect(await ids("?state=awaiting_review&status=completed")).toEqual([a, b].sort());
      expect(await ids("?state=awaiting_review&status=failed")).toEqual([]);
      const paged = await w.list("?state=awaiting_review&page=2&page_size=1");
      expect([paged.total, paged.profiles.length]).toEqual([2, 1]);
      for (const query of ["?state=done", "?state=", "?state=SENT", "?state=awaiting%20review", "?state=completed", `?state=${"x".repeat(5000)}`]) {
        const res = await w.raw(query);
        expect([query, res.status]).toEqual([query, 400]);
        expect((await res.json()).message).toStartWith("state must be one of needs_attention, ai_failed, failed, revision_requested, awaiting_review");
      }
    } finally {
      w.ctx.cleanup();
    }
  });

  test("the most urgent first: the admin's turn by deadline (a tie by state), then the machine's, then the rest by state", async () => {
    const w = world();
    try {
      const review = await w.completed();
      const tie = await w.completed({ checks: { flagged: true, problems: ["A link"] } });
      const failed = await w.completed();
      w.ctx.store.db.update(profiles).set({ status: "failed" }).where(eq(profiles.id, failed)).run();
      const sent = await w.completed();
      expect((await w.act(sent, "send-email")).status).toBe(200);
      await w.run();
      const revision = await w.completed();
      expect((await w.act(revision, "send-email")).status).toBe(200);
      await w.run();
      expect((await w.askRevision(revision)).status).toBe(200);
      const refunded = await w.completed();
      expect((await w.act(refunded, "refund", { reason: "Could not deliver" })).status).toBe(200);
      const unpaid = insertOrder(w.ctx.store.db, { plan: "basic" }).profileId!;
      const moving = w.paid("basic");

      w.setDeadline(revision, 1);
      w.setDeadline(failed, 2);
      w.setDeadline(review, 5);
      w.setDeadline(tie, 5);
      // Due soonest of all, but the machine's turn: after every profile waiting for the admin.
      w.setDeadline(moving, 0.5);
      // Overdue, but delivered or refunded: nothing is due.
      w.setDeadline(sent, -3);
      w.setDeadline(refunded, -3);

      const order = (await w.list()).profiles.map((p) => [p.state, p.id]);
      expect(order).toEqual([
        ["revision_requested", revision],
        ["failed", failed],
        ["needs_attention", tie],
        ["awaiting_review", review],
        ["in_progress", moving],
        ["sent", sent],
        ["refunded", refunded],
        ["awaiting_payment", unpaid],
      ]);
    } finally {
      w.ctx.cleanup();
    }
  });
});

describe("GET /api/admin/profiles?q=: the order reference, and any part of the address or id", () => {
  test("finds a profile by its order reference (whole, part, any case), part of its id, part of its address; nothing else", async () => {
    const fresh = testContext({}, { optimiser: scriptedOptimiser() });
    const freshApp = testApp(fresh);
    const freshCookie = adminCookie(fresh.store.db);
    try {
      const [a, b, c] = ["premium", "basic", "elite"].map((plan) => insertOrder(fresh.store.db, { plan: plan as PlanId }));
      fresh.store.db.update(profiles).set({ email: "Ada.Lovelace@Example.com" }).where(eq(profiles.id, a!.profileId!)).run();
      fresh.store.db.update(profiles).set({ email: "grace_hopper@navy.example" }).where(eq(profiles.id, b!.profileId!)).run();
      fresh.store.db.update(profiles).set({ email: "percent%sign@example.org" }).where(eq(profiles.id, c!.profileId!)).run();
      const search = async (q: string) => {
        const res = await freshApp.request(`/api/admin/profiles?q=${encodeURIComponent(q)}`, { headers: { Cookie: freshCookie } });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { profiles: { id: string }[]; total: number };
        expect(body.total).toBe(body.profiles.length);
        return body.profiles.map((p) => p.id).sort();
      };
      const only = (...ids: (string | null)[]) => ids.map(String).sort();
      // The reference every e-mail asks the customer to quote is the order id.
      expect(await search(a!.orderId)).toEqual(only(a!.profileId));
      expect(await search(a!.orderId.toUpperCase())).toEqual(only(a!.profileId));
      expect(await search(`  ${a!.orderId.slice(3, 15)} `)).toEqual(only(a!.profileId));
      expect(await search(b!.profileId!.slice(5, 17).toUpperCase())).toEqual(only(b!.profileId));
      expect(await search("lovelace@EXAMPLE")).toEqual(only(a!.profileId));
      expect(await search("example")).toEqual(only(a!.profileId, b!.profileId, c!.profileId));
      // `_` and `%` are themselves, not wildcards.
      expect(await search("_hopper")).toEqual(only(b!.profileId));
      expect(await search("t%s")).toEqual(only(c!.profileId));
      expect(await search("%")).toEqual(only(c!.profileId));
      expect(await search("nobody@nowhere")).toEqual([]);
      // An order with no profile is never a match for some other profile.
      const loose = insertOrder(fresh.store.db, { withProfile: false });
      expect(await search(loose.orderId)).toEqual([]);
      // The search combines with a status filter.
      const filtered = await freshApp.request(`/api/admin/profiles?status=pending&q=${a!.orderId}`, { headers: { Cookie: freshCookie } });
      expect(((await filtered.json()) as { total: number }).total).toBe(0);
    } finally {
      fresh.cleanup();
    }
  });

  test("the dialog's answer carries the order reference", async () => {
    const { profileId, orderId } = await completedProfile();
    const body = await (await get(`/api/admin/profiles/${profileId}`)).json();
    expect(body.order).toMatchObject({ id: orderId, status: "paid" });
  });
});

describe("after a refund, the order is closed", () => {
  const outbox = () => (existsSync(ctx.config.outboxDir) ? readdirSync(ctx.config.outboxDir).sort() : []);
  /** Everything an action could change: the profile row, every job (status included) and the mail written. */
  const state = (profileId: string) => ({ profile: row(profileId), jobs: ctx.store.db.select().from(jobs).all(), outbox: outbox() });
  const refund = async (profileId: string) => expect((await send("POST", `/api/admin/profiles/${profileId}/refund`, { reason: "Could not deliver" })).status).toBe(200);
  const askRevision = (profileId: string) =>
    app.request(`/api/profiles/${profileId}/revision-request`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ notes: "Please make it funnier." }) });
  async function refused(res: Response, message: string) {
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(message);
  }
  /** The refund's own mail runs first, so what is compared afterwards is only what the refused actions did. */
  async function settled(profileId: string) {
    await runJobs();
    return state(profileId);
  }

  test("a result not sent yet: Send and Regenerate are refused with a message and not offered; nothing changes, nothing is sent", async () => {
    const { profileId, orderId } = await completedProfile();
    await refund(profileId);
    const before = await settled(profileId);
    expect(before.profile).toMatchObject({ status: "completed", emailSent: false });
    await refused(await send("POST", `/api/admin/profiles/${profileId}/send-email`), REFUNDED.sendEmail);
    await refused(await send("POST", `/api/admin/profiles/${profileId}/regenerate`), REFUNDED.rerun);
    await runJobs();
    expect(state(profileId)).toEqual(before);
    expect(before.outbox.filter((f) => f.includes(profileId))).toEqual([]);
    expect(before.outbox).toContain(`mail-refund-${orderId}.eml`);
    const detail = await (await get(`/api/admin/profiles/${profileId}`)).json();
    expect(detail.actions).toEqual([]);
    expect(detail.order).toMatchObject({ id: orderId, status: "refunded" });
    const trail = ctx.store.db.select().from(adminAudit).where(eq(adminAudit.profileId, profileId)).all().map((a) => a.action);
    expect(trail).toEqual(["refund"]);
  });

  test("a results e-mail job that still runs after the refund sends nothing and records nothing", async () => {
    const { profileId } = await completedProfile();
    await refund(profileId);
    const before = await settled(profileId);
    // As a retry scheduled before the refund would be: queued for the current result.
    ctx.store.db.transaction((tx) => enqueueJob(tx, RESULTS_MAIL, { payload: { profileId, versionId: before.profile.workingVersionId! }, idempotencyKey: `retry:${profileId}` }));
    await runJobs();
    expect(row(profileId)).toEqual(before.profile);
    expect(outbox().filter((f) => f.includes(profileId))).toEqual([]);
  });

  test("a revision requested before the refund: Process Revision is refused and not offered; nothing is queued", async () => {
    const { profileId } = await completedProfile();
    await send("POST", `/api/admin/profiles/${profileId}/send-email`);
    await runJobs();
    expect((await askRevision(profileId)).status).toBe(200);
    await refund(profileId);
    const before = await settled(profileId);
    expect(before.profile).toMatchObject({ status: "revision_requested", needsRevision: true, revisionsUsed: 0 });
    await refused(await send("POST", `/api/admin/profiles/${profileId}/process-revision`), REFUNDED.processRevision);
    await runJobs();
    expect(state(profileId)).toEqual(before);
    expect((await (await get(`/api/admin/profiles/${profileId}`)).json()).actions).toEqual([]);
    // The revision e-mails queued with the request were not sent once the order was refunded.
    expect(before.outbox.filter((f) => f.includes("revision") && f.includes(profileId))).toEqual([]);
  });

  test("a released result: the customer's revision request is refused with a message; nothing changes", async () => {
    const { profileId } = await completedProfile();
    await send("POST", `/api/admin/profiles/${profileId}/send-email`);
    await runJobs();
    await refund(profileId);
    const before = await settled(profileId);
    expect(before.profile).toMatchObject({ status: "completed", emailSent: true, needsRevision: false });
    await refused(await askRevision(profileId), REFUNDED.customerRevision);
    await runJobs();
    expect(state(profileId)).toEqual(before);
  });

  test("a failed run: Recover is refused and not offered", async () => {
    const { profileId } = await completedProfile();
    await refund(profileId);
    setStatus(profileId, "failed");
    const before = await settled(profileId);
    await refused(await send("POST", `/api/admin/profiles/${profileId}/recover`), REFUNDED.rerun);
    expect(state(profileId)).toEqual(before);
    expect((await (await get(`/api/admin/profiles/${profileId}`)).json()).actions).toEqual([]);
  });
});

describe("GET /api/admin/profiles/:id", () => {
  test("the spec's fields, plan, photos with analysis, the result, the allowed actions and the audit trail", async () => {
    const { profileId } = await completedProfile("elite");
    const body = await (await get(`/api/admin/profiles/${profileId}`)).json();
    expect(body).toMatchObject({ id: profileId, status: "completed", plan_id: "elite", revisions_allowed: 1 });
    expect(body.photos[0].analysis).toMatchObject({ score: expect.any(Number), rank: expect.any(Number), keep: expect.any(Boolean), faces: 1 });
    expect(body.optimization.conversationStarters).toHaveLength(5);
    expect(body.actions).toEqual(["send-email", "regenerate", "refund"]);
    expect(body.audit).toEqual([]);
    expect((await get(`/api/admin/profiles/${newId()}`)).status).toBe(404);
  });
});

describe("actions", () => {
  test("send-email: once, twice in a row or at once; then 'already sent'; the trail records it", async () => {
    const { profileId } = await completedProfile();
    const results = await Promise.all([1, 2].map(() => send("POST", `/api/admin/profiles/${profileId}/send-email`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    await runJobs();
    expect(row(profileId).emailSent).toBe(true);
    const again = await send("POST", `/api/admin/profiles/${profileId}/send-email`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/already been sent/);
    const detail = await (await get(`/api/admin/profiles/${profileId}`)).json();
    expect(detail.actions).not.toContain("send-email");
    expect(detail.audit.map((a: { action: string; admin: string }) => `${a.admin}:${a.action}`)).toEqual(["admin:send-email"]);
  });

  test("regenerate: completed → processing with a new job; twice at once has one effect; then a new result can be sent", async () => {
    const { profileId } = await completedProfile();
    const results = await Promise.all([1, 2].map(() => send("POST", `/api/admin/profiles/${profileId}/regenerate`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(row(profileId).status).toBe("processing");
    const optimiseJobs = () => ctx.store.db.select().from(jobs).where(eq(jobs.kind, "optimise-profile")).all().filter((j) => (j.payload as { profileId: string }).profileId === profileId);
    expect(optimiseJobs()).toHaveLength(2);
    expect(optimiseJobs()[1]!.payload).toMatchObject({ reason: "regenerate" });
    await runJobs();
    expect(row(profileId).status).toBe("completed");
    expect((await send("POST", `/api/admin/profiles/${profileId}/recover`)).status).toBe(409);
  });

  test("recover: only a failed profile; it goes back to pending and is processed again", async () => {
    const { profileId } = await completedProfile();
    expect((await send("POST", `/api/admin/profiles/${profileId}/recover`)).status).toBe(409);
    setStatus(profileId, "failed");
    const res = await send("POST", `/api/admin/profiles/${profileId}/recover`);
    expect(res.status).toBe(200);
    expect(row(profileId).status).toBe("pending");
    expect((await send("POST", `/api/admin/profiles/${profileId}/recover`)).status).toBe(409);
    await runJobs();
    expect(row(profileId).status).toBe("completed");
  });

  test("process-revision: the optimiser runs again with the notes; one revision used; the revised result is sent anew", async () => {
    const { profileId } = await completedProfile();
    await send("POST", `/api/admin/profiles/${profileId}/send-email`);
    await runJobs();
    const listed = async () => ((await (await get(`/api/admin/profiles?q=${profileId}`)).json()) as { profiles: { state: string; deadline_at: string }[] }).profiles[0]!;
    expect((await listed()).state).toBe("sent");
    const askedAt = Date.now();
    const asked = await app.request(`/api/profiles/${profileId}/revision-request`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ notes: "Please make it funnier." }),
    });
    expect(asked.status).toBe(200);
    // Due again, by its own deadline: premium's 24 hours from the request.
    const due = await listed();
    expect(due.state).toBe("revision_requested");
    expect(Date.parse(due.deadline_at) - askedAt).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(Date.parse(due.deadline_at) - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const results = await Promise.all([1, 2].map(() => send("POST", `/api/admin/profiles/${profileId}/process-revision`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(row(profileId)).toMatchObject({ status: "processing", revisionsUsed: 1, emailSent: false, needsRevision: true });
    const optimiser = ctx.services.optimiser as ReturnType<typeof scriptedOptimiser>;
    await runJobs();
    expect(optimiser.inputs.at(-1)).toMatchObject({ reason: "revision", revisionNotes: "Please make it funnier." });
    expect(row(profileId).status).toBe("completed");
    // The revision's draft waits for review like a first result, still by the revision's deadline.
    expect(await listed()).toEqual(expect.objectContaining({ state: "awaiting_review", deadline_at: due.deadline_at }));
    expect((await send("POST", `/api/admin/profiles/${profileId}/send-email`)).status).toBe(200);
    await runJobs();
    expect(row(profileId)).toMatchObject({ emailSent: true, needsRevision: false });
    expect((await listed()).state).toBe("sent");
  });

  // The spec's update routes are tested with the review gate's, in ./admin-edit.test.ts.

  test("refund (local provider): once, twice at once too; order refunded, queued work cancelled, customer e-mailed, trail", async () => {
    const { profileId, orderId } = await completedProfile();
    await send("POST", `/api/admin/profiles/${profileId}/regenerate`);
    const results = await Promise.all([1, 2].map(() => send("POST", `/api/admin/profiles/${profileId}/refund`, { reason: "We could not deliver in time" })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const order = ctx.store.db.select().from(orders).where(eq(orders.id, orderId)).get()!;
    expect(order).toMatchObject({ status: "refunded", refundReason: "We could not deliver in time" });
    expect(order.refundReference).toStartWith("local_refund_");
    const queued = ctx.store.db.select().from(jobs).all().filter((j) => j.kind === "optimise-profile" && (j.payload as { profileId: string }).profileId === profileId);
    expect(queued.at(-1)).toMatchObject({ status: "failed", lastError: "cancelled: the order was refunded" });
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.idempotencyKey, `mail:refund:${orderId}`)).all()).toHaveLength(1);
    expect((await send("POST", `/api/admin/profiles/${profileId}/refund`, { reason: "again" })).status).toBe(409);
    const trail = ctx.store.db.select().from(adminAudit).where(eq(adminAudit.profileId, profileId)).all().map((a) => a.action);
    expect(trail.filter((a) => a === "refund")).toHaveLength(1);
    expect((await send("POST", `/api/admin/profiles/${profileId}/refund`, {})).status).toBe(400);
  });

  test("an unpaid profile cannot be refunded; an unknown profile is a 404", async () => {
    const unpaid = insertOrder(ctx.store.db);
    expect((await send("POST", `/api/admin/profiles/${unpaid.profileId}/refund`, { reason: "test" })).status).toBe(409);
    expect((await send("POST", `/api/admin/profiles/${newId()}/regenerate`)).status).toBe(404);
  });
});
