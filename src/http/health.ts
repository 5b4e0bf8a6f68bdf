/**
 * The two probes a deployment watches.
 *
 * `GET /healthz`: alive. The process answers and its database connection answers a `SELECT 1`; cheap enough for
 * Docker's HEALTHCHECK every 30 s. When it fails, restarting the process is the cure.
 *
 * `GET /readyz`: ready for customers. Every check must pass for a 200: the database takes a write (a row of
 * `settings` records when the check last ran), every migration of the migrations folder is applied, the job loop is
 * running (paid orders get optimised, mail goes out), the uploads folder takes a file (and the photo bucket, when
 * there is one, answers), and the file systems of the
 * uploads folder and of the database have at least MIN_FREE_DISK_MB free. Otherwise a 503 whose message names the
 * failing checks. Both answer JSON with `Cache-Control: no-store`.
 *
 * The route is public, so answers carry no paths and no system messages; the log has them, once when a check starts
 * failing and once when it recovers, rather than at every probe. Results are shared for `cacheMs` (1 s), so a
 * flood of requests cannot turn into a flood of database writes and fsyncs.
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { AppContext } from "../context.ts";
import { DEFAULT_MIGRATIONS_DIR, writeTransaction } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { settings } from "../db/schema.ts";
import { errorMessage } from "../shared/error-message.ts";
import { incomingDir } from "../photos/pipeline.ts";
import { freeBytes } from "./disk-space.ts";

export interface HealthOptions {
  /** Whether the job loop's workers are polling; absent (an app built without a loop), the loop counts as stopped. */
  jobLoopRunning?: () => boolean;
  /** How long one run of the readiness checks answers every request; 0 runs them for each request. */
  cacheMs?: number;
}

export const READY_CHECKS = ["database", "migrations", "jobLoop", "uploads", "disk"] as const;
export type ReadyCheckName = (typeof READY_CHECKS)[number];

/** What a readiness check answers publicly; `problem` is set when it fails. */
export interface ReadyCheck {
  ok: boolean;
  problem?: string;
  [detail: string]: unknown;
}

/** A check's outcome with what only the log sees (the system's message). */
interface CheckOutcome {
  check: ReadyCheck;
  cause?: unknown;
}

/** The `settings` row the database check writes: the time of the last readiness check. */
export const READY_PROBE_KEY = "readyz_checked_at";

const MB = 2 ** 20;

