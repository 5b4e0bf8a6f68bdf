/**
 * Export and erasure (GDPR articles 15 and 17) through the API, over customers released by the real job handlers:
 * the export holds every row about the customer, column by column, and every photo byte for byte; after an erasure
 * neither the address nor the profile id is left in the database file, the uploads folder or the outbox (but for the
 * receipt, which is the customer's own copy); work queued, left running or in hand at the erasure makes and sends
 * nothing afterwards; a wrong address, bad input and hostile ids change nothing.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { regenerate, sendEmail } from "../admin/actions.ts";
import { audit } from "../admin/audit.ts";
import { startJobLoop } from "../background.ts";
import { CONTACT_MAIL, contactMailJob } from "../contact/job.ts";
import { newId } from "../db/ids.ts";
import { installationId } from "../db/installation.ts";
import { adminAudit, contactMessages, deletions, jobs, orders, profiles } from "../db/schema.ts";
import { ORDER_CONFIRMATION_MAIL } from "../delivery/confirmation.ts";
import { RESULTS_MAIL } from "../delivery/results.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createMailer } from "../mail/transports.ts";
import { OPTIMISE_PROFILE } from "../optimiser/job.ts";
import { fulfil } from "../payments/fulfil.ts";
import { insertOrder } from "../testing/payment-fixtures.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { databaseBytes, outboxMentioning, releasedCustomer, runJobs, uploadedFiles, type ReleasedCustomer } from "../testing/privacy-fixtures.ts";
import { erasedProfileRef } from "../privacy/erasure.ts";
import { AN_ADMINISTRATOR, EXPORT_JSON, type ExportDocument } from "../privacy/export.ts";
import { answerBefore, OUTCOME_FOLLOW_UP_MAIL } from "../outcomes/outcomes.ts";
import { DAY_MS } from "../shared/privacy/periods.ts";
import { retentionHousekeeping } from "../privacy/retention.ts";
import { profileKey } from "../privacy/subject.ts";
import { WRONG_EMAIL } from "./privacy.ts";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
afterEach(() => ctx?.cleanup());

function setup(env: Record<string, string> = {}) {
  ctx = testContext({ SUPPORT_EMAIL: "help@profileboost.test", ...env }, { optimiser: scriptedOptimiser() });
  app = testApp(ctx);
}

type Method = "POST" | "DELETE";
const ROUTES: [Method, (id: string) => string][] = [
  ["POST", (id) => `/api/profiles/${id}/export`],
  ["DELETE", (id) => `/api/profiles/${id}`],
];

/** What the routes and the job checks need of a customer, released or not. */
type Customer = Pick<ReleasedCustomer, "profileId" | "orderId" | "email">;

