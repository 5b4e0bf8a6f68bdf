/**
 * The customer's own data over HTTP: the export and erasure routes (`privacyRouter`), and the answers they share with
 * the results API and the admin's routes (the refusals, the "deleted" message, the zip response).
 */
import { Hono } from "hono";
import type { AppContext } from "../context.ts";
import { ApiError } from "../http/errors.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { jsonBody } from "../http/validate.ts";
import type { ErasureAnswer } from "../shared/api/privacy.ts";
import { confirmationSchema } from "../shared/privacy/confirmation.ts";
import { eraseProfile } from "../privacy/erasure.ts";
import { exportFileName, exportProfile } from "../privacy/export.ts";
import { deletionDay } from "../shared/privacy/periods.ts";
import { checkAccess, type Access } from "../privacy/subject.ts";

export const WRONG_EMAIL = "That is not the e-mail address this profile was sent with, so nothing was done. Please type the address your results were e-mailed to.";
export const NOT_FOUND = "Profile not found";

/** What the results link, the export and the erasure say about a profile whose data is gone. */
export function goneMessage(problem: "erased" | "cleared", at: Date): string {
  return problem === "erased"
    ? `The data of this profile was deleted on request on ${deletionDay(at)}.`
    : `The data of this profile was deleted on ${deletionDay(at)}, as our privacy policy says. Only the order's amount and dates are kept, for our accounts.`;
}

/** The profile the request may reach, or the refusal as an HTTP error: 404, 403 (wrong address) or 410 (gone). */
export function allowedProfile(access: Access) {
  if (access.ok) return access.profile;
  switch (access.problem) {
    case "not_found":
      throw new ApiError(404, NOT_FOUND);
    case "wrong_email":
      throw new ApiError(403, WRONG_EMAIL);
    case "erased":
    case "cleared":
      throw new ApiError(410, goneMessage(access.problem, access.at));
  }
}

/** The zip download of an export, never kept by a cache. */
export function zipResponse(zip: Uint8Array<ArrayBuffer>, at: Date): Response {
  return new Response(zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName(at)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A customer's own data (GDPR articles 15 and 17), the profile id being the capability and the e-mail address the
 * profile was sent with the confirmation: POST /api/profiles/:id/export with `{ email }` answers a zip of everything
 * stored about the profile; DELETE /api/profiles/:id with `{ email }` erases it at once and e-mails a receipt. A wrong
 * address is a 403 and changes nothing; an id unknown or never paid for, a 404; data already gone, a 410 saying when.
 * Both are rate-limited per client address like every anonymous write, every attempt counted.
 */
export function privacyRouter(ctx: AppContext) {
  const r = new Hono();
  const db = ctx.store.db;

  r.post("/:id/export", rateLimit(ctx, "dataExport"), jsonBody(confirmationSchema), async (c) => {
    const profile = allowedProfile(checkAccess(db, c.req.param("id"), c.req.valid("json").email));
    const at = new Date();
    return zipResponse(await exportProfile(ctx, profile, at), at);
  });

  r.delete("/:id", rateLimit(ctx, "erasure"), jsonBody(confirmationSchema), async (c) => {
    const profile = allowedProfile(checkAccess(db, c.req.param("id"), c.req.valid("json").email));
    const erasure = await eraseProfile(ctx, profile.id, { by: "customer" });
    c.header("Cache-Control", "no-store");
    return c.json<ErasureAnswer>({
      message: "Your data has been deleted. We are e-mailing you a receipt that lists what was deleted.",
      deleted_at: erasure.at.toISOString(),
    });
  });

  return r;
}
