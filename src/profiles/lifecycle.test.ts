import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { profiles } from "../db/schema.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { transition, transitionsFrom, TRANSITIONS, type Transition } from "./lifecycle.ts";
import { PROFILE_STATUSES, type ProfileStatus } from "../shared/profiles/statuses.ts";

let ctx: TestContext;
beforeAll(() => (ctx = testContext()));
afterAll(() => ctx.cleanup());

/** The transition table (README, Design decisions, "One home for each rule"), written out independently of the module's own. */
const ALLOWED: Record<ProfileStatus, Partial<Record<Transition, ProfileStatus>>> = {
  created: { pay: "pending" },
  pending: { start: "processing" },
  processing: { complete: "completed", fail: "failed" },
  completed: { regenerate: "processing", requestRevision: "revision_requested" },
  revision_requested: { processRevision: "processing" },
  failed: { recover: "pending" },
};

const PAST = new Date(Date.UTC(2025, 0, 1));

function profileIn(status: ProfileStatus): string {
  const id = newId();
  ctx.store.db.insert(profiles).values({ id, email: "a@example.com", datingApp: "tinder", status, updatedAt: PAST }).run();
  return id;
}

const row = (id: string) => ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;

describe("the profile lifecycle, every status × every transition", () => {
  for (const status of PROFILE_STATUSES) {
    for (const name of Object.keys(TRANSITIONS) as Transition[]) {
      const to = ALLOWED[status][name];
      if (to) {
        test(`${status} --${name}--> ${to}, once`, () => {
          const id = profileIn(status);
          expect(transition(ctx.store.db, id, name, { revisionNotes: "set with the change" })).toBe(true);
          expect(row(id)).toMatchObject({ status: to, revisionNotes: "set with the change" });
          expect(row(id).updatedAt.getTime()).toBeGreaterThan(PAST.getTime());
          // The same transition again is refused unless the new status allows it too (none does).
          expect(transition(ctx.store.db, id, name)).toBe(false);
          expect(row(id).status).toBe(to);
        });
      } else {
        test(`${status} refuses ${name} and changes nothing`, () => {
          const id = profileIn(status);
          const before = row(id);
          expect(transition(ctx.store.db, id, name, { revisionNotes: "must not be written" })).toBe(false);
          expect(row(id)).toEqual(before);
        });
      }
    }
  }

  test("an unknown profile is refused", () => {
    expect(transition(ctx.store.db, "no-such-profile", "pay")).toBe(false);
  });

  test("transitionsFrom lists exactly the allowed ones", () => {
    for (const status of PROFILE_STATUSES) expect([...transitionsFrom(status)].sort() as string[]).toEqual(Object.keys(ALLOWED[status]).sort());
  });

  test("two racing requests for one change: exactly one happens", async () => {
    const id = profileIn("completed");
    const results = await Promise.all([1, 2, 3].map(async () => transition(ctx.store.db, id, "regenerate")));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

test("nothing outside the lifecycle module writes profiles.status", async () => {
  const glob = new Bun.Glob("**/*.{ts,tsx}");
  const offenders: string[] = [];
  for await (const file of glob.scan({ cwd: `${import.meta.dir}/..` })) {
    if (file.endsWith(".test.ts") || file.endsWith(".test.tsx") || file.startsWith("testing/") || file === "profiles/lifecycle.ts") continue;
    const text = await Bun.file(`${import.meta.dir}/../${file}`).text();
    // An update of the profiles table that sets a status, or an insert that starts anywhere but `created`.
    if (/update\(profiles\)[\s\S]{0,200}?status\s*:/.test(text) || /insert\(profiles\)\s*\.values\(\{[^}]*status:(?!\s*"created")/.test(text)) offenders.push(file);
  }
  expect(offenders).toEqual([]);
});
