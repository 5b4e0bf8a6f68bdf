import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { orders, paymentSessions, photos, profiles } from "../db/schema.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";
import { deleteUnpaidProfiles } from "./unpaid-profiles.ts";
import { UNPAID_PROFILE_DELETED_WITHIN_HOURS, UNPAID_PROFILE_HOURS } from "../shared/privacy/unpaid-retention.ts";

let ctx: TestContext;
afterEach(() => ctx.cleanup());

const HOUR = 3_600_000;

/** A profile of the given status, `ageHours` old, with one photo (file and thumbnail on disk). */
function profileWithPhoto(status: "created" | "pending", ageHours: number) {
  const db = ctx.store.db;
  const id = newId();
  const createdAt = new Date(Date.now() - ageHours * HOUR);
  db.insert(profiles).values({ id, email: "sam@example.com", datingApp: "hinge", status: "created", createdAt }).run();
  if (status !== "created") ctx.store.sqlite.run("UPDATE profiles SET status = ? WHERE id = ?", [status, id]);
  mkdirSync(ctx.config.uploadsDir, { recursive: true });
  const name = newId();
  const files = [`${name}.jpg`, `${name}.thumb.jpg`];
  for (const f of files) writeFileSync(join(ctx.config.uploadsDir, f), "jpeg");
  db.insert(photos).values({ id: newId(), profileId: id, filePath: files[0]!, thumbPath: files[1]!, order: 0 }).run();
  return { id, files: files.map((f) => join(ctx.config.uploadsDir, f)) };
}

const exists = (profileId: string) => ctx.store.db.select().from(profiles).where(eq(profiles.id, profileId)).get() !== undefined;

describe("deleteUnpaidProfiles", () => {
  test(`a profile never paid for is deleted with its photos, rows and files, after UNPAID_PROFILE_HOURS (${UNPAID_PROFILE_HOURS})`, async () => {
    ctx = testContext();
    const old = profileWithPhoto("created", UNPAID_PROFILE_HOURS + 1);
    const young = profileWithPhoto("created", UNPAID_PROFILE_HOURS - 1);
    const paid = profileWithPhoto("pending", UNPAID_PROFILE_HOURS + 100);

    expect(await deleteUnpaidProfiles(ctx)).toBe(1);

    expect(exists(old.id)).toBe(false);
    expect(ctx.store.db.select().from(photos).where(eq(photos.profileId, old.id)).all()).toEqual([]);
    for (const f of old.files) expect(existsSync(f)).toBe(false);
    for (const kept of [young, paid]) {
      expect(exists(kept.id)).toBe(true);
      for (const f of kept.files) expect(existsSync(f)).toBe(true);
    }
    expect(ctx.log.lines).toContain("housekeeping: deleted 1 profile(s) never paid for within 48 hours");
  });

  test("its unpaid orders go too; a checkout started within the time keeps it", async () => {
    ctx = testContext();
    const db = ctx.store.db;
    const abandoned = insertOrder(db);
    const paying = insertOrder(db);
    const longAgo = new Date(Date.now() - (UNPAID_PROFILE_HOURS + 1) * HOUR);
    for (const { profileId, orderId } of [abandoned, paying]) {
      db.update(profiles).set({ createdAt: longAgo }).where(eq(profiles.id, profileId!)).run();
      db.update(orders).set({ createdAt: longAgo }).where(eq(orders.id, orderId)).run();
    }
    db.insert(paymentSessions).values({ id: `cs_local_${newId()}`, provider: "local", kind: "hosted", orderId: paying.orderId, amount: paying.amount, currency: "usd", status: "open" }).run();

    expect(await deleteUnpaidProfiles(ctx)).toBe(1);
    expect(exists(abandoned.profileId!)).toBe(false);
    expect(db.select().from(orders).where(eq(orders.id, abandoned.orderId)).get()).toBeUndefined();
    expect(exists(paying.profileId!)).toBe(true);
  });

  test("a checkout started late restarts the clock, and only that far: the pass after its own hours deletes the profile (the policy's promise)", async () => {
    ctx = testContext();
    const db = ctx.store.db;
    const late = insertOrder(db);
    const sent = Date.now() - (UNPAID_PROFILE_HOURS - 1) * HOUR;
    db.update(profiles).set({ createdAt: new Date(sent) }).where(eq(profiles.id, late.profileId!)).run();
    db.update(orders).set({ createdAt: new Date(sent) }).where(eq(orders.id, late.orderId)).run();
    // The customer comes back an hour before the deadline and opens the payment page, then leaves.
    const attempt = sent + (UNPAID_PROFILE_HOURS - 1) * HOUR;
    db.insert(paymentSessions).values({ id: `cs_local_${newId()}`, provider: "local", kind: "hosted", orderId: late.orderId, amount: late.amount, currency: "usd", status: "open", createdAt: new Date(attempt) }).run();

    // Past the profile's own hours, the attempt keeps it.
    expect(await deleteUnpaidProfiles(ctx, sent + (UNPAID_PROFILE_HOURS + 1) * HOUR)).toBe(0);
    expect(await deleteUnpaidProfiles(ctx, attempt + UNPAID_PROFILE_HOURS * HOUR - 60_000)).toBe(0);
    // The first hourly pass after the attempt's own hours deletes it: within UNPAID_PROFILE_DELETED_WITHIN_HOURS of the attempt.
    const pass = attempt + UNPAID_PROFILE_HOURS * HOUR + 30 * 60_000;
    expect(pass - attempt).toBeLessThanOrEqual(UNPAID_PROFILE_DELETED_WITHIN_HOURS * HOUR);
    expect(await deleteUnpaidProfiles(ctx, pass)).toBe(1);
    expect(exists(late.profileId!)).toBe(false);
  });

  test("UNPAID_PROFILE_HOURS shortens the time", async () => {
    ctx = testContext({ UNPAID_PROFILE_HOURS: "2" });
    const old = profileWithPhoto("created", 3);
    expect(await deleteUnpaidProfiles(ctx)).toBe(1);
    expect(exists(old.id)).toBe(false);
  });
});
