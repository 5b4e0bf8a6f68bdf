import { Hono, type Context } from "hono";
import type { AppContext } from "../context.ts";
import type { profiles } from "../db/schema.ts";
import { clientAddress } from "../http/client-address.ts";
import { ApiError } from "../http/errors.ts";
import { requireFreeDisk } from "../http/disk-space.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { readMultipart, UploadStalled, type Multipart, type UploadedFile } from "../photos/multipart.ts";
import { describe, incomingDir } from "../photos/pipeline.ts";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, MAX_PROFILE_PART_BYTES, MIN_PHOTOS, PHOTO_SIZE_HINT } from "../shared/profiles/limits.ts";
import { submissionSchema } from "../shared/profiles/submission.ts";
import { submitProfile } from "../profiles/submit.ts";
import { submittedFields } from "../profiles/view.ts";
import type { ProfileCreated, ProfileWithPhotos } from "../shared/api/profiles.ts";

/** Six photos at the per-photo limit, the profile part, and room for the multipart framing. */
const MAX_UPLOAD_BYTES = MAX_PHOTOS * MAX_PHOTO_BYTES + MAX_PROFILE_PART_BYTES + 64 * 1024;
const UPLOAD_TOO_LARGE = `The upload is too large: send at most ${MAX_PHOTOS} photos of up to ${PHOTO_SIZE_HINT} each.`;
export const UPLOAD_STALLED = "The upload stalled. Please check your connection and try again.";

/**
 * Bun closes a connection whose request is not answered within its idle timeout (10 s) however steadily the body
 * arrives, which cut off every phone uploading slower than about 16 KB/s. The upload route turns that timer off for
 * its own requests; the minimum rate (config.uploadMinRate) ends a client that stalls or trickles instead, with a 408.
 */
function liftIdleTimeout(c: Context): void {
  const server = c.env as { timeout?: (request: Request, seconds: number) => void } | undefined;
  server?.timeout?.(c.req.raw, 0);
}

export function profileJson(profile: typeof profiles.$inferSelect, photoRows: { id: string; order: number }[] = []): ProfileWithPhotos {
  return { ...submittedFields(profile), photos: photoRows.map((p) => ({ id: p.id, order: p.order })) };
}

function parseProfilePart(part: string | undefined): unknown {
  if (part === undefined) throw new ApiError(400, "The profile part is missing: send the form values as a JSON part named profile.");
  try {
    return JSON.parse(part);
  } catch {
    throw new ApiError(400, "The profile part is not valid JSON.");
  }
}

function checkPhotoCount(upload: Multipart): UploadedFile[] {
  if (upload.textInFileField) throw new ApiError(400, "Each photos part must be an image file.");
  if (upload.files.length < MIN_PHOTOS) throw new ApiError(400, `Please upload at least ${MIN_PHOTOS} photos`);
  return upload.files;
}

export function profilesRouter(ctx: AppContext) {
  const r = new Hono();

  // Counted before the body is read: a refused client costs no disk.
  r.post("/", rateLimit(ctx, "profiles"), requireFreeDisk(ctx), async (c) => {
    // The boundary is case-sensitive: only the media type is compared without case.
    const type = c.req.header("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data")) {
      throw new ApiError(415, `Send the profile as multipart/form-data: a JSON part named profile and ${MIN_PHOTOS} to ${MAX_PHOTOS} photos.`);
    }
    // A declared length over the limit is refused unread; readMultipart counts the bytes of every body as it reads.
    // (Hono's bodyLimit would hold a chunked body whole in memory before the handler ran.)
    if (Number(c.req.header("content-length") ?? 0) > MAX_UPLOAD_BYTES) throw new ApiError(413, UPLOAD_TOO_LARGE);
    liftIdleTimeout(c);
    const { bytesPerSecond, windowSeconds } = ctx.config.uploadMinRate;
    const upload = await readMultipart(c.req.raw.body, type, {
      dir: incomingDir(ctx.config.uploadsDir),
      fileField: "photos",
      maxFiles: MAX_PHOTOS,
      maxFileBytes: MAX_PHOTO_BYTES,
      maxFieldBytes: MAX_PROFILE_PART_BYTES,
      // The form sends one profile part and the photos; a few more parts are tolerated, not thousands.
      maxParts: MAX_PHOTOS + 10,
      maxBodyBytes: MAX_UPLOAD_BYTES,
      tooManyFiles: `Maximum of ${MAX_PHOTOS} photos allowed`,
      bodyTooLarge: UPLOAD_TOO_LARGE,
      fileTooLarge: (i, filename) => `${describe(i, filename)} is larger than ${PHOTO_SIZE_HINT}.`,
      fieldTooLarge: (name) => `The ${name} part is too large.`,
      minRate: { windowMs: windowSeconds * 1000, minBytes: bytesPerSecond * windowSeconds },
    }).catch((err: unknown) => {
      if (!(err instanceof UploadStalled)) throw err;
      // The rest of the body is never read, so the connection cannot carry another request.
      c.header("Connection", "close");
      throw new ApiError(408, UPLOAD_STALLED);
    });
    try {
      return await saveSubmission(c, upload);
    } finally {
      upload.cleanup();
    }
  });

  async function saveSubmission(c: Context, upload: Multipart) {
    const parsed = submissionSchema.safeParse(parseProfilePart(upload.fields.get("profile")));
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "The profile is not valid.");
    const files = checkPhotoCount(upload);
    const saved = await submitProfile(
      { db: ctx.store.db, uploadsDir: ctx.config.uploadsDir, photos: ctx.services.photos },
      parsed.data,
      files,
      clientAddress(c, ctx.config.trustProxy),
    );
    const answer: ProfileCreated = {
      ...profileJson(saved.profile, saved.photos),
      order: saved.order ? { id: saved.order.id, plan_id: saved.order.planId, status: saved.order.status } : null,
    };
    return c.json(answer, 201);
  }

  return r;
}
