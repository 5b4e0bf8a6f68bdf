/**
 * A migrations folder as it was before a change, for a migration's own test: the project's migrations copied into
 * `dir`, the journal cut after `lastTag`. A database opened with it has the old schema; opening it again with the
 * project's folder applies the migrations after `lastTag` (`later` of them).
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_MIGRATIONS_DIR } from "../db/client.ts";

export function migrationsUpTo(lastTag: string, dir: string): { migrations: string; later: number } {
  const migrations = join(dir, "migrations");
  cpSync(DEFAULT_MIGRATIONS_DIR, migrations, { recursive: true });
  const journalPath = join(migrations, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === lastTag);
  if (cut < 0) throw new Error(`no migration tagged ${lastTag}`);
  for (const later of journal.entries.slice(cut + 1)) rmSync(join(migrations, `${later.tag}.sql`));
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut + 1) }));
  return { migrations, later: journal.entries.length - cut - 1 };
}