export function healthRouter(ctx: AppContext, options: HealthOptions = {}) {
  const app = new Hono();
  const cacheMs = options.cacheMs ?? 1000;
  const failing = new Set<ReadyCheckName>();
  let last: { at: number; checks: Promise<Record<ReadyCheckName, CheckOutcome>> } | undefined;

  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    try {
      ctx.store.sqlite.query("SELECT 1").get();
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable", message: "The database is not reachable." }, 503);
    }
  });

  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    const now = Date.now();
    if (!last || now - last.at >= cacheMs) last = { at: now, checks: runChecks() };
    const outcomes = await last.checks;
    logChanges(outcomes);
    const checks = Object.fromEntries(READY_CHECKS.map((name) => [name, outcomes[name].check])) as Record<ReadyCheckName, ReadyCheck>;
    const failed = READY_CHECKS.filter((name) => !checks[name].ok);
    if (failed.length === 0) return c.json({ status: "ready", checks });
    const message = `Not ready: ${failed.map((name) => `${name} (${checks[name].problem})`).join("; ")}.`;
    return c.json({ status: "unavailable", message, failing: failed, checks }, 503);
  });

  async function runChecks(): Promise<Record<ReadyCheckName, CheckOutcome>> {
    const [database, migrations, jobLoop, uploads, disk] = await Promise.all([
      guarded(checkDatabase, "the database does not take writes"),
      guarded(checkMigrations, "the migrations could not be compared"),
      guarded(checkJobLoop, "the job loop is not running"),
      guarded(checkUploads, "the uploads folder does not take files"),
      guarded(checkDisk, "the free disk space could not be read"),
    ]);
    return { database, migrations, jobLoop, uploads, disk };
  }

  /** A check that throws has failed with `problem`; the error goes to the log. */
  async function guarded(check: () => CheckOutcome | Promise<CheckOutcome>, problem: string): Promise<CheckOutcome> {
    try {
      return await check();
    } catch (err) {
      return { check: { ok: false, problem }, cause: err };
    }
  }

  function checkDatabase(): CheckOutcome {
    const value = new Date().toISOString();
    writeTransaction(ctx.store.db, (tx) => {
      tx.insert(settings).values({ key: READY_PROBE_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
    });
    const written = ctx.store.db.select().from(settings).where(eq(settings.key, READY_PROBE_KEY)).get();
    if (written?.value !== value) return { check: { ok: false, problem: "the database did not keep a write" } };
    return { check: { ok: true } };
  }

  /** Drizzle applies every migration of the journal newer than the newest one recorded; the same rule counts them. */
  function checkMigrations(): CheckOutcome {
    const dir = ctx.config.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
    const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };
    const { newest } = ctx.store.sqlite.query<{ newest: number | string | null }, []>("SELECT max(created_at) AS newest FROM __drizzle_migrations").get()!;
    const pending = journal.entries.filter((entry) => newest === null || entry.when > Number(newest));
    if (pending.length > 0) {
      return {
        check: { ok: false, problem: `${pending.length} migration(s) not applied; a restart applies them`, pending: pending.map((e) => e.tag) },
      };
    }
    return { check: { ok: true, applied: journal.entries.length } };
  }

  function checkJobLoop(): CheckOutcome {
    return options.jobLoopRunning?.() === true ? { check: { ok: true } } : { check: { ok: false, problem: "the job loop is not running" } };
  }

  /** A file written and removed where uploads wait (`.incoming/`), which the start-up sweep empties anyway. */
  async function checkUploads(): Promise<CheckOutcome> {
    const dir = incomingDir(ctx.config.uploadsDir);
    await mkdir(dir, { recursive: true });
    const probe = join(dir, `.ready-${newId()}`);
    try {
      await writeFile(probe, "ready\n");
    } finally {
      await rm(probe, { force: true });
    }
    // With a bucket (S3_BUCKET) uploads go on there: it must answer too.
    try {
      await ctx.services.photos.reachable();
    } catch (err) {
      return { check: { ok: false, problem: "the photo bucket does not answer" }, cause: err };
    }
    return { check: { ok: true } };
  }

  async function checkDisk(): Promise<CheckOutcome> {
    const dirs = [ctx.config.uploadsDir];
    if (ctx.config.databasePath !== ":memory:") dirs.push(dirname(ctx.config.databasePath));
    const free = Math.min(...(await Promise.all(dirs.map(freeBytes))));
    const freeMb = Math.floor(free / MB);
    const minFreeMb = ctx.config.minFreeDiskBytes / MB;
    if (free < ctx.config.minFreeDiskBytes) {
      return { check: { ok: false, problem: `${freeMb} MB free, below the ${minFreeMb} MB minimum`, freeMb, minFreeMb } };
    }
    return { check: { ok: true, freeMb, minFreeMb } };
  }

  function logChanges(outcomes: Record<ReadyCheckName, CheckOutcome>): void {
    for (const name of READY_CHECKS) {
      const { check, cause } = outcomes[name];
      if (!check.ok && !failing.has(name)) {
        failing.add(name);
        ctx.log.error(`readyz: ${name} failing: ${check.problem}${cause === undefined ? "" : ` (${errorMessage(cause)})`}`);
      } else if (check.ok && failing.delete(name)) {
        ctx.log.info(`readyz: ${name} recovered`);
      }
    }
  }

  return app;
}
