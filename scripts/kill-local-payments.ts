/**
 * The local provider's crash gap (issue 12, item 5): `kill -9` at random moments during local payments, then a restart.
 *
 *   bun scripts/kill-local-payments.ts [--trials 50] [--max-delay 300] [--spread 250] [--profiles 4] [--paid-first 12] [--keep]
 *
 * Each trial starts the real server (local provider: no Stripe variables) on one data folder shared by all trials,
 * prepares orders with their hosted checkout sessions (some for a submitted profile, some paid first), pays them all
 * at once the ways a customer can (the hosted page once, twice at once, beside the manual card form, the card form
 * alone; each order's payment starts at a random moment within `--spread` ms), and kills the server with SIGKILL a
 * random 0 to `--max-delay` ms into that burst. It records the state the
 * kill left, restarts the server (the start-up repair runs), and checks the SQLite file: no paid session beside an
 * unpaid order, no order paid twice, every paid order fulfilled once (one optimisation job, one confirmation) and no
 * unpaid one fulfilled, and every order whose payment was answered 200 paid. Then every way of paying an already-paid order again must be refused, and the orders the kill
 * left unpaid must still be payable, once. Prints a line per trial and a summary; exits non-zero on any violation.
 */
import { rmSync } from "node:fs";
import { tempDir } from "../src/testing/context.ts";
import { fulfilmentViolations, integrity, paymentViolations, withDataDir } from "../src/testing/crash-checks.ts";
import { PAY_STYLES, payAgainRefusals, payHosted, paymentBurst, postJson, prepareOrders, smallPhotos, type PayableOrder } from "../src/testing/local-payments.ts";
import { startServer, type RunningServer } from "../src/testing/server.ts";

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
const TRIALS = numberArg("--trials", 50);
const MAX_DELAY_MS = numberArg("--max-delay", 300);
const SPREAD_MS = numberArg("--spread", 250);
const WITH_PROFILE = numberArg("--profiles", 4);
const PAID_FIRST = numberArg("--paid-first", 12);
const KEEP = args.includes("--keep");

// One address sends everything: the anonymous rate limits are raised as for a load test. No STRIPE_* variable
// reaches the server (startServer passes only what it is given), so the local provider runs.
const ENV = { RATE_LIMIT_SCALE: "1000" };
const dir = tempDir("kill-local-payments-");
const photos = await smallPhotos();
const started = performance.now();

interface OrderState {
  id: string;
  status: string;
  openSessions: string[];
}
function ordersState(ids: readonly string[]): OrderState[] {
  return withDataDir(dir, (db) =>
    ids.map((id) => ({
      id,
      status: db.query<{ status: string }, [string]>("SELECT status FROM orders WHERE id = ?").get(id)!.status,
      openSessions: db
        .query<{ id: string }, [string]>("SELECT id FROM payment_sessions WHERE order_id = ? AND status = 'open'")
        .all(id)
        .map((r) => r.id),
    })),
  );
}
const violations = () => withDataDir(dir, (db) => [...paymentViolations(db), ...fulfilmentViolations(db)]);

const reported = new Set<string>();
const totals = { orders: 0, requests: 0, cutOff: 0, paidAtKill: 0, paidUnanswered: 0, gapsAtKill: 0, trialsWithGap: 0, repaired: 0, refusalsTried: 0, refusalsFailed: 0, paidAfter: 0, violations: 0 };

