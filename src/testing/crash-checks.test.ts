/**
 * The crash scripts' checks must be able to fail: each broken state a kill could leave is written by hand and must
 * be reported, and the states the product leaves must not be.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { installationId } from "../db/installation.ts";
import { jobs, orders, paymentSessions } from "../db/schema.ts";
import { CONTACT_MAIL, contactMailJob } from "../contact/job.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { messageIdFor } from "../mail/transports.ts";
import { OPTIMISE_PROFILE } from "../optimiser/job.ts";
import { fulfil } from "../payments/fulfil.ts";
import { localPayment } from "../payments/local.ts";
import { repairLocalPayments } from "../payments/local-repair.ts";
import { testContext, type TestContext } from "./context.ts";
import { fulfilmentViolations, integrity, mailTally, paymentViolations, tableCounts, unfinishedJobs, withDataDir } from "./crash-checks.ts";
import { insertOrder } from "./payment-fixtures.ts";

let ctx: TestContext;
afterEach(() => ctx.cleanup());

function localSession(orderId: string, amount: number, status: "open" | "paid") {
  const id = newId();
  ctx.store.db.insert(paymentSessions).values({ id, provider: "local", kind: "hosted", orderId, amount, currency: "usd", status }).run();
  return id;
}

/** An order paid the way the product pays it: one paid session, fulfilled. */
function paidOrder() {
  const order = insertOrder(ctx.store.db);
  const sessionId = localSession(order.orderId, order.amount, "paid");
  expect(fulfil(ctx.store.db, localPayment({ id: sessionId, orderId: order.orderId, amount: order.amount, currency: "usd" })).outcome).toBe("fulfilled");
  return { ...order, sessionId };
}

const check = () => withDataDir(ctx.dir, (db) => ({ payments: paymentViolations(db), fulfilment: fulfilmentViolations(db) }));

describe("payment and fulfilment checks", () => {
  test("what the product leaves passes: paid and fulfilled orders, unpaid orders with open sessions, a sound file", () => {
    ctx = testContext();
    paidOrder();
    paidOrder();
    const unpaid = insertOrder(ctx.store.db);
    localSession(unpaid.orderId, unpaid.amount, "open");
    insertOrder(ctx.store.db, { withProfile: false });
    expect(check()).toEqual({ payments: [], fulfilment: [] });
    withDataDir(ctx.dir, (db) => {
      expect(integrity(db)).toBe("ok");
      expect(tableCounts(db)).toMatchObject({ orders: 4, paidOrders: 2, paidSessions: 2, mailJobs: 2 });
    });
  });

  test("the crash gap of issue 12 (a paid session beside a pending order) is reported until the start-up repair runs", () => {
    ctx = testContext();
    const broken = insertOrder(ctx.store.db);
    const sessionId = localSession(broken.orderId, broken.amount, "paid");
    expect(check().payments).toEqual([`paid session ${sessionId} beside order ${broken.orderId}, which is pending`]);
    expect(repairLocalPayments(ctx)).toBe(1);
    expect(check()).toEqual({ payments: [], fulfilment: [] });
  });

  test("an order paid twice, and a paid order whose reference is no paid session of its own", () => {
    ctx = testContext();
    const twice = paidOrder();
    const second = localSession(twice.orderId, twice.amount, "paid");
    const other = paidOrder();
    ctx.store.db.update(orders).set({ paymentReference: `x${second}` }).where(eq(orders.id, other.orderId)).run();
    const { payments } = check();
    expect(payments).toContain(`order ${twice.orderId} paid twice: 2 paid sessions`);
    expect(payments).toContain(`order ${other.orderId} is paid with reference x${second}, which is no paid session of its own`);
  });

  test("fulfilment missing, doubled, or done without payment", () => {
    ctx = testContext();
    const db = ctx.store.db;
    // Marked paid behind fulfil's back: no job, no confirmation, the profile still waiting.
    const bare = insertOrder(db);
    db.update(orders).set({ status: "paid", paymentProvider: "stripe", paymentReference: "pi_1" }).where(eq(orders.id, bare.orderId)).run();
    // A second initial optimisation under another key.
    const doubled = paidOrder();
    enqueueJob(db, OPTIMISE_PROFILE, { payload: { orderId: doubled.orderId, profileId: doubled.profileId! }, idempotencyKey: `again:${doubled.orderId}` });
    // A job for an order nobody paid.
    const unpaid = insertOrder(db);
    enqueueJob(db, OPTIMISE_PROFILE, { payload: { orderId: unpaid.orderId, profileId: unpaid.profileId! }, idempotencyKey: `optimise:${unpaid.orderId}` });

    const { fulfilment } = check();
    expect(fulfilment).toContain(`paid order ${bare.orderId} has 0 optimisation jobs (one expected)`);
    expect(fulfilment).toContain(`paid order ${bare.orderId} has 0 order confirmations (one expected)`);
    expect(fulfilment).toContain(`paid order ${bare.orderId}: its profile is still waiting for payment`);
    expect(fulfilment).toContain(`paid order ${doubled.orderId} has 2 optimisation jobs (one expected)`);
    expect(fulfilment).toContain(`order ${unpaid.orderId} is pending but was fulfilled (1 optimisation jobs, 0 confirmations)`);
    expect(fulfilment).toHaveLength(5);
  });
});

