/**
 * The way past one process (docs/operations.md, Capacity): two real servers on one SQLite file share the job loop
 * through its leases (src/jobs/loop.ts). 200 orders are paid at once; every optimisation and every confirmation
 * e-mail is made exactly once, split between the two processes.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore, writeTransaction } from "./db/client.ts";
import { newId } from "./db/ids.ts";
import { jobs, orders, profiles } from "./db/schema.ts";
import { fulfil } from "./payments/fulfil.ts";
import { PLANS, type PlanId } from "./shared/orders/plans.ts";
import { tempDir } from "./testing/context.ts";
import { startServer, type RunningServer } from "./testing/server.ts";
import { startSmtpServer, type TestSmtpServer } from "./testing/smtp-server.ts";

const ORDERS = 200;
const dir = tempDir("two-processes-");
let smtp: TestSmtpServer;
const servers: RunningServer[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = { SMTP_URL: smtp.url, OPTIMISE_CONCURRENCY: "2" };
  // One after the other: the first applies the migrations, the second finds nothing to apply.
  servers.push(await startServer(env, dir));
  servers.push(await startServer(env, dir));
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.stop();
  await smtp.close();
  await servers[0]?.cleanup();
});

test(`two servers on one database file: ${ORDERS} paid orders, every optimisation and e-mail made exactly once`, async () => {
  const store = openStore(join(dir, "app.sqlite"));
  const plans: PlanId[] = ["basic", "premium", "elite"];
  const paid: { orderId: string; profileId: string; email: string }[] = [];
  try {
    // Paid as the payment webhook pays them (`fulfil`: the order paid, its optimisation and e-mail queued), all at once.
    for (let i = 0; i < ORDERS; i++) {
      const plan = PLANS[plans[i % 3]!];
      const profileId = newId();
      const orderId = newId();
      const email = `customer${i}@example.com`;
      writeTransaction(store.db, (tx) => {
        tx.insert(profiles).values({ id: profileId, email, datingApp: "tinder", status: "created", bio: `Customer ${i}: hiking, cooking and live music.` }).run();
        tx.insert(orders).values({ id: orderId, planId: plan.id, amount: plan.priceCents, profileId }).run();
      });
      fulfil(store.db, { orderId, provider: "local", reference: newId(), amount: plan.priceCents, currency: "usd" });
      paid.push({ orderId, profileId, email });
    }

    const unfinished = () => store.db.select({ id: jobs.id, status: jobs.status }).from(jobs).all().filter((j) => j.status !== "done");
    for (const started = Date.now(); unfinished().length > 0; await Bun.sleep(250)) {
      if (Date.now() - started > 120_000) throw new Error(`${unfinished().length} job(s) unfinished after 120 s:\n${servers.map((s) => s.output().slice(-2000)).join("\n---\n")}`);
    }

    const all = store.db.select().from(jobs).all();
    const optimise = all.filter((j) => j.kind === "optimise-profile");
    const mail = all.filter((j) => j.kind.startsWith("mail:"));
    expect(optimise).toHaveLength(ORDERS);
    expect(mail).toHaveLength(ORDERS);
    // Each claimed once: a second claim (a lease taken twice) would count a second attempt.
    expect(all.filter((j) => j.attempts !== 1).map((j) => `${j.kind} ${j.id}: ${j.attempts} attempts`)).toEqual([]);

    // Every profile optimised once, by one process or the other, and both processes took part.
    const lines = servers.map((s) => s.output().split("\n").filter((l) => / optimise \S+: completed/.test(l)));
    const optimised = lines.flat().map((l) => l.match(/optimise (\S+): completed/)![1]!);
    expect(optimised.sort()).toEqual(paid.map((p) => p.profileId).sort());
    for (const mine of lines) expect(mine.length).toBeGreaterThan(0);
    const statuses = store.db.select({ status: profiles.status }).from(profiles).all().map((p) => p.status);
    expect(new Set(statuses)).toEqual(new Set(["completed"]));

    // Every confirmation e-mail delivered once: one message per customer, none twice.
    await smtp.waitFor(ORDERS, 30_000);
    await Bun.sleep(500);
    const recipients = smtp.received.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address);
    expect(recipients.sort()).toEqual(paid.map((p) => p.email).sort());
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(ORDERS);
    for (const server of servers) expect(server.output()).not.toContain("ERROR");
  } finally {
    store.close();
  }
}, 180_000);
