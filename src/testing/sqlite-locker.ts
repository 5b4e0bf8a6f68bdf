/**
 * Fixture for scripts/faults.ts (SQLITE_BUSY): a second process writing to the server's database file, as a cron job,
 * an admin script or a second instance would. Each write takes the write lock (BEGIN IMMEDIATE), writes one settings
 * row and keeps the lock for a while. Prints one JSON line at the end: how often and how long it held the lock.
 *
 *   bun src/testing/sqlite-locker.ts <database file> <durationMs> <longHoldMs> <longEveryMs>
 *
 * For `durationMs` it writes briefly (up to 20 ms) again and again, and about every `longEveryMs` holds the lock for
 * half to all of `longHoldMs` (a slow batch job). With `longEveryMs` 0 it holds the lock once for `longHoldMs` and
 * stops (printing "locked" once it holds the lock): a writer that outlasts the server's busy_timeout.
 */
import { Database } from "bun:sqlite";
import { writeSync } from "node:fs";

const [path, durationArg, longHoldArg, longEveryArg] = process.argv.slice(2) as [string, string, string, string];
const durationMs = Number(durationArg);
const longHoldMs = Number(longHoldArg);
const longEveryMs = Number(longEveryArg);

const db = new Database(path);
db.run("PRAGMA busy_timeout = 5000");
const write = db.prepare("INSERT INTO settings (key, value) VALUES ('fault_probe', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");

let holds = 0;
let heldMs = 0;
let longest = 0;
function hold(ms: number): void {
  let acquired = 0;
  db.transaction(() => {
    acquired = performance.now();
    write.run(String(holds));
    // Written at once (console.log to a pipe may wait in a buffer until the hold is over).
    if (longEveryMs === 0) writeSync(1, "locked\n");
    Bun.sleepSync(ms);
  }).immediate();
  const held = performance.now() - acquired;
  holds++;
  heldMs += held;
  longest = Math.max(longest, held);
}

const started = Date.now();
if (longEveryMs === 0) hold(longHoldMs);
else {
  let nextLong = started + longEveryMs * (0.5 + Math.random());
  while (Date.now() < started + durationMs) {
    if (Date.now() >= nextLong) {
      hold(longHoldMs * (0.5 + Math.random() / 2));
      nextLong = Date.now() + longEveryMs * (0.5 + Math.random());
    } else hold(Math.random() * 20);
    await Bun.sleep(20 + Math.random() * 80);
  }
}
db.run("DELETE FROM settings WHERE key = 'fault_probe'");
db.close();
console.log(JSON.stringify({ holds, heldMs: Math.round(heldMs), longestMs: Math.round(longest), elapsedMs: Date.now() - started }));
