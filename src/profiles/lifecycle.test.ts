import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newId } from "../db/ids.ts";
import { profiles, resultReleases, resultVersions } from "../db/schema.ts";
import { EMPTY_PROFILE_TEXT } from "../optimiser/input.ts";
import { testContext, type TestContext } from "../testing/context.ts";
import { sampleResult } from "../testing/optimisation.ts";
import { customerView, release, transition, transitionsFrom, TRANSITIONS, type Transition } from "./lifecycle.ts";
import { addVersion, recordRelease } from "./versions.ts";
import { PROFILE_STATUSES, type ProfileStatus } from "../shared/profiles/statuses.ts";

let ctx: TestContext;
beforeAll(() => (ctx = testContext()));
afterAll(() => ctx.cleanup());

/** The lifecycle's table, written out independently of the module's own. */
const ALLOWED: Record<ProfileStatus, Partial<Record<Transition, ProfileStatus>>> = {
  created: { pay: "pending" },
  pending: { start: "processing" },
  processing: { complete: "completed", fail: "failed" },
  completed: { release: "completed", regenerate: "processing", requestRevision: "revision_requested" },
  revision_requested: { processRevision: "processing" },
  failed: { recover: "pending" },
};

const PAST = new Date(Date.UTC(2025, 0, 1));

const RESULT = sampleResult({ profileId: "x", app: "tinder", plan: "basic", reason: "initial", revisionNotes: null, profile: EMPTY_PROFILE_TEXT, photos: [] });

type Columns = Partial<typeof profiles.$inferInsert> & { released?: boolean };

/**
 * A profile in `status` that every transition's own condition allows: an earlier version released (unless
 * `released: false`) and a newer working one (a release is due), no revision open and one left.
 */
function profileIn(status: ProfileStatus, { released = true, ...columns }: Columns = {}): string {
  const db = ctx.store.db;
  const id = newId();
  db.insert(profiles).values({ id, email: "a@example.com", datingApp: "tinder", status, revisionsAllowed: 1 }).run();
  const first = addVersion(db, { profileId: id, parentId: null, kind: "machine", author: null, result: RESULT, at: PAST });
  if (released) recordRelease(db, { profileId: id, versionId: first, releasedAt: PAST, messageId: "<first@test>" });
  const working = addVersion(db, { profileId: id, parentId: first, kind: "rerun", author: null, result: RESULT, at: PAST });
  db.update(profiles).set({ updatedAt: PAST, workingVersionId: working, ...columns }).where(eq(profiles.id, id)).run();
  return id;
}

