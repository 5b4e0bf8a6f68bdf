/**
 * Retention of paid profiles with the real job handlers and the outbox mailer: with PHOTO_RETENTION_DAYS=0 the photos
 * go right after the results e-mail, with one receipt; with the defaults nothing goes early, and each step comes on
 * its day; the text clearing leaves only what the accounts need; a profile being remade keeps its photos; once the
 * photos are gone, revisions and regeneration are refused and the APIs say so.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq, getTableColumns } from "drizzle-orm";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { regenerate } from "../admin/actions.ts";
import { requestRevision } from "../delivery/revision.ts";
import { deletions, jobs, orders, photos, profiles } from "../db/schema.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { outboxMentioning, releasedCustomer, runJobs } from "../testing/privacy-fixtures.ts";
import { receiptJobKey } from "./deletions.ts";
import { DAY_MS } from "../shared/privacy/periods.ts";
import { DELETION_RECEIPT_MAIL } from "./receipt-kind.ts";
import { applyRetention, FREE_TEXT_COLUMNS, KEPT_COLUMNS, RETENTION_PASS, retentionDeps, retentionHousekeeping } from "./retention.ts";
import { profileKey } from "./subject.ts";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

function setup(env: Record<string, string> = {}) {
  ctx = testContext({ SUPPORT_EMAIL: "help@profileboost.test", ...env }, { optimiser: scriptedOptimiser() });
}

const profile = (id: string) => ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;
const photoRows = (id: string) => ctx.store.db.select().from(photos).where(eq(photos.profileId, id)).all();
const deletionRows = (id: string) => ctx.store.db.select().from(deletions).where(eq(deletions.profileKey, profileKey(id))).orderBy(deletions.at).all();
const onDisk = (files: string[]) => files.filter((f) => existsSync(join(ctx.config.uploadsDir, f)));
const receiptFiles = (email: string) => outboxMentioning(ctx, email).filter((name) => name.startsWith("mail-deletion-receipt-"));
const receiptText = (name: string) => readFileSync(join(ctx.config.outboxDir, name), "utf8").replace(/=\r?\n/g, "");

describe("with PHOTO_RETENTION_DAYS=0", () => {
  test("after the results e-mail the photo files and thumbnails are gone, the rows say so, and the receipt was sent once", async () => {
    setup({ PHOTO_RETENTION_DAYS: "0" });
    const customer = await releasedCustomer(ctx);
    const row = profile(customer.profileId);
    expect(row.emailSent).toBe(true);

    expect(onDisk(customer.files)).toEqual([]);
    expect(row.photosDeletedAt).toBeInstanceOf(Date);
    expect(row.photosDeletedAt!.getTime()).toBeGreaterThanOrEqual(row.emailSentAt!.getTime());
    // The text stays for PROFILE_RETENTION_DAYS more; the photo rows keep the analysis the results page shows.
    expect(row.textClearedAt).toBeNull();
    expect(row.bio).toBe("Nurse by day, sourdough baker by night.");
    expect(photoRows(customer.profileId)).toHaveLength(3);

    const [deletion, ...more] = deletionRows(customer.profileId);
    expect(more).toEqual([]);
    expect(deletion).toMatchObject({ reason: "retention", deleted: { photos: 3, text: false, email: false, profile: false, contactMessages: 0 } });
    expect(deletion!.receiptTo).toBeNull();
    expect(deletion!.receiptSentAt).toBeInstanceOf(Date);

    const sent = receiptFiles(customer.email);
    expect(sent).toHaveLength(1);
    const text = receiptText(sent[0]!);
    expect(text).toContain("Subject: Your photos have been deleted from ProfileBoost");
    expect(text).toContain("Your 3 photos and their thumbnails.");
    expect(text).toContain("As our privacy policy promises, right after we sent you your results, on");
    // The receipt names no profile id and quotes none of the customer's text.
    expect(text).not.toContain(customer.profileId);
    expect(text).not.toContain("sourdough");

    // Every later pass (the hourly one, a second results e-mail's) finds nothing more to do or send.
    await retentionHousekeeping(ctx);
    await runJobs(ctx);
    expect(deletionRows(customer.profileId)).toHaveLength(1);
    expect(receiptFiles(customer.email)).toHaveLength(1);
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.kind, DELETION_RECEIPT_MAIL.kind)).all()).toHaveLength(1);
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.kind, RETENTION_PASS.kind)).get()?.status).toBe("done");
  });

  test("with PROFILE_RETENTION_DAYS=0 too, photos and text go together: one deletion, one receipt", async () => {
    setup({ PHOTO_RETENTION_DAYS: "0", PROFILE_RETENTION_DAYS: "0" });
    const customer = await releasedCustomer(ctx);
    const row = profile(customer.profileId);
    expect(row.textClearedAt).toBeInstanceOf(Date);
    expect(row.email).toBe("");
    const all = deletionRows(customer.profileId);
    expect(all).toHaveLength(1);
    expect(all[0]!.deleted).toEqual({ photos: 3, text: true, email: true, profile: false, contactMessages: 0 });
    const sent = receiptFiles(customer.email);
    expect(sent).toHaveLength(1);
    expect(receiptText(sent[0]!)).toContain("Subject: Your ProfileBoost profile has been deleted");
  });
});

describe("with the default periods (30 and 365 days)", () => {
  test("nothing is deleted early; the photos go on day 30, the text and address on day 395, each with a receipt", async () => {
    setup();
    const customer = await releasedCustomer(ctx);
    const sentAt = profile(customer.profileId).emailSentAt!.getTime();
    const before = profile(customer.profileId);

    for (const day of [0, 1, 29]) await applyRetention(retentionDeps(ctx), sentAt + day * DAY_MS);
    await applyRetention(retentionDeps(ctx), sentAt + 30 * DAY_MS - 1);
    expect(onDisk(customer.files)).toEqual(customer.files);
    expect(profile(customer.profileId).photosDeletedAt).toBeNull();
    expect(deletionRows(customer.profileId)).toEqual([]);

    expect(await applyRetention(retentionDeps(ctx), sentAt + 30 * DAY_MS)).toEqual({ photos: 1, text: 0 });
    expect(onDisk(customer.files)).toEqual([]);
    await runJobs(ctx);
    expect(receiptFiles(customer.email)).toHaveLength(1);

    const photosAt = profile(customer.profileId).photosDeletedAt!.getTime();
    await applyRetention(retentionDeps(ctx), photosAt + 365 * DAY_MS - 1);
    expect(profile(customer.profileId).textClearedAt).toBeNull();
    expect(profile(customer.profileId).bio).toBe(before.bio);

    expect(await applyRetention(retentionDeps(ctx), photosAt + 365 * DAY_MS)).toEqual({ photos: 0, text: 1 });
    const after = profile(customer.profileId);
    // Every free-text column is empty, the address too; everything kept is as it was (but the dates of the deletions).
    for (const column of FREE_TEXT_COLUMNS) expect(`${column}: ${JSON.stringify(after[column])}`).toBe(`${column}: null`);
    expect(after.email).toBe("");
    for (const column of KEPT_COLUMNS.filter((c) => !["photosDeletedAt", "textClearedAt", "updatedAt"].includes(c))) {
      expect(`${column}: ${JSON.stringify(after[column])}`).toBe(`${column}: ${JSON.stringify(before[column])}`);
    }
    expect(after.textClearedAt!.getTime()).toBe(photosAt + 365 * DAY_MS);
    expect(photoRows(customer.profileId)).toEqual([]);
    // The order, its amount and its dates stay for the accounts.
    expect(ctx.store.db.select().from(orders).where(eq(orders.id, customer.orderId)).get()).toMatchObject({ status: "paid", amount: 999, profileId: customer.profileId });

    await runJobs(ctx);
    const sent = receiptFiles(customer.email);
    expect(sent).toHaveLength(2);
    const second = deletionRows(customer.profileId)[1]!;
    expect(second).toMatchObject({ reason: "retention", receiptTo: null, deleted: { photos: 0, text: true, email: true } });
    const text = receiptText(sent.find((name) => name.includes(second.id))!);
    expect(text).toContain("As our privacy policy promises, 365 days after we deleted your photos, on");
    expect(text).toContain("Your e-mail address.");
    expect(text).toContain(`Order ${customer.orderId}: Premium, $9.99, paid`);
  });

  test("every column of profiles is either free text, kept, or the address: a new column must be placed", () => {
    setup();
    const byName = new Map(Object.entries(getTableColumns(profiles)).map(([key, column]) => [column.name, key]));
    const placed = new Set<string>([...FREE_TEXT_COLUMNS, ...KEPT_COLUMNS, "email"]);
    const columns = ctx.store.sqlite.query<{ name: string }, []>("PRAGMA table_info(profiles)").all().map((c) => c.name);
    expect(columns.length).toBeGreaterThan(30);
    expect(columns.filter((name) => !placed.has(byName.get(name) ?? name))).toEqual([]);
  });

  test("a result being remade keeps its photos until it is released again; a refund before any release starts the clock", async () => {
    setup();
    const customer = await releasedCustomer(ctx);
    const sentAt = profile(customer.profileId).emailSentAt!.getTime();
    regenerate(ctx, "admin", customer.profileId);
    expect(profile(customer.profileId).status).toBe("processing");
    await applyRetention(retentionDeps(ctx), sentAt + 40 * DAY_MS);
    expect(onDisk(customer.files)).toHaveLength(6);

    const refunded = await releasedCustomer(ctx);
    ctx.store.db.update(profiles).set({ emailSent: false }).where(eq(profiles.id, refunded.profileId)).run();
    const refundedAt = Date.now();
    ctx.store.db.update(orders).set({ status: "refunded", refundedAt: new Date(refundedAt) }).where(eq(orders.id, refunded.orderId)).run();
    await applyRetention(retentionDeps(ctx), refundedAt + 30 * DAY_MS - 1);
    expect(onDisk(refunded.files)).toHaveLength(6);
    await applyRetention(retentionDeps(ctx), refundedAt + 30 * DAY_MS);
    expect(onDisk(refunded.files)).toEqual([]);
  });
});

describe("after the photos are gone", () => {
  test("revisions and regeneration are refused, the photos answer 410, the results carry no image and the dates", async () => {
    setup({ PHOTO_RETENTION_DAYS: "0" });
    const customer = await releasedCustomer(ctx);
    expect(() => requestRevision(ctx.store.db, customer.profileId, "Please make it funnier")).toThrow(/photos have been deleted/);
    expect(() => regenerate(ctx, "admin", customer.profileId)).toThrow(/photos were deleted/);
    expect(profile(customer.profileId).status).toBe("completed");

    const app = testApp(ctx);
    const [photo] = photoRows(customer.profileId);
    const res = await app.request(`/api/photos/${photo!.id}/thumbnail?profile=${customer.profileId}`);
    expect(res.status).toBe(410);
    expect(((await res.json()) as { message: string }).message).toMatch(/^This photo was deleted on \d+ \w+ \d{4}, as our privacy policy says\.$/);

    const results = (await (await app.request(`/api/profiles/${customer.profileId}/results`)).json()) as {
      profile: { photos: { image: boolean }[]; retention: { photos_deleted_at: string; photos_delete_at: null; text_delete_at: string } };
    };
    expect(results.profile.photos.map((p) => p.image)).toEqual([false, false, false]);
    const deletedAt = profile(customer.profileId).photosDeletedAt!.getTime();
    expect(results.profile.retention).toEqual({
      photos_deleted_at: new Date(deletedAt).toISOString(),
      photos_delete_at: null,
      text_delete_at: new Date(deletedAt + 365 * DAY_MS).toISOString(),
    });
  });

  test("once the text is cleared the results link answers 410 saying so", async () => {
    setup({ PHOTO_RETENTION_DAYS: "0", PROFILE_RETENTION_DAYS: "0" });
    const customer = await releasedCustomer(ctx);
    const res = await testApp(ctx).request(`/api/profiles/${customer.profileId}/results`);
    expect(res.status).toBe(410);
    expect(((await res.json()) as { message: string }).message).toMatch(/^The data of this profile was deleted on \d+ \w+ \d{4}, as our privacy policy says\./);
  });

  test("a receipt that cannot be delivered gives up and clears the address anyway", async () => {
    setup({ PHOTO_RETENTION_DAYS: "0" });
    const customer = await releasedCustomer(ctx);
    // As if every retry had failed: the job's give-up step runs.
    const [deletion] = deletionRows(customer.profileId);
    ctx.store.db.update(deletions).set({ receiptTo: customer.email, receiptSentAt: null }).where(eq(deletions.id, deletion!.id)).run();
    ctx.store.db.update(jobs).set({ status: "running", attempts: 20, leaseUntil: new Date(0) }).where(eq(jobs.idempotencyKey, receiptJobKey(deletion!.id))).run();
    await runJobs(ctx);
    expect(ctx.store.db.select().from(deletions).where(eq(deletions.id, deletion!.id)).get()!.receiptTo).toBeNull();
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.idempotencyKey, receiptJobKey(deletion!.id))).get()!.status).toBe("failed");
  });
});
