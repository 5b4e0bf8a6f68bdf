/**
 * The optimise-profile job: a paid profile goes `pending → processing`, the optimiser (local or AI) makes its result,
 * and `processing → completed` stores the result, the spec's rendered fields and each photo's analysis in one
 * transaction. The same job, with a reason, serves an admin's regeneration and a customer's revision (their
 * actions move the profile to `processing` and queue it).
 *
 * Safe to run again: a run cut short by a crash leaves the profile `processing` and nothing stored, and the next run
 * starts over; the result is written only by the transition to `completed`, which happens once, so there is never a
 * second result. Once the job has used its attempts the profile becomes `failed` (an admin can recover it).
 */
import { asc, eq } from "drizzle-orm";
import { isAbsolute, join } from "node:path";
import { z } from "zod";
import { writeTransaction, type DB } from "../db/client.ts";
import { orders, photos, profiles } from "../db/schema.ts";
import { defineJobKind, type JobOf } from "../jobs/kind.ts";
import type { Logger } from "../log.ts";
import { transition } from "../profiles/lifecycle.ts";
import { addVersion, latestRelease, readVersion, setWorking, workingVersion } from "../profiles/versions.ts";
import type { BaseText, OptimiserInput, ProfileText } from "./input.ts";
import type { Optimiser } from "./optimiser.ts";
import { settled } from "../shared/admin/desk.ts";
import type { PhotoStore } from "../photos/storage.ts";
import { hasEdits, PROMPT_KEYS, type PartKey } from "../shared/optimiser/parts.ts";
import { specFields } from "../shared/optimiser/render.ts";
import { optimisationResultSchema, type OptimisationResult } from "../shared/optimiser/result.ts";

export const OPTIMISE_PROFILE = defineJobKind({
  kind: "optimise-profile",
  lane: "optimise",
  payload: z.object({
    orderId: z.string().min(1).max(64),
    profileId: z.string().min(1).max(64),
    /** First run after payment, an admin's regeneration, or a customer's revision request. */
    reason: z.enum(["initial", "regenerate", "revision"]).default("initial"),
  }),
});

/**
 * Four runs, 5, 10 and 20 s apart: a passing fault (a photo file busy, the database locked) is retried, while a
 * profile the optimiser cannot handle is marked failed within a minute for an admin to look at, not hours later.
 */
export const OPTIMISE_MAX_ATTEMPTS = 4;

/** The first run's key; a rerun's key adds its number (src/admin/actions.ts). */
export function optimiseJobKey(orderId: string): string {
  return `optimise:${orderId}`;
}

type Job = JobOf<typeof OPTIMISE_PROFILE>;

/** The spec's defaults for empty fields ("Not provided") are not the customer's words: the optimiser sees nothing. */
const STORED_DEFAULTS = new Set(["Not provided", "Not specified"]);