const releases = (id: string) => ctx.store.db.select().from(resultReleases).where(eq(resultReleases.profileId, id)).all();

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

  test("transitions and their own conditions are guards, not checks done before: a racing release happens once", async () => {
    const id = profileIn("completed");
    const results = await Promise.all([1, 2, 3].map(async () => transition(ctx.store.db, id, "release")));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  test("two racing requests for one change: exactly one happens", async () => {
    const id = profileIn("completed");
    const results = await Promise.all([1, 2, 3].map(async () => transition(ctx.store.db, id, "regenerate")));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe("release and revision", () => {
  const AT = new Date(Date.UTC(2025, 0, 2));
  const sent = { at: AT, messageId: "<release@test>" };

  test("release: the version it names becomes what the customer reads, and the open revision is answered", () => {
    const id = profileIn("completed", { released: false, needsRevision: true, revisionsUsed: 1 });
    const working = row(id).workingVersionId!;
    expect(customerView(ctx.store.db, row(id))).toMatchObject({ status: "processing", released: null, currentReleased: false });
    expect(release(ctx.store.db, id, working, sent)).toBe(true);
    expect(row(id)).toMatchObject({ status: "completed", emailSent: true, emailSentAt: AT, emailMessageId: "<release@test>", needsRevision: false });
    expect(releases(id)).toMatchObject([{ versionId: working, releasedAt: AT, messageId: "<release@test>" }]);
    const view = customerView(ctx.store.db, row(id));
    expect(view).toMatchObject({ status: "completed", currentReleased: true, answersRevision: null });
    expect(view.released).toMatchObject({ releasedAt: AT.toISOString(), optimization: RESULT });
    // Sent once: a second release of the same version changes nothing.
    expect(release(ctx.store.db, id, working, { ...sent, messageId: "<again@test>" })).toBe(false);
    expect(row(id).emailMessageId).toBe("<release@test>");
    expect(releases(id)).toHaveLength(1);
  });

  test("release: a version replaced meanwhile (another working version) is not released", () => {
    const id = profileIn("completed", { released: false });
    const before = row(id);
    const older = ctx.store.db.select().from(resultVersions).where(eq(resultVersions.profileId, id)).all()[0]!.id;
    expect(older).not.toBe(before.workingVersionId);
    expect(release(ctx.store.db, id, older, sent)).toBe(false);
    expect(row(id)).toEqual(before);
    expect(releases(id)).toEqual([]);
  });

  test("regenerate and processRevision take the release back; processRevision uses one revision", () => {
    const regenerated = profileIn("completed", { emailSent: true });
    expect(transition(ctx.store.db, regenerated, "regenerate")).toBe(true);
    expect(row(regenerated)).toMatchObject({ status: "processing", emailSent: false, revisionsUsed: 0 });

    const revised = profileIn("revision_requested", { emailSent: true, needsRevision: true, revisionsUsed: 1, revisionsAllowed: 2 });
    expect(transition(ctx.store.db, revised, "processRevision")).toBe(true);
    // Still open: the revised result answers it when it is released.
    expect(row(revised)).toMatchObject({ status: "processing", emailSent: false, revisionsUsed: 2, needsRevision: true });
  });

  test("requestRevision opens a request on a released result", () => {
    const id = profileIn("completed", { emailSent: true });
    expect(transition(ctx.store.db, id, "requestRevision", { revisionNotes: "Funnier, please." })).toBe(true);
    expect(row(id)).toMatchObject({ status: "revision_requested", needsRevision: true, revisionNotes: "Funnier, please." });
    expect(customerView(ctx.store.db, row(id)).status).toBe("revision_requested");
  });

  for (const [why, columns] of [
    ["nothing was released yet", { released: false }],
    ["a revision is open", { needsRevision: true }],
    ["no revision is left", { revisionsUsed: 1, revisionsAllowed: 1 }],
    ["the plan has none", { revisionsAllowed: 0 }],
  ] as const) {
    test(`requestRevision is refused when ${why}, and changes nothing`, () => {
      const id = profileIn("completed", { emailSent: true, ...columns });
      const before = row(id);
      expect(transition(ctx.store.db, id, "requestRevision", { revisionNotes: "must not be written" })).toBe(false);
      expect(row(id)).toEqual(before);
    });
  }
});

describe("customerView: what the customer sees now", () => {
  const view = (status: ProfileStatus, columns: Columns = {}) => customerView(ctx.store.db, row(profileIn(status, columns)));

  test("the status as the customer reads it", () => {
    expect(view("created").status).toBe("created");
    expect(view("pending").status).toBe("pending");
    expect(view("processing").status).toBe("processing");
    // A failed run is recovered by an administrator: the promise still stands.
    expect(view("failed").status).toBe("processing");
    // Finished but not released: still in progress for the customer.
    expect(view("completed", { emailSent: false }).status).toBe("processing");
    expect(view("completed", { emailSent: true }).status).toBe("completed");
    expect(view("revision_requested", { emailSent: true }).status).toBe("revision_requested");
  });

  test("the released result only once one parses; revisions left never below zero", () => {
    expect(view("completed").released).toMatchObject({ releasedAt: PAST.toISOString(), optimization: RESULT });
    const odd = profileIn("completed");
    ctx.store.sqlite.run("update result_versions set result = json_object('not', 'a result') where profile_id = ?", [odd]);
    expect(customerView(ctx.store.db, row(odd)).released).toBeNull();
    expect(view("completed", { revisionsUsed: 2, revisionsAllowed: 1 }).revisionsLeft).toBe(0);
    expect(view("completed", { revisionsUsed: 0, revisionsAllowed: 1 }).revisionsLeft).toBe(1);
  });

  test("the revision the current result answers: processed, completed, not yet released", () => {
    expect(view("completed", { needsRevision: true, revisionsUsed: 1, revisionNotes: "Funnier" }).answersRevision).toEqual({ notes: "Funnier" });
    // Asked but not processed yet, or still being made: no result answers it yet.
    expect(view("revision_requested", { needsRevision: true, revisionsUsed: 0 }).answersRevision).toBeNull();
    expect(view("processing", { needsRevision: true, revisionsUsed: 1 }).answersRevision).toBeNull();
    expect(view("completed", { needsRevision: false, revisionsUsed: 1 }).answersRevision).toBeNull();
  });
});

test("nothing outside the lifecycle module writes profiles.status, nor the release and revision columns", async () => {
  const glob = new Bun.Glob("**/*.{ts,tsx}");
  const offenders: string[] = [];
  for await (const file of glob.scan({ cwd: `${import.meta.dir}/..` })) {
    if (file.endsWith(".test.ts") || file.endsWith(".test.tsx") || file.startsWith("testing/") || file === "profiles/lifecycle.ts") continue;
    const text = await Bun.file(`${import.meta.dir}/../${file}`).text();
    // An update of the profiles table that sets a status or a release or revision column, or an insert that starts
    // anywhere but `created`.
    if (
      /update\(profiles\)[\s\S]{0,200}?\b(status|emailSent|releasedResult|needsRevision|revisionsUsed)\s*:/.test(text) ||
      /insert\(profiles\)\s*\.values\(\{[^}]*status:(?!\s*"created")/.test(text)
    ) {
      offenders.push(file);
    }
  }
  expect(offenders).toEqual([]);
});