for (let trial = 1; trial <= TRIALS; trial++) {
  const first = await startServer(ENV, dir);
  let second: RunningServer | undefined;
  try {
    const orders: PayableOrder[] = await prepareOrders(first.url, { withProfile: WITH_PROFILE, paidFirst: PAID_FIRST }, photos);
    const styles = orders.map(() => PAY_STYLES[Math.floor(Math.random() * PAY_STYLES.length)]!);
    const delay = Math.random() * MAX_DELAY_MS;

    const burst = paymentBurst(first.url, orders, (i) => styles[i]!, SPREAD_MS);
    await Bun.sleep(delay);
    first.proc.kill("SIGKILL");
    await first.proc.exited;
    const attempts = await burst;

    // What the kill left, before the start-up repair could touch it.
    const atKill = ordersState(orders.map((o) => o.orderId));
    const gapsAtKill = withDataDir(dir, paymentViolations).filter((p) => orders.some((o) => p.includes(o.orderId))).length;

    // A customer who was told "paid" must find the order paid, whatever the kill did after the answer.
    const toldPaid = new Set(attempts.filter((a) => a.status === 200).map((a) => a.orderId));
    const lost = atKill.filter((o) => toldPaid.has(o.id) && o.status !== "paid").map((o) => `order ${o.id} answered 200 but is ${o.status} after the kill`);

    second = await startServer(ENV, dir);
    const repaired = (second.output().match(/repaired: local payment/g) ?? []).length;
    const problems = [...lost, ...violations()];

    // Paying an order that is paid must be refused every way, its open sessions too.
    const afterRestart = ordersState(orders.map((o) => o.orderId));
    const paid = afterRestart.filter((o) => o.status === "paid");
    const refusals = await payAgainRefusals(second.url, paid.map((o) => ({ orderId: o.id, openSessionIds: o.openSessions })));
    problems.push(...refusals.problems);

    // What the kill left unpaid is still payable, once: a new checkout (or the open session it hands back) pays it.
    let paidAfter = 0;
    for (const order of afterRestart.filter((o) => o.status !== "paid")) {
      const session = await postJson(`${second.url}/api/create-checkout-session`, { orderId: order.id });
      const body = (await session.json()) as { sessionId?: string; message?: string };
      if (session.status !== 200 || !body.sessionId) {
        problems.push(`unpaid order ${order.id}: a new checkout was refused (${session.status} ${body.message ?? ""})`);
        continue;
      }
      const res = await payHosted(second.url, body.sessionId);
      if (res.status === 200) paidAfter++;
      else problems.push(`unpaid order ${order.id}: paying after the restart answered ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    problems.push(...violations());
    // The file is checked whole every trial: a violation left by an earlier trial is reported once.
    const fresh = [...new Set(problems)].filter((p) => !reported.has(p));
    for (const p of fresh) reported.add(p);
    const left = ordersState(orders.map((o) => o.orderId)).filter((o) => o.status !== "paid");
    for (const o of left) fresh.push(`order ${o.id} is ${o.status} after the trial`);

    const cutOff = attempts.filter((a) => a.status === null).length;
    const paidAtKill = atKill.filter((o) => o.status === "paid").length;
    // Paid in the file, but the customer's request died with the server: the kill came after the commit.
    const paidUnanswered = atKill.filter((o) => o.status === "paid" && !toldPaid.has(o.id)).length;
    totals.orders += orders.length;
    totals.requests += attempts.length;
    totals.cutOff += cutOff;
    totals.paidAtKill += paidAtKill;
    totals.paidUnanswered += paidUnanswered;
    totals.gapsAtKill += gapsAtKill;
    if (gapsAtKill > 0) totals.trialsWithGap++;
    totals.repaired += repaired;
    totals.refusalsTried += refusals.tried;
    totals.refusalsFailed += refusals.problems.length;
    totals.paidAfter += paidAfter;
    totals.violations += fresh.length;
    const answered = attempts
      .filter((a) => a.status !== null)
      .reduce<Record<number, number>>((n, a) => ({ ...n, [a.status!]: (n[a.status!] ?? 0) + 1 }), {});
    console.log(
      `trial ${String(trial).padStart(2)}/${TRIALS}: killed ${delay.toFixed(0).padStart(3)} ms into ${attempts.length} payment requests ` +
        `(answered ${Object.entries(answered).map(([s, n]) => `${n}×${s}`).join(" ") || "none"}, cut off ${cutOff}); ` +
        `paid at the kill ${paidAtKill}/${orders.length} (${paidUnanswered} unanswered), new gaps at the kill ${gapsAtKill}, repaired at start ${repaired}; ` +
        `pay-again refused ${refusals.tried - refusals.problems.length}/${refusals.tried}, paid after restart ${paidAfter}; ` +
        `violations ${fresh.length}`,
    );
    for (const p of fresh) console.log(`  VIOLATION ${p}`);
  } finally {
    if (!first.proc.killed) first.proc.kill("SIGKILL");
    await second?.stop();
  }
}

const sound = withDataDir(dir, integrity);
const seconds = (performance.now() - started) / 1000;
console.log(
  `summary: ${TRIALS} trials in ${seconds.toFixed(0)} s; ${totals.orders} orders, ${totals.requests} payment requests, ${totals.cutOff} cut off by the kill; ` +
    `${totals.paidAtKill} orders paid when killed (${totals.paidUnanswered} of them with the customer's request cut off), ${totals.gapsAtKill} paid sessions beside an unpaid order at the kill (trials with one: ${totals.trialsWithGap}), ${totals.repaired} repaired at start; ` +
    `${totals.refusalsTried} attempts to pay a paid order again, ${totals.refusalsTried - totals.refusalsFailed} refused; ` +
    `${totals.paidAfter} left unpaid by the kill and paid after the restart; integrity_check ${sound}; violations ${totals.violations}`,
);
if (KEEP) console.log(`data kept in ${dir}`);
else rmSync(dir, { recursive: true, force: true });
if (totals.violations > 0 || sound !== "ok") process.exit(1);
