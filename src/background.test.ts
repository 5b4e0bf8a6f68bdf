/**
 * The job loop as the server starts it (./background.ts): retention's housekeeping runs at start and then every hour
 * on its own timer, with nothing else calling it. Bun's fake timers move setInterval and Date.now together, so the
 * production hour is tested as it is, without waiting for it.
 */
import { afterEach, expect, jest, test } from "bun:test";
import { Glob } from "bun";
import { and, eq, ne } from "drizzle-orm";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { jobHandlers, startJobLoop } from "./background.ts";
import type { JobKindHandler } from "./jobs/loop.ts";
import { deletions, jobs, profiles } from "./db/schema.ts";
import { DAY_MS } from "./shared/privacy/periods.ts";
import { OUTCOME_FOLLOW_UP_MAIL } from "./outcomes/outcomes.ts";
import { RETENTION_PASS } from "./privacy/retention.ts";
import { profileKey } from "./privacy/subject.ts";
import { testContext, type TestContext } from "./testing/context.ts";
import { scriptedOptimiser } from "./testing/optimisation.ts";
import { releasedCustomer, type ReleasedCustomer } from "./testing/privacy-fixtures.ts";

const MINUTE = 60_000;

let ctx: TestContext;
let loop: ReturnType<typeof startJobLoop> | undefined;
afterEach(async () => {
  await loop?.stop();
  loop = undefined;
  jest.useRealTimers();
  ctx?.cleanup();
});

/** The housekeeping pass is async (the photo store's deletions are): with fake timers it settles in microtasks. */
const settle = async () => {
  for (let i = 0; i < 2000; i++) await Promise.resolve();
};
const onDisk = (c: ReleasedCustomer) => c.files.filter((f) => existsSync(join(ctx.config.uploadsDir, f)));
const retentionDeletions = (c: ReleasedCustomer) => ctx.store.db.select().from(deletions).where(eq(deletions.profileKey, profileKey(c.profileId))).all();
/** As if the results e-mail had gone out at `at`. */
const sentAt = (c: ReleasedCustomer, at: number) => ctx.store.db.update(profiles).set({ emailSentAt: new Date(at) }).where(eq(profiles.id, c.profileId)).run();

test("startJobLoop deletes what retention made due at start, and again on the hour, with nothing else calling retention", async () => {
  ctx = testContext({ PHOTO_RETENTION_DAYS: "30" }, { optimiser: scriptedOptimiser() });
  const overdue = await releasedCustomer(ctx);
  const dueSoon = await releasedCustomer(ctx);
  // Every job of the fixtures has run (their results e-mails' own retention passes found nothing due) but the outcome
  // follow-ups, due in 14 days: whatever deletes the photos from here on is the job loop's housekeeping, not a queued job.
  expect(ctx.store.db.select().from(jobs).where(and(ne(jobs.status, "done"), ne(jobs.kind, OUTCOME_FOLLOW_UP_MAIL.kind))).all()).toEqual([]);
  const retentionJobs = ctx.store.db.select().from(jobs).where(eq(jobs.kind, RETENTION_PASS.kind)).all().length;

  jest.useFakeTimers();
  const start = Date.now();
  sentAt(overdue, start - 31 * DAY_MS);
  // Due half an hour after the start: the first hourly pass takes it, not the one at start.
  sentAt(dueSoon, start - 30 * DAY_MS + 30 * MINUTE);
  expect(onDisk(overdue)).toHaveLength(6);

  loop = startJobLoop(ctx);
  await settle();
  // At start, before the loop has run anything: the overdue photos are gone, with their record.
  expect(onDisk(overdue)).toEqual([]);
  expect(retentionDeletions(overdue)).toMatchObject([{ reason: "retention", deleted: { photos: 3, text: false } }]);
  expect(onDisk(dueSoon)).toHaveLength(6);
  expect(ctx.log.lines.some((l) => l.includes("retention: deleted the photos of 1 profile(s)"))).toBe(true);

  jest.advanceTimersByTime(59 * MINUTE);
  await settle();
  // Due since minute 30, but the next pass is on the hour.
  expect(onDisk(dueSoon)).toHaveLength(6);
  expect(ctx.store.db.select().from(profiles).where(eq(profiles.id, dueSoon.profileId)).get()!.photosDeletedAt).toBeNull();

  jest.advanceTimersByTime(MINUTE);
  await settle();
  expect(onDisk(dueSoon)).toEqual([]);
  expect(retentionDeletions(dueSoon)).toMatchObject([{ reason: "retention", deleted: { photos: 3 } }]);
  expect(ctx.store.db.select().from(profiles).where(eq(profiles.id, dueSoon.profileId)).get()!.photosDeletedAt!.getTime()).toBe(start + 60 * MINUTE);
  // Neither went through a retention job: no new one was queued.
  expect(ctx.store.db.select().from(jobs).where(eq(jobs.kind, RETENTION_PASS.kind)).all()).toHaveLength(retentionJobs);

  // The next hour finds nothing more: one deletion each.
  jest.advanceTimersByTime(60 * MINUTE);
  await settle();
  expect(retentionDeletions(overdue)).toHaveLength(1);
  expect(retentionDeletions(dueSoon)).toHaveLength(1);
});

test("every job kind declared in src/ is bound, and the kinds already stored keep their names and lanes", () => {
  ctx = testContext();
  const bound = Object.fromEntries(Object.entries(jobHandlers(ctx)).map(([kind, handler]) => [kind, (handler as JobKindHandler).lane]));
  const declared: Record<string, string> = {};
  for (const file of new Glob("**/*.{ts,tsx}").scanSync(import.meta.dir)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const [, head] of readFileSync(join(import.meta.dir, file), "utf8").matchAll(/defineJobKind\(\{(?=([^]{0,300}))/g)) {
      declared[/\bkind: "([^"]+)"/.exec(head!)![1]!] = /\blane: "([^"]+)"/.exec(head!)![1]!;
    }
  }
  expect(bound).toEqual(declared);
  // Queued rows name their kind: a renamed kind would leave the jobs of an existing database unrun.
  expect(bound).toMatchObject({
    "optimise-profile": "optimise",
    "mail:contact": "mail",
    "mail:order-confirmation": "mail",
    "mail:results": "mail",
    "mail:revision-request": "mail",
    "mail:revision-received": "mail",
    "mail:refund": "mail",
    "mail:deadline-alert": "mail",
    "mail:deletion-receipt": "mail",
    "housekeeping:retention": "housekeeping",
  });
});
