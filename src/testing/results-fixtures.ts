/**
 * Profiles in every state the results page shows, written straight into a running test server's database (and its
 * photos into its uploads folder), as the order flow, the optimiser and an administrator's release would leave them.
 */
import { eq } from "drizzle-orm";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore, type DB } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { orders, photos, profiles } from "../db/schema.ts";
import { PLANS, type PlanId } from "../shared/orders/plans.ts";
import { EMPTY_PROFILE_TEXT, type OptimiserInput, type ProfileText } from "../optimiser/input.ts";
import { specFields } from "../shared/optimiser/render.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";
import type { DatingApp } from "../shared/profiles/options.ts";
import { addVersion, recordRelease } from "../profiles/versions.ts";
import type { ProfileStatus } from "../shared/profiles/statuses.ts";
import { sampleResult } from "./optimisation.ts";
import { plainJpeg } from "./test-images.ts";

/** Markup that would run script if it ever became markup: the hostile fixture's result carries it everywhere. */
export const HOSTILE = `<img src=x onerror="window.__pwned=1;alert('pwned')">`;

export interface InProgressFixture {
  id: string;
  plan: PlanId;
  /** The delivery deadline stored with the profile. */
  deadline: Date;
}

export interface ReleasedFixture {
  id: string;
  plan: PlanId;
  result: OptimisationResult;
  /** Photo ids in upload order. */
  uploaded: string[];
  /** Photo ids in the recommended order (left-out photos last). */
  recommended: string[];
}

export interface ResultsFixtures {
  /** A profile with no order at all: titled "Custom". */
  noOrder: string;
  /** Submitted, its order not paid. */
  created: string;
  pending: InProgressFixture;
  processing: InProgressFixture;
  /** The optimiser failed for good: reads as processing until an administrator recovers it. */
  failed: InProgressFixture;
  /** A finished result no administrator has released: reads as processing, and nothing of it is shown. */
  completedUnreleased: InProgressFixture;
  basic: ReleasedFixture;
  premium: ReleasedFixture;
  /** A second released premium result with its revision left, for the revision request (which changes it). */
  premiumToRevise: ReleasedFixture;
  /** Elite with its one revision used: the note, no form. */
  elite: ReleasedFixture;
  /** The customer asked for changes to a released premium result. */
  revisionRequested: ReleasedFixture & { deadline: Date };
  /** A released elite result whose every customer-facing string carries HOSTILE. */
  hostile: ReleasedFixture;
}

const HOUR = 3600_000;

const TEXT: Record<DatingApp, { bio: string | null; prompts: { prompt: string; response: string }[] }> = {
  hinge: {
    bio: null,
    prompts: [
      { prompt: "My simple pleasures", response: "Fresh sourdough on a Sunday morning" },
      { prompt: "I'm looking for", response: "Someone kind" },
      { prompt: "Dating me is like", response: "idk, just ask" },
    ],
  },
  bumble: {
    bio: "I love to laugh. Nurse by day, sourdough baker by night.",
    prompts: [
      { prompt: "My happy place is", response: "The hills above town at sunrise" },
      { prompt: "After work, you can find me", response: "Kneading dough and listening to jazz" },
    ],
  },
  tinder: { bio: "Work hard play hard. Nurse, baker, hiker.", prompts: [] },
  the_league: { bio: "Nurse at St Thomas'. I bake bread and climb on weekends.", prompts: [] },
};

/** Colours of the four photos, so a person looking at a failed test's screenshot can tell them apart. */
const PHOTO_COLOURS = ["#c04080", "#4080c0", "#80c040", "#c08040"];

/**
 * Inserts one profile per state and answers their ids. `databasePath` is the running server's (`dir/app.sqlite`),
 * `uploadsDir` its UPLOADS_DIR (`dir/uploads`); photos are real JPEGs there, so their thumbnails load.
 */