function call(method: Method, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
const exportOf = (c: Customer, email = c.email) => call("POST", `/api/profiles/${c.profileId}/export`, { email });
const erase = (c: Customer, email = c.email) => call("DELETE", `/api/profiles/${c.profileId}`, { email });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const profileRow = (id: string) => ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get();
const presentFiles = (c: ReleasedCustomer) => c.files.filter((f) => existsSync(join(ctx.config.uploadsDir, f)));

/** Jobs whose payload or key names the customer's profile, order or contact messages (as the erasure finds them). */
function jobsAbout(c: Customer) {
  const messages = rawRows("contact_messages").filter((m) => String(m.email).toLowerCase() === c.email.toLowerCase()).map((m) => m.id);
  return ctx.store.db
    .select()
    .from(jobs)
    .all()
    .filter(
      (j) =>
        [c.profileId, c.orderId].some((id) => JSON.stringify(j).includes(id)) ||
        (j.kind === CONTACT_MAIL.kind && messages.includes((j.payload as { contactMessageId: number }).contactMessageId)),
    );
}
function jobOf(c: Customer, kind: string) {
  const found = jobsAbout(c).filter((j) => j.kind === kind);
  expect(found).toHaveLength(1);
  return found[0]!;
}
/** Which e-mail an outbox file is, from its name (its job's key): "mail-results", "mail-deletion-receipt". */
const kindOfMail = (name: string) => /^mail-(contact|order-confirmation|results|deletion-receipt)-/.exec(name)?.[0].slice(0, -1) ?? name;
/** The profiles the optimiser was asked to work on, in order. */
const optimised = () => (ctx.services.optimiser as ReturnType<typeof scriptedOptimiser>).inputs.map((input) => input.profileId);

/**
 * A customer who has just paid, as the order flow leaves them: the optimisation and the order confirmation queued
 * by the payment, and a question sent through the contact form from the same address still to be mailed.
 */
function justPaid(email: string): Customer {
  const db = ctx.store.db;
  const { orderId, profileId, amount } = insertOrder(db, { plan: "premium" });
  db.update(profiles).set({ email, bio: "Nurse by day, sourdough baker by night." }).where(eq(profiles.id, profileId!)).run();
  const message = db
    .insert(contactMessages)
    .values({ firstName: "Ada", lastName: "Lovelace", email, subject: "My order", message: "When will it be ready?" })
    .returning({ id: contactMessages.id })
    .get();
  enqueueJob(db, CONTACT_MAIL, contactMailJob(message.id));
  fulfil(db, { orderId, provider: "local", reference: newId(), amount, currency: "usd" });
  return { profileId: profileId!, orderId, email };
}

/** Rows as SQLite holds them, every column, with no help from the schema. */
function rawRows(table: string): Record<string, unknown>[] {
  return ctx.store.sqlite.query<Record<string, unknown>, []>(`SELECT * FROM "${table}" ORDER BY rowid`).all();
}

/** Whether an exported value is the stored one: ISO times for milliseconds, parsed JSON for JSON text, booleans for 0/1. */
function sameValue(stored: unknown, exported: unknown): boolean {
  if (stored === null) return exported === null;
  if (typeof stored === "number" && typeof exported === "string") return Date.parse(exported) === stored;
  if (typeof stored === "number" && typeof exported === "boolean") return Number(exported) === stored;
  if (typeof stored === "string" && exported !== null && typeof exported === "object") return Bun.deepEquals(JSON.parse(stored), exported);
  return stored === exported;
}

/** Each stored row's columns, and how the export differs from them (empty when every column is there and equal). */
function differences(table: string, stored: Record<string, unknown>[], exported: Record<string, unknown>[]): string[] {
  const problems: string[] = [];
  for (const row of stored) {
    const match = exported.find((e) => e.id === row.id);
    if (!match) {
      problems.push(`${table} ${String(row.id)}: not exported`);
      continue;
    }
    for (const [column, value] of Object.entries(row)) {
      if (!(column in match)) problems.push(`${table}.${column}: missing`);
      else if (!sameValue(value, match[column])) problems.push(`${table}.${column}: ${JSON.stringify(value)} exported as ${JSON.stringify(match[column])}`);
    }
  }
  return problems;
}

/**
 * Where each table's rows are in the export; the service's own tables hold nothing about a customer. A table in
 * neither list fails the export test, so a new table must be placed.
 */
const EXPORTED_AS: Record<string, keyof ExportDocument> = {
  profiles: "profile",
  result_versions: "result_versions",
  result_releases: "result_releases",
  photos: "photos",
  orders: "orders",
  payment_sessions: "payment_sessions",
  jobs: "jobs",
  admin_audit: "audit",
  contact_messages: "contact_messages",
  deletions: "deletions",
  outcomes: "outcomes",
};
// `claims` is the team's record of who worked on which order when (src/admin/claims.ts, docs/decisions/119): the
// writer's time, not the customer's data; an erasure leaves its rows without the profile's id.
const NOT_ABOUT_CUSTOMERS = new Set(["users", "admin_sessions", "settings", "payment_events", "claims", "__drizzle_migrations", "sqlite_sequence"]);

describe("POST /api/profiles/:id/export", () => {
  test("a zip with every row stored about the customer, every column, and every photo and e-mail byte for byte; the address in any case", async () => {
    setup();
    const customer = await releasedCustomer(ctx);
    audit(ctx.store.db, { admin: "ada-ops", action: "edit", profileId: customer.profileId, detail: "optimized profile and recommendations saved" });
    answerBefore(ctx.store.db, customer.profileId, 6);

    const res = await exportOf(customer, `  ${customer.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="profileboost-data-\d{4}-\d\d-\d\d\.zip"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const doc = JSON.parse(strFromU8(zip[EXPORT_JSON]!)) as ExportDocument;

    // This database holds this one customer: every row of every table about customers must be in the export.
    const tables = ctx.store.sqlite.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((t) => t.name);
    expect(tables.filter((t) => !(t in EXPORTED_AS) && !NOT_ABOUT_CUSTOMERS.has(t))).toEqual([]);
    for (const [table, key] of Object.entries(EXPORTED_AS)) {
      const exported = (key === "profile" ? [doc.profile] : doc[key]) as Record<string, unknown>[];
      // Who acted is the role, not the administrator's username (issue 20, F2); every other column as stored.
      const stored =
        table === "admin_audit"
          ? rawRows(table).map((row) => ({ ...row, admin: AN_ADMINISTRATOR }))
          : table === "result_versions"
            ? rawRows(table).map((row) => ({ ...row, author: row.author === null ? null : AN_ADMINISTRATOR }))
            : rawRows(table);
      expect(differences(table, stored, exported)).toEqual([]);
    }
    expect(doc.audit.map((row) => [row.admin, row.action])).toEqual([["an administrator", "edit"]]);
    for (const [name, bytes] of Object.entries(zip)) expect([name, Buffer.from(bytes).includes("ada-ops")]).toEqual([name, false]);
    expect(doc.profile.email).toBe(customer.email);
    expect(doc.contact_messages).toHaveLength(1);
    expect(doc.outcomes).toEqual([expect.objectContaining({ profile_id: customer.profileId, before_matches: 6 })]);
    expect(doc.jobs.length).toBeGreaterThanOrEqual(4);
    // The released version is in it, and the release that points at it.
    expect(doc.result_versions.length).toBeGreaterThanOrEqual(1);
    expect(doc.result_versions.map((v) => v.id)).toContain(doc.result_releases[0]!.version_id);

    // The photos and thumbnails, as stored.
    expect(doc.photo_files).toHaveLength(3);
    for (const entry of doc.photo_files) {
      const row = rawRows("photos").find((p) => p.id === entry.photo_id)!;
      expect(Bun.deepEquals(zip[entry.photo!], new Uint8Array(readFileSync(join(ctx.config.uploadsDir, row.file_path as string))))).toBe(true);
      expect(Bun.deepEquals(zip[entry.thumbnail!], new Uint8Array(readFileSync(join(ctx.config.uploadsDir, row.thumb_path as string))))).toBe(true);
    }
    // The e-mails about the customer in the outbox: order confirmation, results, the contact message.
    expect(doc.mails.map((m) => m.replace(/^mails\//, "")).sort()).toEqual(outboxMentioning(ctx, customer.email).sort());
    expect(doc.mails).toHaveLength(3);
    for (const mail of doc.mails) expect(strFromU8(zip[mail]!)).toBe(readFileSync(join(ctx.config.outboxDir, mail.replace(/^mails\//, "")), "utf8"));
  });

  test("after retention deleted the photos the export says so, with the rows still whole", async () => {
    setup({ PHOTO_RETENTION_DAYS: "0" });
    const customer = await releasedCustomer(ctx);
    const doc = JSON.parse(strFromU8(unzipSync(new Uint8Array(await (await exportOf(customer)).arrayBuffer()))[EXPORT_JSON]!)) as ExportDocument;
    expect(doc.photo_files.map((f) => [f.photo, f.thumbnail])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(doc.photos).toHaveLength(3);
    expect(doc.profile.photos_deleted_at).toBeString();
    expect(doc.deletions).toHaveLength(1);
  });
});

describe("DELETE /api/profiles/:id", () => {
  test("erases at once: no file, row text or outbox mail of the customer is left, the orders keep amounts and dates, one receipt", async () => {
    setup();
    const other = await releasedCustomer(ctx, { email: "grace.hopper@example.com" });
    const customer = await releasedCustomer(ctx);
    audit(ctx.store.db, { admin: "admin", action: "refund", profileId: customer.profileId, detail: "$9.99 refunded (ref_1): duplicate order" });
    const order = ctx.store.db.select().from(orders).where(eq(orders.id, customer.orderId)).get()!;

    const res = await erase(customer, customer.email.toLowerCase());
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { message: string; deleted_at: string };
    expect(answer.message).toBe("Your data has been deleted. We are e-mailing you a receipt that lists what was deleted.");

    // At once, before any job runs: files, profile, photo rows, its jobs (all finished here; the next tests erase with
    // work queued and in flight), contact messages.
    expect(presentFiles(customer)).toEqual([]);
    expect(presentFiles(other)).toEqual(other.files);
    expect(profileRow(customer.profileId)).toBeUndefined();
    expect(ctx.store.db.select().from(orders).where(eq(orders.id, customer.orderId)).get()).toEqual({ ...order, profileId: null });
    expect(rawRows("contact_messages").map((m) => m.email)).toEqual([other.email.toUpperCase()]);
    expect(rawRows("jobs").filter((j) => JSON.stringify(j).includes(customer.profileId) || JSON.stringify(j).includes(customer.orderId))).toEqual([]);
    expect(outboxMentioning(ctx, customer.profileId)).toEqual([]);
    expect(outboxMentioning(ctx, customer.email)).toEqual([]);

    // The receipt goes out once; then the address leaves the deletion's row, and the hourly pass the WAL.
    await runJobs(ctx);
    await runJobs(ctx);
    await retentionHousekeeping(ctx);
    const [deletion, ...more] = ctx.store.db.select().from(deletions).where(eq(deletions.profileKey, profileKey(customer.profileId))).all();
    expect(more).toEqual([]);
    expect(deletion).toMatchObject({ reason: "customer", receiptTo: null, deleted: { photos: 3, text: true, email: true, profile: true, contactMessages: 1 } });
    expect(deletion!.receiptSentAt).toBeInstanceOf(Date);
    const receipts = outboxMentioning(ctx, customer.email);
    expect(receipts).toEqual([`mail-deletion-receipt-${deletion!.id}.eml`]);
    const receipt = readFileSync(join(ctx.config.outboxDir, receipts[0]!), "utf8").replace(/=\r?\n/g, "");
    expect(receipt).toContain("Subject: Your ProfileBoost data has been deleted");
    for (const line of ["Your 3 photos and their thumbnails.", "Your e-mail address.", "The message you sent us through our contact form.", `Order ${customer.orderId}: Premium, $9.99, paid`]) {
      expect(receipt).toContain(line);
    }
    expect(receipt).not.toContain(customer.profileId);

    // Searched byte for byte: the database file (and WAL), the uploads folder, the outbox.
    const bytes = databaseBytes(ctx);
    expect(bytes.includes(customer.email.toLowerCase())).toBe(false);
    expect(bytes.includes(customer.profileId)).toBe(false);
    expect(bytes.includes("sourdough baker by night")).toBe(true); // the other customer's text: the search does find what is there
    expect(bytes.includes(other.email)).toBe(true);
    expect(bytes.includes(customer.orderId)).toBe(true); // kept for the accounts
    expect(uploadedFiles(ctx).filter((path) => customer.files.some((f) => path.endsWith(f)))).toEqual([]);
    expect(outboxMentioning(ctx, customer.profileId)).toEqual([]);

    // The audit trail stays whole under the erasure's name, with its own entry.
    const trail = ctx.store.db.select().from(adminAudit).where(eq(adminAudit.profileId, erasedProfileRef(deletion!.id))).all();
    expect(trail.map((a) => a.action)).toEqual(["refund", "erase"]);
    expect(trail[1]).toMatchObject({ admin: null, detail: `erased at the customer's request; orders kept for accounting: ${customer.orderId}` });

    // The results link, the export and a second erasure say what happened.
    const results = await app.request(`/api/profiles/${customer.profileId}/results`);
    expect(results.status).toBe(410);
    expect(await message(results)).toMatch(/^The data of this profile was deleted on request on \d{1,2} \w+ \d{4}\.$/);
    for (const again of [await exportOf(customer), await erase(customer)]) {
      expect(again.status).toBe(410);
      expect(await message(again)).toMatch(/deleted on request/);
    }
    // The other customer is untouched.
    expect((await app.request(`/api/profiles/${other.profileId}/results`)).status).toBe(200);
  });

  test("a customer who has just paid: the queued optimisation, order confirmation and contact e-mail go with the erasure; nothing is made or sent", async () => {
    setup();
    const other = justPaid("grace.hopper@example.com");
    const customer = justPaid("Ada.Lovelace@Example.com");
    for (const c of [other, customer]) {
      // The contact e-mail failed once and waits for its retry.
      const retry = { attempts: 1, runAt: new Date(Date.now() + 10 * 60_000), lastError: "connection refused" };
      ctx.store.db.update(jobs).set(retry).where(eq(jobs.id, jobOf(c, CONTACT_MAIL.kind).id)).run();
    }
    const queued = [OPTIMISE_PROFILE, ORDER_CONFIRMATION_MAIL, CONTACT_MAIL].map(({ kind }) => jobOf(customer, kind));
    expect(queued.map((j) => j.status)).toEqual(["queued", "queued", "queued"]);

    expect((await erase(customer)).status).toBe(200);
    expect(ctx.store.db.select().from(jobs).where(inArray(jobs.id, queued.map((j) => j.id))).all()).toEqual([]);
    expect(jobsAbout(customer)).toEqual([]);

    // Run everything there is, on a clock a day ahead so that no retry is still waiting.
    await runJobs(ctx, () => Date.now() + DAY_MS);
    // The other customer's identical work was made and sent: the loop would have done the same for this one.
    expect(profileRow(other.profileId)!.status).toBe("completed");
    expect(outboxMentioning(ctx, other.email).map(kindOfMail).sort()).toEqual(["mail-contact", "mail-order-confirmation"]);
    expect(optimised()).toEqual([other.profileId]);
    // Of the erased customer: no profile, no result, no job, and in the outbox only their receipt.
    expect(profileRow(customer.profileId)).toBeUndefined();
    expect(jobsAbout(customer)).toEqual([]);
    expect(outboxMentioning(ctx, customer.email).map(kindOfMail)).toEqual(["mail-deletion-receipt"]);
    expect(outboxMentioning(ctx, customer.profileId)).toEqual([]);
  });

  test("a results e-mail whose runner died mid-send goes with the erasure and is never sent, where the same one of another customer is taken over", async () => {
    setup();
    const other = await releasedCustomer(ctx, { email: "grace.hopper@example.com" });
    const customer = await releasedCustomer(ctx);
    // An administrator regenerated both results and, once they were made, clicked Send Optimization Email; the
    // process sending them (another one) died mid-send, and their leases ran out.
    for (const c of [other, customer]) regenerate(ctx, "admin", c.profileId);
    await runJobs(ctx);
    for (const c of [other, customer]) sendEmail(ctx, "admin", c.profileId);
    const died = { status: "running" as const, attempts: 1, leaseOwner: "another-host:4242", leaseUntil: new Date(Date.now() - 1000) };
    ctx.store.db.update(jobs).set(died).where(and(eq(jobs.kind, RESULTS_MAIL.kind), eq(jobs.status, "queued"))).run();
    // (Besides the outcome follow-up queued with the first release, due in 14 days: it goes with the erasure too.)
    const inFlight = jobsAbout(customer).filter((j) => j.status !== "done" && j.kind !== OUTCOME_FOLLOW_UP_MAIL.kind);
    expect(inFlight.map((j) => `${j.kind} ${j.status}`)).toEqual([`${RESULTS_MAIL.kind} running`]);
    const resultsMails = (c: ReleasedCustomer) => outboxMentioning(ctx, c.email).filter((name) => kindOfMail(name) === "mail-results");
    expect(resultsMails(customer)).toHaveLength(1);

    expect((await erase(customer)).status).toBe(200);
    expect(ctx.store.db.select().from(jobs).where(inArray(jobs.id, inFlight.map((j) => j.id))).all()).toEqual([]);
    expect(jobsAbout(customer)).toEqual([]);

    await runJobs(ctx, () => Date.now() + DAY_MS);
    // The other customer's new result went out (a second results e-mail); the erased customer's did not.
    expect(resultsMails(other)).toHaveLength(2);
    expect(profileRow(other.profileId)!.emailSent).toBe(true);
    expect(profileRow(customer.profileId)).toBeUndefined();
    expect(jobsAbout(customer)).toEqual([]);
    expect(outboxMentioning(ctx, customer.email).map(kindOfMail)).toEqual(["mail-deletion-receipt"]);
    expect(outboxMentioning(ctx, customer.profileId)).toEqual([]);
  });

  test("a results e-mail being sent while the erasure runs is written after it, and removed before the receipt goes", async () => {
    // The outbox mailer, held at the customer's results e-mail until the test lets it go.
    let inner: Mailer | undefined;
    let release = () => {};
    let entered = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sending = new Promise<void>((resolve) => (entered = resolve));
    let hold = false;
    const mailer: Mailer = {
      description: "outbox, held",
      close: () => inner?.close(),
      async send(email) {
        if (hold && email.key.startsWith("mail:results:")) {
          entered();
          await held;
        }
        return await inner!.send(email);
      },
    };
    ctx = testContext({ SUPPORT_EMAIL: "help@profileboost.test" }, { optimiser: scriptedOptimiser(), mailer });
    inner = createMailer({ from: ctx.config.mail.from, outboxDir: ctx.config.outboxDir, installationId: installationId(ctx.store.db) });
    app = testApp(ctx);
    const customer = await releasedCustomer(ctx);
    regenerate(ctx, "admin", customer.profileId);
    await runJobs(ctx);
    sendEmail(ctx, "admin", customer.profileId);

    hold = true;
    const loop = startJobLoop(ctx);
    try {
      await sending;
      expect((await erase(customer)).status).toBe(200);
      expect(outboxMentioning(ctx, customer.email)).toEqual([]);
      release();
      // The mail lane's one worker finishes the results e-mail (into the outbox), then takes the receipt job.
      const receiptSent = () => ctx.store.db.select().from(deletions).where(eq(deletions.profileKey, profileKey(customer.profileId))).get()?.receiptSentAt;
      for (const deadline = Date.now() + 10_000; !receiptSent(); await Bun.sleep(20)) if (Date.now() > deadline) throw new Error("the receipt was not sent");
    } finally {
      release();
      await loop.stop();
    }
    expect(outboxMentioning(ctx, customer.email).map(kindOfMail)).toEqual(["mail-deletion-receipt"]);
    expect(outboxMentioning(ctx, customer.profileId)).toEqual([]);
    expect(profileRow(customer.profileId)).toBeUndefined();
    expect(jobsAbout(customer)).toEqual([]);
  });

  test("two erasures at once: one erases, the other finds the data gone", async () => {
    setup();
    const customer = await releasedCustomer(ctx);
    const statuses = (await Promise.all([erase(customer), erase(customer)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 410]);
    expect(ctx.store.db.select().from(deletions).all()).toHaveLength(1);
  });
});

describe("both routes refuse without changing anything", () => {
  test("a wrong address is a 403 with a message", async () => {
    setup();
    const customer = await releasedCustomer(ctx);
    for (const [method, path] of ROUTES) {
      for (const email of ["someone.else@example.com", `${customer.email}x`, customer.email.replace("@", "@@")]) {
        const res = await call(method, path(customer.profileId), { email });
        expect(`${method} ${res.status}`).toBe(`${method} 403`);
        expect(await message(res)).toBe(WRONG_EMAIL);
      }
    }
    expect(profileRow(customer.profileId)?.email).toBe(customer.email);
    expect(presentFiles(customer)).toEqual(customer.files);
    expect(ctx.store.db.select().from(deletions).all()).toEqual([]);
  });

  test("bad input: a missing, mistyped, empty or huge address, a body that is not JSON or too large", async () => {
    setup();
    const customer = await releasedCustomer(ctx);
    const cases: [body: unknown, status: number, message: RegExp, headers?: Record<string, string>][] = [
      [{}, 400, /^email is required$/],
      [{ email: null }, 400, /^email must be the e-mail address, as text$/],
      [{ email: 42 }, 400, /^email must be the e-mail address, as text$/],
      [{ email: [customer.email] }, 400, /^email must be the e-mail address, as text$/],
      [{ email: "   " }, 400, /^Please type the e-mail address your results were sent to\.$/],
      [{ email: `${"a".repeat(300)}@example.com` }, 400, /longer than 254 characters/],
      ["{ not json", 400, /./],
      ["[]", 400, /./],
      [customer.email, 415, /application\/json/, { "Content-Type": "text/plain" }],
      [{ email: customer.email, padding: "x".repeat(300 * 1024) }, 413, /larger than 256 KB/],
    ];
    for (const [method, path] of ROUTES) {
      for (const [body, status, pattern, headers] of cases) {
        const res = await call(method, path(customer.profileId), body, headers);
        const label = `${method} ${JSON.stringify(body).slice(0, 40)}`;
        expect(`${label}: ${res.status}`).toBe(`${label}: ${status}`);
        expect(await message(res)).toMatch(pattern);
      }
    }
    expect(profileRow(customer.profileId)?.bio).toBe("Nurse by day, sourdough baker by night.");
    expect(presentFiles(customer)).toEqual(customer.files);
  });

  test("unknown, malformed, hostile and never-paid ids are a 404", async () => {
    setup();
    const customer = await releasedCustomer(ctx);
    const unpaid = insertOrder(ctx.store.db, { plan: "basic" }).profileId!;
    const unpaidEmail = profileRow(unpaid)!.email;
    const ids: [id: string, email: string][] = [
      [unpaid, unpaidEmail],
      ["a".repeat(26), customer.email],
      [customer.profileId.toUpperCase(), customer.email],
      [encodeURIComponent("../../db/app.sqlite"), customer.email],
      [encodeURIComponent(`${customer.profileId}' OR '1'='1`), customer.email],
      ["%00", customer.email],
      ["x".repeat(5000), customer.email],
    ];
    for (const [method, path] of ROUTES) {
      for (const [id, email] of ids) {
        const res = await call(method, path(id), { email });
        expect(`${method} ${id.slice(0, 30)}: ${res.status}`).toBe(`${method} ${id.slice(0, 30)}: ${id === "%00" ? 400 : 404}`);
      }
    }
    expect(profileRow(unpaid)).toBeDefined();
    expect(profileRow(customer.profileId)?.email).toBe(customer.email);
    expect(ctx.store.db.select().from(deletions).all()).toEqual([]);
  });

  test("each route is rate-limited per client address: every attempt counts, and past the limit it is a 429", async () => {
    setup({ RATE_LIMIT_SCALE: "1" });
    const customer = await releasedCustomer(ctx);
    for (const [method, path, limit] of [...ROUTES.map(([m, p], i) => [m, p, i === 0 ? 10 : 5] as const)]) {
      for (let i = 0; i < limit; i++) expect((await call(method, path(customer.profileId), { email: "guess@example.com" })).status).toBe(403);
      const refused = await call(method, path(customer.profileId), { email: customer.email });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    expect(profileRow(customer.profileId)).toBeDefined();
  });
});

describe("the admin's export and erasure", () => {
  const ORIGIN = "http://localhost:3000";

  test("behind a session and the site's origin; both audited, the erasure with the address typed again and without it in the trail", async () => {
    setup();
    const cookie = adminCookie(ctx.store.db);
    const customer = await releasedCustomer(ctx);
    const adminCall = (method: Method, path: string, body: unknown, headers: Record<string, string>) => call(method, `/api/admin/profiles/${customer.profileId}${path}`, body, headers);

    expect((await adminCall("POST", "/export", {}, { Origin: ORIGIN })).status).toBe(401);
    expect((await adminCall("POST", "/export", {}, { Cookie: cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect((await adminCall("DELETE", "", { email: customer.email }, { Cookie: cookie, Origin: "https://evil.example" })).status).toBe(403);

    const exported = await adminCall("POST", "/export", {}, { Cookie: cookie, Origin: ORIGIN });
    expect(exported.status).toBe(200);
    const doc = JSON.parse(strFromU8(unzipSync(new Uint8Array(await exported.arrayBuffer()))[EXPORT_JSON]!)) as ExportDocument;
    expect(doc.profile.id).toBe(customer.profileId);
    // The trail keeps who it was (below); the customer's copy says only that an administrator did it.
    expect(doc.audit.map((a) => [a.admin, a.action])).toEqual([[AN_ADMINISTRATOR, "export"]]);

    const detail = (await (await app.request(`/api/admin/profiles/${customer.profileId}`, { headers: { Cookie: cookie } })).json()) as { photos_deleted_at: null; text_cleared_at: null };
    expect(detail).toMatchObject({ photos_deleted_at: null, text_cleared_at: null });

    const wrong = await adminCall("DELETE", "", { email: "someone@example.com" }, { Cookie: cookie, Origin: ORIGIN });
    expect(wrong.status).toBe(403);
    const erased = await adminCall("DELETE", "", { email: customer.email }, { Cookie: cookie, Origin: ORIGIN });
    expect(erased.status).toBe(200);
    expect(profileRow(customer.profileId)).toBeUndefined();
    const trail = ctx.store.db.select().from(adminAudit).all().filter((a) => a.action === "export" || a.action === "erase");
    expect(trail.map((a) => [a.admin, a.action])).toEqual([
      ["admin", "export"],
      ["admin", "erase"],
    ]);
    expect(JSON.stringify(trail)).not.toContain(customer.profileId);
    expect(JSON.stringify(trail).toLowerCase()).not.toContain(customer.email.toLowerCase());
    expect(ctx.store.db.select().from(deletions).get()!.reason).toBe("admin");
    expect(ctx.store.db.select().from(jobs).all().filter((j) => JSON.stringify(j).includes(customer.profileId))).toEqual([]);
  });
});
