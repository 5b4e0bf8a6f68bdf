/**
 * The migration to the measured outcome (db/migrations/0011_outcomes.sql) on a database written before it: the
 * migrations up to 0010 applied and a released profile. Only this migration is applied; the profile is untouched and
 * has no outcome row until its customer answers; the table's foreign key goes with the profile.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { migrationsUpTo } from "../testing/migrations.ts";
import { tempDir, testContext, type TestContext } from "../testing/context.ts";
import { openStore } from "./client.ts";
import { outcomes, profiles } from "./schema.ts";

const OLD_TAG = "0010_team_roles";

let ctx: TestContext;
/** 0011 and every migration after it. */
let applied = 0;
let oldDir = "";

beforeAll(() => {
  const dir = (oldDir = tempDir("pre-outcomes-"));
  const { migrations, later } = migrationsUpTo(OLD_TAG, dir);
  applied = later;

  const path = join(dir, "app.sqlite");
  openStore(path, migrations).close();
  const raw = new Database(path);
  raw.run("INSERT INTO profiles (id, email, dating_app, status, email_sent) VALUES ('p1', 'ada@example.com', 'hinge', 'completed', 1)");
  raw.close();
  ctx = testContext({ DATABASE_PATH: path });
});
afterAll(() => {
  ctx?.cleanup();
  if (oldDir) rmSync(oldDir, { recursive: true, force: true });
});

describe("the migration to the measured outcome, on a database written before it", () => {
  test("only this migration (and the ones after it) is applied; the profile is as it was, with no outcome yet", () => {
    expect(applied).toBeGreaterThanOrEqual(1);
    expect(ctx.store.migrationsApplied).toBe(applied);
    expect(ctx.store.db.select().from(profiles).get()).toMatchObject({ id: "p1", email: "ada@example.com", status: "completed", emailSent: true });
    expect(ctx.store.db.select().from(outcomes).all()).toEqual([]);
  });

  test("an answer is stored for the profile and goes with it", () => {
    ctx.store.db.insert(outcomes).values({ profileId: "p1", beforeMatches: 3, beforeAnsweredAt: new Date() }).run();
    expect(ctx.store.db.select().from(outcomes).get()).toMatchObject({ profileId: "p1", beforeMatches: 3, beforeDeclined: false, optedOutAt: null });
    ctx.store.db.delete(profiles).where(eq(profiles.id, "p1")).run();
    expect(ctx.store.db.select().from(outcomes).all()).toEqual([]);
  });
});
