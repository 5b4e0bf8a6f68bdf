import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { readAdminSession } from "../admin/guard.ts";
import type { AppContext } from "../context.ts";
import { photos, profiles } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { deletionDay } from "../shared/privacy/periods.ts";
import { customerView } from "../profiles/lifecycle.ts";

export const PHOTO_SIGN_IN = "Sign in as an administrator to view customer photos.";

export function photoDeletedMessage(at: Date): string {
  return `This photo was deleted on ${deletionDay(at)}, as our privacy policy says.`;
}

/**
 * GET /api/photos/:id and GET /api/photos/:id/thumbnail: a customer photo, for a signed-in administrator, or for
 * whoever holds the owning profile's id (`?profile=`, the results link's capability) once a result has been
 * released. Everyone else: 401 without any of these, 404 when the profile id does not own the photo, so the answer
 * says nothing about photos one cannot see. Never stored by any cache; never served from public/. A photo that
 * retention deleted (src/privacy/retention.ts) answers 410 with the date, to whoever may see it.
 */
export function photosRouter(ctx: AppContext) {
  const r = new Hono();

  const serve = (variant: "full" | "thumbnail") => async (c: Context) => {
    const row = ctx.store.db.select().from(photos).where(eq(photos.id, c.req.param("id") ?? "")).get();
    const admin = readAdminSession(c, ctx) !== null;
    const capability = c.req.query("profile");
    if (!admin && !capability) throw new ApiError(401, PHOTO_SIGN_IN);
    if (!row) throw new ApiError(404, "Photo not found.");
    const owner = ctx.store.db.select().from(profiles).where(eq(profiles.id, row.profileId)).get();
    if (!admin && (!owner || owner.id !== capability || !customerView(ctx.store.db, owner).released)) throw new ApiError(404, "Photo not found.");
    if (owner?.photosDeletedAt) throw new ApiError(410, photoDeletedMessage(owner.photosDeletedAt));
    const path = variant === "thumbnail" && row.thumbPath ? row.thumbPath : row.filePath;
    // Streamed from the store (the disk or the bucket) through this route: the bucket is never public.
    const body = await ctx.services.photos.open(path);
    if (!body) throw new ApiError(404, "Photo not found.");
    return new Response(body, {
      headers: {
        "Content-Type": "image/jpeg",
        // Kept by no cache, the browser's included: a photo must not outlive its erasure or retention in a cache,
        // nor stay readable on a shared computer after the results page or the admin's session is closed.
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
      },
    });
  };

  r.get("/:id", serve("full"));
  r.get("/:id/thumbnail", serve("thumbnail"));
  return r;
}
