/**
 * What the crash and fault scripts (scripts/kill-local-payments.ts, scripts/faults.ts) check in the SQLite file a
 * killed server left behind: that no payment is half-recorded or recorded twice, that every paid order was fulfilled
 * once, that every queued e-mail arrived (a repeat allowed only in the documented window: once, with the same
 * Message-ID), and that the file itself is sound. Each check answers one line per problem; no line means it held.
 * Read-only: the checks run beside a live server.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { messageIdFor } from "../mail/transports.ts";

/** The database file a server started by src/testing/server.ts keeps in `dir`, opened read-only. */
export function openDataDir(dir: string): Database {
  const db = new Database(join(dir, "app.sqlite"), { readonly: true });
  db.run("PRAGMA busy_timeout = 5000");
  return db;
}

/** Runs `fn` on the file in `dir` and closes it again, so no reader holds the WAL open between looks. */
export function withDataDir<T>(dir: string, fn: (db: Database) => T): T {
  const db = openDataDir(dir);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check`: "ok", or the problems SQLite found, one per line. */
export function integrity(db: Database): string {
  return db
    .query<{ integrity_check: string }, []>("PRAGMA integrity_check")
    .all()
    .map((r) => r.integrity_check)
    .join("\n");
}

/**
 * The payment ledger against the orders: a paid session beside an unpaid order (the crash gap of issue 12: the order
 * could be paid again), two paid sessions for one order, a paid order whose reference is not a paid session of its
 * own, and a local order marked paid with no paid session behind it.
 */
export function paymentViolations(db: Database): string[] {
  const problems: string[] = [];
  for (const row of db
    .query<{ id: string; order_id: string; status: string }, []>(
      `SELECT s.id, s.order_id, o.status FROM payment_sessions s JOIN orders o ON o.id = s.order_id
       WHERE s.status = 'paid' AND o.status NOT IN ('paid', 'refunded')`,
    )
    .all()) {
    problems.push(`paid session ${row.id} beside order ${row.order_id}, which is ${row.status}`);
  }
  for (const row of db
    .query<{ order_id: string; n: number }, []>(
      "SELECT order_id, count(*) AS n FROM payment_sessions WHERE status = 'paid' AND order_id IS NOT NULL GROUP BY order_id HAVING n > 1",
    )
    .all()) {
    problems.push(`order ${row.order_id} paid twice: ${row.n} paid sessions`);
  }
  for (const row of db
    .query<{ id: string; payment_reference: string | null; payment_provider: string | null }, []>(
      `SELECT o.id, o.payment_reference, o.payment_provider FROM orders o
       WHERE o.status IN ('paid', 'refunded') AND o.payment_provider = 'local' AND NOT EXISTS (
         SELECT 1 FROM payment_sessions s WHERE s.id = o.payment_reference AND s.order_id = o.id AND s.status = 'paid')`,
    )
    .all()) {
    problems.push(`order ${row.id} is paid with reference ${row.payment_reference ?? "(none)"}, which is no paid session of its own`);
  }
  return problems;
}

/**
 * Fulfilment against the orders: a paid order with a profile has exactly one optimisation job and one order
 * confirmation and a profile past `created`; an order that is not paid has none (fulfilled without payment).
 */
export function fulfilmentViolations(db: Database): string[] {
  const problems: string[] = [];
  const perOrder = db
    .query<{ id: string; status: string; profile_id: string | null; profile_status: string | null; optimise: number; confirm: number }, []>(
      `SELECT o.id, o.status, o.profile_id, p.status AS profile_status,
         (SELECT count(*) FROM jobs j WHERE j.kind = 'optimise-profile' AND json_extract(j.payload, '$.orderId') = o.id
            AND coalesce(json_extract(j.payload, '$.reason'), 'initial') = 'initial') AS optimise,
         (SELECT count(*) FROM jobs j WHERE j.kind = 'mail:order-confirmation' AND json_extract(j.payload, '$.orderId') = o.id) AS confirm
       FROM orders o LEFT JOIN profiles p ON p.id = o.profile_id`,
    )
    .all();
  for (const o of perOrder) {
    if (o.status === "paid" && o.profile_id) {
      if (o.optimise !== 1) problems.push(`paid order ${o.id} has ${o.optimise} optimisation jobs (one expected)`);
      if (o.confirm !== 1) problems.push(`paid order ${o.id} has ${o.confirm} order confirmations (one expected)`);
      if (o.profile_status === "created") problems.push(`paid order ${o.id}: its profile is still waiting for payment`);
    } else if (o.status !== "paid" && o.status !== "refunded" && (o.optimise > 0 || o.confirm > 0)) {
      problems.push(`order ${o.id} is ${o.status} but was fulfilled (${o.optimise} optimisation jobs, ${o.confirm} confirmations)`);
    }
  }
  return problems;
}

/** A message as the test SMTP server received it. */
export interface ReceivedMail {
  messageId?: string;
}

export interface MailTally {
  /** Mail jobs: each is one logical message. */
  expected: number;
  /** Logical messages that arrived at least once. */
  delivered: number;
  /** Messages that arrived a second time with the same Message-ID: the documented window. */
  repeats: number;
  /** Every message the SMTP server accepted. */
  received: number;
  problems: string[];
}

/**
 * Every mail job in the database against what the SMTP server received, matched by the Message-ID the mailer derives
 * from the job's key: a job done whose message never arrived is lost, a message that arrived more than twice (or
 * twice when `allowRepeat` is false) is doubled, a message no job accounts for is unexpected, and a job that is not
 * done was not delivered. `allowRepeat`: one repeat per message is the documented window of a crash between the SMTP
 * server's acceptance and the database update (docs/decisions/096-results-email-exactly-once.md).
 */
export function mailTally(db: Database, received: readonly ReceivedMail[], options: { from: string; allowRepeat: boolean }): MailTally {
  const installation = db.query<{ value: string }, []>("SELECT value FROM settings WHERE key = 'installation_id'").get()?.value;
  const jobs = db.query<{ id: number; kind: string; status: string; idempotency_key: string }, []>("SELECT id, kind, status, idempotency_key FROM jobs WHERE kind LIKE 'mail:%' ORDER BY id").all();
  const copies = new Map<string, number>();
  for (const mail of received) copies.set(mail.messageId ?? "(none)", (copies.get(mail.messageId ?? "(none)") ?? 0) + 1);

  const problems: string[] = [];
  const known = new Set<string>();
  let delivered = 0;
  let repeats = 0;
  for (const job of jobs) {
    const messageId = installation ? messageIdFor(job.idempotency_key, options.from, installation) : "(no installation id)";
    known.add(messageId);
    const n = copies.get(messageId) ?? 0;
    if (job.status !== "done") problems.push(`mail ${job.idempotency_key} not delivered: its job is ${job.status}`);
    else if (n === 0) problems.push(`mail ${job.idempotency_key} lost: its job is done but nothing arrived`);
    if (n > 0) delivered++;
    if (n > 1) repeats += n - 1;
    if (n > (options.allowRepeat ? 2 : 1)) problems.push(`mail ${job.idempotency_key} arrived ${n} times`);
  }
  for (const [messageId, n] of copies) {
    if (!known.has(messageId)) problems.push(`${n} message(s) with Message-ID ${messageId} that no mail job accounts for`);
  }
  return { expected: jobs.length, delivered, repeats, received: received.length, problems };
}

/** Jobs not finished: for "nothing stuck" (after the work should have settled) and for waiting until it has. */
export function unfinishedJobs(db: Database, kindLike = "%"): { queued: number; running: number; failed: number } {
  const row = db
    .query<{ queued: number; running: number; failed: number }, [string]>(
      `SELECT coalesce(sum(status = 'queued'), 0) AS queued, coalesce(sum(status = 'running'), 0) AS running, coalesce(sum(status = 'failed'), 0) AS failed
       FROM jobs WHERE kind LIKE ?`,
    )
    .get(kindLike)!;
  return row;
}

/** The figures the kill loops end with. */
export function tableCounts(db: Database) {
  const n = (sql: string) => db.query<{ n: number }, []>(sql).get()!.n;
  return {
    orders: n("SELECT count(*) AS n FROM orders"),
    paidOrders: n("SELECT count(*) AS n FROM orders WHERE status = 'paid'"),
    paidSessions: n("SELECT count(*) AS n FROM payment_sessions WHERE status = 'paid'"),
    results: n("SELECT count(*) AS n FROM profiles WHERE status = 'completed' AND working_version_id IS NOT NULL"),
    failedProfiles: n("SELECT count(*) AS n FROM profiles WHERE status = 'failed'"),
    mailJobs: n("SELECT count(*) AS n FROM jobs WHERE kind LIKE 'mail:%'"),
    resultsSent: n("SELECT count(*) AS n FROM profiles WHERE email_sent = 1"),
  };
}
