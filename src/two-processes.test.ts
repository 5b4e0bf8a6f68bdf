/**
 * The way past one process (docs/operations.md, Capacity): two real servers on one SQLite file share the job loop
 * through its leases (src/jobs/loop.ts). 200 orders are paid at once; every optimisation and every confirmation
 * e-mail is made exactly once, split between the two processes. They share one uploads folder too: one restarts
 * while the other is mid-upload, and no photo is lost (decision 152).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import { openStore, writeTransaction } from "./db/client.ts";
import { newId } from "./db/ids.ts";
import { jobs, orders, photos, profiles } from "./db/schema.ts";
import { fulfil } from "./payments/fulfil.ts";
import { PLANS, type PlanId } from "./shared/orders/plans.ts";
import { tempDir } from "./testing/context.ts";
import { startServer, type RunningServer } from "./testing/server.ts";
import { startSmtpServer, type TestSmtpServer } from "./testing/smtp-server.ts";
import { plainJpeg } from "./testing/test-images.ts";

const ORDERS = 200;
const dir = tempDir("two-processes-");
let smtp: TestSmtpServer;
const servers: RunningServer[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  env = { SMTP_URL: smtp.url, OPTIMISE_CONCURRENCY: "2", UPLOAD_MIN_BYTES_PER_SECOND: "1", RATE_LIMIT_SCALE: "1000" };
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

/** A profile submission of three photos, as the upload form sends it. */
async function submissionBody(n: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const form = new FormData();
  form.append("profile", JSON.stringify({ email: `uploader${n}@example.com`, dating_app: "tinder", bio: "Shared uploads folder." }));
  for (const colour of ["#c04080", "#4080c0", "#80c040"]) {
    form.append("photos", new File([new Uint8Array(await plainJpeg(640, 480, colour))], `${colour.slice(1)}.jpg`, { type: "image/jpeg" }));
  }
  const encoded = new Response(form);
  // Read before the body: Bun drops a FormData body's content type once the body is consumed.
  const type = encoded.headers.get("content-type")!;
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), type };
}

async function submit(url: string, n: number): Promise<Response> {
  const { bytes, type } = await submissionBody(n);
  return await fetch(`${url}/api/profiles`, { method: "POST", body: bytes, headers: { "Content-Type": type } });
}

test("two servers on one uploads folder: one restarts while the other is mid-upload, and no photo is lost", async () => {
  const uploads = join(dir, "uploads");
  const incoming = join(uploads, ".incoming");
  const pending = () => (existsSync(incoming) ? readdirSync(incoming).filter((name) => statSync(join(incoming, name)).size > 0) : []);

  // An upload to the first server held halfway: its first photos are files in .incoming/, no row names them yet.
  const { bytes, type } = await submissionBody(0);
  let resume!: () => void;
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  const halves = [bytes.subarray(0, bytes.length / 2), bytes.subarray(bytes.length / 2)];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (halves.length === 1) await resumed;
      const next = halves.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  const held = fetch(`${servers[0]!.url}/api/profiles`, { method: "POST", body, headers: { "Content-Type": type }, duplex: "half" } as RequestInit);
  const during: Promise<Response>[] = [];
  try {
    for (const started = Date.now(); pending().length === 0; await Bun.sleep(20)) {
      if (Date.now() - started > 10_000) throw new Error(`the held upload never reached .incoming/:\n${servers[0]!.output()}`);
    }

    // Meanwhile the first server keeps taking uploads, and the second restarts on the same folder.
    let restarted = false;
    const uploading = (async () => {
      for (let n = 1; !restarted; n++) {
        const res = submit(servers[0]!.url, n);
        during.push(res);
        await res;
      }
    })();
    await servers[1]!.stop();
    servers[1] = await startServer(env, dir);
    restarted = true;
    await uploading;
    expect(servers[1].output()).toContain("another server uses");
    expect(pending().length).toBeGreaterThan(0);
  } finally {
    // Sent on whatever happened, so a failure above does not leave the request (and the server) waiting.
    resume();
  }

  const after = [0, 1, 0, 1].map((i, n) => submit(servers[i]!.url, 100 + n));
  const responses = await Promise.all([held, ...during, ...after]);
  const answers = await Promise.all(responses.map(async (res) => ({ status: res.status, body: (await res.json()) as { id: string } })));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
  expect(answers.length).toBeGreaterThanOrEqual(6);

  // Every photo and thumbnail of every submission is in the folder whole, and nothing else is.
  const store = openStore(join(dir, "app.sqlite"));
  try {
    const rows = store.db.select().from(photos).where(inArray(photos.profileId, answers.map((a) => a.body.id))).all();
    expect(rows).toHaveLength(answers.length * 3);
    for (const row of rows) {
      expect(statSync(join(uploads, row.filePath)).size).toBe(row.bytes!);
      expect(statSync(join(uploads, row.thumbPath!)).size).toBeGreaterThan(0);
    }
    const files = readdirSync(uploads).filter((name) => name.endsWith(".jpg")).sort();
    expect(files).toEqual(rows.flatMap((r) => [r.filePath, r.thumbPath!]).sort());
  } finally {
    store.close();
  }
  for (const server of servers) expect(server.output()).not.toContain("ERROR");
}, 60_000);
