/**
 * The results page's outcome question over HTTP (issue 32): the before answer and its validation (a bad one is a 400
 * naming the field, and changes nothing), "I've updated my profile" (which fixes the before answer and moves the
 * follow-up), and the opt-out; refused before the release, for a refunded order and for an unknown profile.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs, orders, outcomes } from "../db/schema.ts";
import { followUpKey } from "../outcomes/outcomes.ts";
import type { CustomerOutcome } from "../shared/api/outcomes.ts";
import type { ResultsAnswer } from "../shared/api/results.ts";
import { completedProfile } from "../testing/completed-profile.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { releasedCustomer, type ReleasedCustomer } from "../testing/privacy-fixtures.ts";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
let customer: ReleasedCustomer;
let second: ReleasedCustomer;

beforeAll(async () => {
  ctx = testContext({}, { optimiser: scriptedOptimiser() });
  app = testApp(ctx);
  [customer, second] = [await releasedCustomer(ctx), await releasedCustomer(ctx)];
}, 60_000);
afterAll(() => ctx.cleanup());

const json = { "Content-Type": "application/json" };
const before = (id: string, body: unknown) => app.request(`/api/profiles/${id}/outcome/before`, { method: "PUT", headers: json, body: typeof body === "string" ? body : JSON.stringify(body) });
const post = (id: string, what: "updated" | "opt-out") => app.request(`/api/profiles/${id}/outcome/${what}`, { method: "POST" });
const row = (id: string) => ctx.store.db.select().from(outcomes).where(eq(outcomes.profileId, id)).get();
const results = async (id: string) => ((await (await app.request(`/api/profiles/${id}/results`)).json()) as ResultsAnswer).profile;

describe("the before answer", () => {
  test("a released result's page asks: nothing answered yet, the follow-up's days from the configuration", async () => {
    expect((await results(customer.profileId)).outcome).toEqual({
      before_matches: null,
      before_declined: false,
      before_answered_at: null,
      profile_updated_at: null,
      opted_out: false,
      follow_up_days: 14,
      follow_up_sent: false,
    });
  });

  test("a bad answer is a 400 naming the field, and nothing is written", async () => {
    for (const bad of [{ matches: -1 }, { matches: 1000 }, { matches: 2.5 }, { matches: "12" }, {}, { matches: 3, extra: true }, "not json"]) {
      const res = await before(customer.profileId, bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      const { message } = (await res.json()) as { message: string };
      expect({ bad, message }).toEqual({ bad, message: expect.stringMatching(/matches|extra|JSON|body/i) });
    }
    const { message } = (await (await before(customer.profileId, { matches: 1000 })).json()) as { message: string };
    expect(message).toBe("matches: Please enter a whole number from 0 to 999");
    expect(row(customer.profileId)).toBeUndefined();
  });

  test("a number is stored with the time; it can be changed, or changed to \"I'd rather not say\"", async () => {
    const first = (await (await before(customer.profileId, { matches: 12 })).json()) as CustomerOutcome;
    expect(first).toMatchObject({ before_matches: 12, before_declined: false });
    expect(Date.now() - Date.parse(first.before_answered_at!)).toBeLessThan(10_000);
    expect((await (await before(customer.profileId, { matches: 0 })).json()) as CustomerOutcome).toMatchObject({ before_matches: 0 });
    expect((await (await before(customer.profileId, { matches: null })).json()) as CustomerOutcome).toMatchObject({ before_matches: null, before_declined: true });
    expect((await (await before(customer.profileId, { matches: 7 })).json()) as CustomerOutcome).toMatchObject({ before_matches: 7, before_declined: false });
    expect((await results(customer.profileId)).outcome).toMatchObject({ before_matches: 7 });
    expect(ctx.store.db.select().from(outcomes).all()).toHaveLength(1);
  });

  test("\"I've updated my profile\" stores the day once, moves the follow-up to 14 days after it, and fixes the before answer", async () => {
    const key = followUpKey(customer.profileId);
    const queued = ctx.store.db.select().from(jobs).where(eq(jobs.idempotencyKey, key)).get()!;
    expect(queued.status).toBe("queued");
    const res = await post(customer.profileId, "updated");
    expect(res.status).toBe(200);
    const answer = (await res.json()) as CustomerOutcome;
    const day = Date.parse(answer.profile_updated_at!);
    expect(Date.now() - day).toBeLessThan(10_000);
    const moved = ctx.store.db.select().from(jobs).where(eq(jobs.idempotencyKey, key)).get()!;
    expect(moved.runAt.getTime()).toBe(day + 14 * 24 * 3600_000);
    expect(moved.runAt.getTime()).toBeGreaterThan(queued.runAt.getTime());

    // Asked again: the first day stands.
    expect(((await (await post(customer.profileId, "updated")).json()) as CustomerOutcome).profile_updated_at).toBe(answer.profile_updated_at);
    const refused = await before(customer.profileId, { matches: 3 });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe("You have told us you updated your profile, so the answer from before can no longer be changed.");
    expect(row(customer.profileId)!.beforeMatches).toBe(7);
  });

  test("the opt-out is stored, and asking again changes nothing", async () => {
    const res = await post(second.profileId, "opt-out");
    expect(((await res.json()) as CustomerOutcome).opted_out).toBe(true);
    const at = row(second.profileId)!.optedOutAt;
    expect(at).toBeInstanceOf(Date);
    await post(second.profileId, "opt-out");
    expect(row(second.profileId)!.optedOutAt).toEqual(at);
  });

  test("refused before the release (409), for an unknown profile (404), and once the order was refunded (409)", async () => {
    const unreleased = await completedProfile(ctx, "basic", { datingApp: "tinder", bio: "Teacher and weekend potter." });
    const early = await before(unreleased.profileId, { matches: 4 });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe("Your results have not been sent yet, so there is nothing to ask about yet.");
    expect((await before("0123456789abcdefghijklmnopqrstuv", { matches: 4 })).status).toBe(404);
    expect((await results(unreleased.profileId)).outcome).toBeUndefined();

    ctx.store.db.update(orders).set({ status: "refunded", refundedAt: new Date() }).where(eq(orders.id, second.orderId)).run();
    const refunded = await before(second.profileId, { matches: 4 });
    expect(refunded.status).toBe(409);
    expect(((await refunded.json()) as { message: string }).message).toBe("This order was refunded, so we do not ask about its results.");
    expect(row(second.profileId)!.beforeAnsweredAt).toBeNull();
  });
});