export async function insertResultsFixtures(databasePath: string, uploadsDir: string): Promise<ResultsFixtures> {
  const store = openStore(databasePath);
  mkdirSync(uploadsDir, { recursive: true });
  const images = await Promise.all(PHOTO_COLOURS.map(async (c) => ({ full: await plainJpeg(640, 480, c), thumb: await plainJpeg(400, 300, c) })));
  const db = store.db;
  try {
    const noOrder = insertProfile(db, { app: "hinge", status: "created" });
    const created = insertProfile(db, { app: "hinge", status: "created" });
    insertOrder(db, created, "premium", false);

    const inProgress = (plan: PlanId, status: ProfileStatus, app: DatingApp = "bumble"): InProgressFixture => {
      const deadline = new Date(Date.now() + PLANS[plan].deliveryHours * HOUR);
      const id = insertProfile(db, { app, status, plan, deadlineAt: deadline });
      insertOrder(db, id, plan, true);
      return { id, plan, deadline };
    };
    const pending = inProgress("basic", "pending");
    const processing = inProgress("elite", "processing");
    const failed = inProgress("premium", "failed");
    const completedUnreleased = inProgress("premium", "completed", "hinge");
    storeResult(db, completedUnreleased.id, "premium", "hinge", insertPhotos(db, uploadsDir, completedUnreleased.id, images), false);

    const released = (plan: PlanId, app: DatingApp, options: { revisionsUsed?: number; hostile?: boolean } = {}): ReleasedFixture => {
      const id = insertProfile(db, { app, status: "completed", plan, deadlineAt: new Date(Date.now() - HOUR), revisionsUsed: options.revisionsUsed ?? 0 });
      insertOrder(db, id, plan, true);
      const uploaded = insertPhotos(db, uploadsDir, id, images);
      const result = storeResult(db, id, plan, app, uploaded, true, options.hostile ?? false);
      const recommended = [...result.photos].sort((a, b) => a.rank - b.rank).map((p) => p.photoId);
      return { id, plan, result, uploaded, recommended };
    };
    const basic = released("basic", "bumble");
    const premium = released("premium", "hinge");
    const premiumToRevise = released("premium", "bumble");
    const elite = released("elite", "the_league", { revisionsUsed: 1 });
    const hostile = released("elite", "tinder", { hostile: true });

    const revision = released("premium", "hinge");
    const revisionDeadline = new Date(Date.now() + PLANS.premium.deliveryHours * HOUR);
    db.update(profiles)
      .set({ status: "revision_requested", needsRevision: true, revisionsUsed: 1, revisionNotes: "Please make the answers funnier.", deadlineAt: revisionDeadline })
      .where(eq(profiles.id, revision.id))
      .run();

    return {
      noOrder,
      created,
      pending,
      processing,
      failed,
      completedUnreleased,
      basic,
      premium,
      premiumToRevise,
      elite,
      revisionRequested: { ...revision, deadline: revisionDeadline },
      hostile,
    };
  } finally {
    store.close();
  }
}

function insertProfile(db: DB, p: { app: DatingApp; status: ProfileStatus; plan?: PlanId; deadlineAt?: Date; revisionsUsed?: number }): string {
  const id = newId();
  const text = TEXT[p.app];
  const [prompt1, prompt2, prompt3] = text.prompts;
  db.insert(profiles)
    .values({
      id,
      email: `results-${id.slice(0, 6)}@example.com`,
      datingApp: p.app,
      status: p.status,
      bio: text.bio ?? "Not provided",
      prompt1: prompt1?.prompt,
      response1: prompt1?.response,
      prompt2: prompt2?.prompt,
      response2: prompt2?.response,
      prompt3: prompt3?.prompt,
      response3: prompt3?.response,
      revisionsAllowed: p.plan ? PLANS[p.plan].revisionsAllowed : 0,
      revisionsUsed: p.revisionsUsed ?? 0,
      deadlineAt: p.deadlineAt,
    })
    .run();
  return id;
}

function insertOrder(db: DB, profileId: string, plan: PlanId, paid: boolean): void {
  db.insert(orders)
    .values({
      id: newId(),
      planId: plan,
      amount: PLANS[plan].priceCents,
      profileId,
      status: paid ? "paid" : "pending",
      paymentProvider: paid ? "local" : null,
      paymentReference: paid ? newId() : null,
      paidAt: paid ? new Date(Date.now() - HOUR) : null,
    })
    .run();
}

