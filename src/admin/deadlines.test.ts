import { afterAll, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../db/ids.ts";
import { profiles } from "../db/schema.ts";
import { jobHandlers } from "../background.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";
import { testContext } from "../testing/context.ts";
import { queueDeadlineAlerts } from "./deadlines.ts";

const ctx = testContext({ SUPPORT_EMAIL: "help@profileboost.test" });
afterAll(() => ctx.cleanup());
const HOUR = 3600_000;

function profile(inHours: number, status: ProfileStatus = "processing", emailSent = false) {
  const id = newId();
  ctx.store.db.insert(profiles).values({ id, email: "a@example.com", datingApp: "hinge", status, emailSent, deadlineAt: new Date(Date.now() + inHours * HOUR) }).run();
  return id;
}

test("one alert per unreleased profile within two hours of its deadline (or past it), sent to support", async () => {
  const soon = profile(1.5);
  const overdue = profile(-3, "completed");
  profile(5);
  profile(1, "completed", true);
  profile(1, "created");
  expect(queueDeadlineAlerts(ctx.store.db)).toBe(2);
  // The minute-by-minute check finds them again and queues nothing new.
  expect(queueDeadlineAlerts(ctx.store.db)).toBe(0);
  await createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx) }).runDue();
  const files = readdirSync(ctx.config.outboxDir).filter((f) => f.startsWith("mail-deadline-alert"));
  const mails = files.map((f) => readFileSync(join(ctx.config.outboxDir, f), "utf8"));
  expect(mails.some((m) => m.includes(soon))).toBe(true);
  expect(mails.some((m) => m.includes(overdue))).toBe(true);
  expect(mails.every((m) => /^To: help@profileboost\.test$/m.test(m))).toBe(true);
  expect(files).toHaveLength(2);
});