export function optimiseProfileJob(deps: { db: DB; log: Logger; optimiser: Optimiser; photos: PhotoStore }) {
  const { db, log } = deps;

  async function run(job: Job): Promise<void> {
    const { profileId, orderId, reason } = job.payload;
    const profile = db.select().from(profiles).where(eq(profiles.id, profileId)).get();
    const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
    if (!profile || !order || order.status !== "paid") {
      // Erased, or not paid (refunded): nothing to make.
      log.info(`optimise ${profileId}: nothing to do (profile or paid order missing)`);
      return;
    }
    if (profile.status === "pending") transition(db, profileId, "start");
    else if (profile.status !== "processing") {
      // Already completed by an earlier run of this job, or moved on by an admin: one result, never two.
      log.info(`optimise ${profileId}: profile is ${profile.status}; nothing to do`);
      return;
    }

    const photoRows = db.select().from(photos).where(eq(photos.profileId, profileId)).orderBy(asc(photos.order)).all();
    // A rerun starts from the working result's texts a person released or edited, never from a draft nobody approved.
    const working = workingVersion(db, profile);
    const input: OptimiserInput = {
      profileId,
      app: profile.datingApp,
      plan: order.planId,
      reason,
      revisionNotes: reason === "revision" ? profile.revisionNotes : null,
      profile: profileText(profile),
      base: working?.result ? approvedBase(db, profileId, working.result) : null,
      photos: [],
    };

    const started = performance.now();
    // The optimiser reads files: from a bucket, each photo is copied to the local disk for the run, then removed.
    const copies: { release(): void }[] = [];
    let result: OptimisationResult;
    try {
      for (const p of photoRows) {
        const copy = isAbsolute(p.filePath) ? { path: p.filePath, release() {} } : await deps.photos.localCopy(p.filePath);
        if (copy) copies.push(copy);
        // A photo missing from the store is handed over by a path that does not exist: the optimiser reports it unreadable.
        input.photos.push({ id: p.id, order: p.order, path: copy?.path ?? join("/nonexistent", p.filePath) });
      }
      result = optimisationResultSchema.parse(await deps.optimiser.optimise(input));
    } finally {
      for (const copy of copies) copy.release();
    }
    const fields = specFields(result);

    // An administrator's edit is never replaced without the administrator saying so: with an edited part, the new
    // result waits beside the working one as a draft (src/admin/edit.ts takes parts of it or discards it). Either
    // way it is a new version, made from the working one.
    const asDraft = hasEdits(working?.result);
    const stored = writeTransaction(db, (tx) => {
      // The profile moved on meanwhile: the result is not kept.
      if (!transition(tx, profileId, "complete")) return false;
      const versionId = addVersion(tx, { profileId, parentId: working?.id ?? null, kind: working ? "rerun" : "machine", author: null, result });
      if (asDraft) {
        tx.update(profiles).set({ draftVersionId: versionId }).where(eq(profiles.id, profileId)).run();
        return true;
      }
      setWorking(tx, profileId, versionId, "clear");
      for (const [photoId, analysis] of fields.photoAnalysis) {
        tx.update(photos).set({ analysis, updatedAt: new Date() }).where(eq(photos.id, photoId)).run();
      }
      return true;
    });
    const ms = Math.round(performance.now() - started);
    log.info(`optimise ${profileId}: ${stored ? (asDraft ? "completed, as a draft beside the edited result" : "completed") : "result discarded (status changed meanwhile)"} in ${ms} ms (${describeEngines(result)})`);
  }

  return {
    run,
    /** The job used its last attempt: the profile is failed, for an admin to recover. */
    giveUp(job: Job, error: unknown) {
      if (transition(db, job.payload.profileId, "fail")) {
        log.error(`optimise ${job.payload.profileId}: failed after ${job.attempt} attempt(s)`, error);
      }
    },
  };
}

/**
 * The working result's texts that a person of our team approved: released to the customer (the latest release holds
 * the same text), edited, or kept with a reason. The machine's own draft that nobody released (a first result, the
 * local analyser's text after the AI service failed) is not a "current text" to keep: a rerun writes that part from
 * the customer's words as a first run does. Null when no part was approved.
 */
export function approvedBase(db: DB, profileId: string, result: OptimisationResult): BaseText | null {
  const release = latestRelease(db, profileId);
  const released = release ? (readVersion(db, profileId, release.versionId)?.result ?? null) : null;
  const approved = (part: PartKey, same: boolean) => settled(result.editorial, part) || (released !== null && same);
  const bio = result.bio && approved("bio", released?.bio?.optimised === result.bio.optimised) ? result.bio.optimised : null;
  const prompts = result.prompts.flatMap((p, i) => {
    const key = PROMPT_KEYS[i];
    const was = released?.prompts.find((r) => r.prompt === p.prompt)?.optimised;
    return key && approved(key, was === p.optimised) ? [{ prompt: p.prompt, response: p.optimised }] : [];
  });
  const sameStarters = JSON.stringify(released?.conversationStarters ?? null) === JSON.stringify(result.conversationStarters);
  const starters = result.conversationStarters.length > 0 && approved("starters", sameStarters) ? [...result.conversationStarters] : [];
  return bio === null && prompts.length === 0 && starters.length === 0 ? null : { bio, prompts, starters };
}

function profileText(p: typeof profiles.$inferSelect): ProfileText {
  const own = (value: string | null) => (value === null || STORED_DEFAULTS.has(value) ? null : value);
  const prompts = ([1, 2, 3] as const)
    .map((n) => ({ prompt: p[`prompt${n}`], response: p[`response${n}`] }))
    .filter((x): x is { prompt: string; response: string } => Boolean(x.prompt && x.response));
  return {
    bio: own(p.bio),
    lookingFor: own(p.lookingFor),
    interests: own(p.interests),
    jobTitle: own(p.jobTitle),
    education: own(p.education),
    idealFirstDate: own(p.idealFirstDate),
    height: own(p.height),
    starSign: own(p.starSign),
    anthem: own(p.anthem),
    spotifyArtists: own(p.spotifyArtists),
    school: own(p.school),
    industry: own(p.industry),
    vibes: own(p.vibes),
    prompts,
  };
}

function describeEngines(result: OptimisationResult): string {
  const ai = Object.values(result.engines).find((e) => e?.kind === "ai");
  return `${ai ? `ai ${ai.model ?? ""}`.trim() : "local"}${result.fallback ? ", fell back to local" : ""}`;
}