/** Four photos in upload order, each a full-size file and a thumbnail named as the photo pipeline names them. */
function insertPhotos(db: DB, uploadsDir: string, profileId: string, images: { full: Buffer; thumb: Buffer }[]): string[] {
  return images.map((image, order) => {
    const id = newId();
    writeFileSync(join(uploadsDir, `${id}.jpg`), image.full);
    writeFileSync(join(uploadsDir, `${id}.thumb.jpg`), image.thumb);
    db.insert(photos).values({ id, profileId, filePath: `${id}.jpg`, thumbPath: `${id}.thumb.jpg`, order, width: 640, height: 480, bytes: image.full.length }).run();
    return id;
  });
}

/**
 * The optimiser's result (from `sampleResult`, with a recommended order unlike the upload order: 3, 1, 4, then 2,
 * which premium and elite leave out) stored as the job stores it, and, when `release`, released as the results
 * e-mail job releases it.
 */
function storeResult(db: DB, profileId: string, plan: PlanId, app: DatingApp, uploaded: string[], release: boolean, hostile = false): OptimisationResult {
  const text = TEXT[app];
  const profile: ProfileText = { ...EMPTY_PROFILE_TEXT, bio: text.bio, prompts: text.prompts };
  const input: OptimiserInput = {
    profileId,
    app,
    plan,
    reason: "initial",
    revisionNotes: null,
    profile,
    photos: uploaded.map((id, order) => ({ id, path: `${id}.jpg`, order })),
  };
  const selects = plan !== "basic";
  const ranking = [
    { upload: 3, score: 91, reasons: ["Sharp and well lit, one smiling face: the best first photo."] },
    { upload: 1, score: 78, reasons: ["A clear face, slightly off centre."] },
    { upload: 4, score: 64, reasons: ["A bit dark, but it shows a hobby."] },
    { upload: 2, score: 35, reasons: [selects ? "Blurry: leave it out." : "Blurry: put it last."] },
  ];
  const photosAnalysis = ranking.map((r, i) => ({
    photoId: uploaded[r.upload - 1]!,
    uploadPosition: r.upload,
    score: r.score,
    rank: i + 1,
    keep: !selects || i < 3,
    faces: 1,
    reasons: hostile ? [...r.reasons, `Caption ${HOSTILE}`] : r.reasons,
  }));
  const base = sampleResult(input);
  const overrides: Partial<OptimisationResult> = {
    photos: photosAnalysis,
    photoOrder: photosAnalysis.filter((p) => p.keep).map((p) => p.photoId),
    droppedPhotos: photosAnalysis.filter((p) => !p.keep).map((p) => p.photoId),
    // The first answer rewritten, the others kept as written.
    prompts: base.prompts.map((p, i) => (i === 0 ? { ...p, optimised: `${p.original} (and the crust is the best part)`, rewritten: true, notes: ["Added a detail a match can ask about."] } : p)),
  };
  if (hostile) {
    overrides.analysis = {
      summary: `Summary ${HOSTILE}`,
      strengths: [{ title: `Strength ${HOSTILE}`, reason: `Because ${HOSTILE}`, field: "bio" }],
      problems: [{ title: `Problem ${HOSTILE}`, reason: `Reason ${HOSTILE}`, phrase: HOSTILE, field: "bio" }],
    };
    overrides.bio = { original: `Before ${HOSTILE}`, optimised: `After ${HOSTILE}`, limit: 500, notes: [`Note ${HOSTILE}`] };
    overrides.conversationStarters = base.conversationStarters.map((s, i) => (i === 0 ? `Starter ${HOSTILE}` : s));
    overrides.strategyGuide = { title: `Guide ${HOSTILE}`, sections: [{ heading: `Section ${HOSTILE}`, points: [`Point ${HOSTILE}`] }] };
  }
  const result = sampleResult(input, overrides);
  const fields = specFields(result);
  const now = new Date();
  const versionId = addVersion(db, { profileId, parentId: null, kind: "machine", author: null, result, at: now });
  db.update(profiles)
    .set({ workingVersionId: versionId, ...(release ? { emailSent: true, emailSentAt: now, emailMessageId: `<${profileId}@results.test>` } : {}) })
    .where(eq(profiles.id, profileId))
    .run();
  for (const [photoId, analysis] of fields.photoAnalysis) db.update(photos).set({ analysis }).where(eq(photos.id, photoId)).run();
  if (release) recordRelease(db, { profileId, versionId, releasedAt: now, messageId: `<${profileId}@results.test>` });
  return result;
}