describe("mailTally", () => {
  const FROM = "no-reply@faults.test";

  /** Three contact mails queued; the first two done, the third still queued. */
  function threeMails() {
    ctx = testContext();
    const db = ctx.store.db;
    const keys = [1, 2, 3].map((id) => {
      const job = contactMailJob(id);
      enqueueJob(db, CONTACT_MAIL, job);
      return job.idempotencyKey;
    });
    for (const key of keys.slice(0, 2)) db.update(jobs).set({ status: "done" }).where(eq(jobs.idempotencyKey, key)).run();
    const install = installationId(db);
    return keys.map((key) => ({ messageId: messageIdFor(key, FROM, install) }));
  }

  test("each done job's message once: delivered; a job still queued is not", () => {
    const [a, b] = threeMails();
    const tally = withDataDir(ctx.dir, (db) => mailTally(db, [a!, b!], { from: FROM, allowRepeat: false }));
    expect(tally).toMatchObject({ expected: 3, delivered: 2, repeats: 0, received: 2 });
    expect(tally.problems).toEqual(["mail mail:contact:3 not delivered: its job is queued"]);
  });

  test("one repeat with the same Message-ID is the documented window; a second repeat, a lost and a stray message are not", () => {
    const [a, b] = threeMails();
    ctx.store.db.update(jobs).set({ status: "done" }).where(eq(jobs.idempotencyKey, "mail:contact:3")).run();
    const once = withDataDir(ctx.dir, (db) => mailTally(db, [a!, a!, b!], { from: FROM, allowRepeat: true }));
    expect(once.repeats).toBe(1);
    expect(once.problems).toEqual(["mail mail:contact:3 lost: its job is done but nothing arrived"]);

    const strict = withDataDir(ctx.dir, (db) => mailTally(db, [a!, a!, b!, b!, b!, { messageId: "<stray@faults.test>" }], { from: FROM, allowRepeat: true }));
    expect(strict.repeats).toBe(3);
    expect(strict.problems).toEqual([
      "mail mail:contact:2 arrived 3 times",
      "mail mail:contact:3 lost: its job is done but nothing arrived",
      "1 message(s) with Message-ID <stray@faults.test> that no mail job accounts for",
    ]);
    // Without the window, the first repeat is already a problem.
    expect(withDataDir(ctx.dir, (db) => mailTally(db, [a!, a!, b!], { from: FROM, allowRepeat: false })).problems).toContain("mail mail:contact:1 arrived 2 times");
  });

  test("unfinishedJobs counts what is left per status", () => {
    threeMails();
    ctx.store.db.update(jobs).set({ status: "failed" }).where(eq(jobs.idempotencyKey, "mail:contact:1")).run();
    expect(withDataDir(ctx.dir, (db) => unfinishedJobs(db, "mail:%"))).toEqual({ queued: 1, running: 0, failed: 1 });
    expect(withDataDir(ctx.dir, (db) => unfinishedJobs(db, "optimise-%"))).toEqual({ queued: 0, running: 0, failed: 0 });
  });
});
