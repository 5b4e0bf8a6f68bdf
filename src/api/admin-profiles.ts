import { and, asc, desc, eq, inArray, or, sql, type Column, type SQL } from "drizzle-orm";
import { z } from "zod";
import { allowedActions, isEditable, processRevision, recover, regenerate, sendEmail } from "../admin/actions.ts";
import { editState, historyEntries, mailQueued as resultsMailQueued } from "../admin/edit.ts";
import type { AdminListAnswer, AdminPhoto, AdminProfileDetail } from "../shared/api/admin-profiles.ts";
import { audit, auditOf } from "../admin/audit.ts";
import { adminOnly, requireOwner } from "../admin/guard.ts";
import { claimedBy, claimOf, claimsOf } from "../admin/claims.ts";
import { ADMIN_STATES, reviewState, resultSignals, type AdminState } from "../shared/admin/review-state.ts";
import { reviewStateSql, urgencyOrder } from "../admin/review-state-sql.ts";
import { writeTransaction } from "../db/client.ts";
import type { AppContext } from "../context.ts";
import { orders, photos, profiles } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { jsonBody } from "../http/validate.ts";
import { countingOrder } from "../orders/orders.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { refundOrder } from "../payments/refund.ts";
import { isRefunded } from "../orders/refunded.ts";
import { MAX_EMAIL_LENGTH } from "../shared/email.ts";
import { draftVersion, optimizedAt, workingVersion } from "../profiles/versions.ts";
import { PROFILE_STATUSES } from "../shared/profiles/statuses.ts";
import { adminFields } from "../profiles/view.ts";
import { eraseProfile } from "../privacy/erasure.ts";
import { exportProfile } from "../privacy/export.ts";
import { checkAccess } from "../privacy/subject.ts";
import { confirmationSchema } from "../shared/privacy/confirmation.ts";
import { controlCharacterMessage, noControlCharacter } from "../shared/admin/plain-text.ts";
import { adminEditRoutes } from "./admin-edit.ts";
import { adminOutcomesRoutes } from "./admin-outcomes.ts";
import { adminTeamRoutes, claimGuard } from "./admin-team.ts";
import { deskState } from "../admin/brief.ts";
import { toWrite } from "../shared/admin/desk.ts";
import { allowedProfile, zipResponse } from "./privacy.ts";
import type { ErasureAnswer } from "../shared/api/privacy.ts";

const listQuery = z.object({
  status: z.enum(PROFILE_STATUSES, `status must be one of ${PROFILE_STATUSES.join(", ")}`).optional(),
  state: z.enum(ADMIN_STATES, `state must be one of ${ADMIN_STATES.join(", ")}`).optional(),
  // The longest thing searched for is an e-mail address.
  q: z.string().trim().max(MAX_EMAIL_LENGTH, `q must be at most ${MAX_EMAIL_LENGTH} characters`).optional(),
  page: z.coerce.number("page must be a number").int().min(1, "page must be 1 or more").max(100_000).default(1),
  page_size: z.coerce.number("page_size must be a number").int().min(1).max(200, "page_size must be at most 200").default(25),
  // The profiles the signed-in account holds a live claim on (src/admin/claims.ts).
  mine: z.enum(["true", "false"], "mine must be true or false").optional(),
});

const refundBody = z.object({
  reason: z
    .string("reason is required")
    .trim()
    .min(1, "Please give a reason for the refund")
    .max(1000)
    .refine(noControlCharacter, controlCharacterMessage("reason")),
});

/** The customer's address typed again: compared, never stored, but an administrator's text like any other. */
const erasureBody = confirmationSchema.extend({ email: confirmationSchema.shape.email.refine(noControlCharacter, controlCharacterMessage("email")) });

/**
 * The admin's API (spec section 7), all behind a session and, for changes, the site's own origin:
 * GET /api/admin/profiles (filter by status or by state, search, pages, counts, the most urgent first; each row with
 * its state: src/shared/admin/review-state.ts), GET /api/admin/profiles/:id (with the same state), and the
 * edits (./admin-edit.ts, src/admin/edit.ts: the parts, a rerun's draft and the version in the detail; PUT …/parts,
 * POST …/draft, the spec's PATCH …/update and …/update-premium-content) and the actions: POST …/send-email, …/regenerate, …/recover,
 * …/process-revision, …/refund. Each action is guarded by the profile lifecycle (a refused one is a 409) and
 * recorded in the audit trail. The customer's data: POST …/:id/export (a zip, as the customer gets it) and
 * DELETE …/:id with `{ email }`, the customer's address typed again, to erase it (src/privacy/).
 */
export function adminProfilesRouter(ctx: AppContext) {
  const r = adminOnly(ctx);
  const db = ctx.store.db;

  r.get("/profiles", (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "The query is not valid.");
    const { status, state, q, page, page_size, mine } = parsed.data;
    const filters: SQL[] = [];
    if (mine === "true") filters.push(claimedBy(c.get("admin").username, Date.now()));
    if (status) filters.push(eq(profiles.status, status));
    if (q) filters.push(matching(q));

    const counts = db
      .select({
        total: sql<number>`count(*)`,
        pending: sql<number>`coalesce(sum(${profiles.status} = 'pending'), 0)`,
        completed: sql<number>`coalesce(sum(${profiles.status} = 'completed'), 0)`,
        emails_sent: sql<number>`coalesce(sum(${profiles.emailSent}), 0)`,
      })
      .from(profiles)
      .get()!;
    // Each profile's state, computed once a row (src/admin/review-state-sql.ts), then filtered, counted and sorted.
    const withState = (where?: SQL) =>
      db.select({ id: profiles.id, state: reviewStateSql.as("state"), deadlineAt: profiles.deadlineAt, createdAt: profiles.createdAt }).from(profiles).where(where).as("listed");
    const everyone = withState();
    const states = Object.fromEntries(ADMIN_STATES.map((s) => [s, 0])) as Record<AdminState, number>;
    for (const { state: s, n } of db.select({ state: everyone.state, n: sql<number>`count(*)` }).from(everyone).groupBy(sql`${everyone.state}`).all()) states[s] = n;

    const listed = withState(filters.length ? and(...filters) : undefined);
    const inState = state ? sql`${listed.state} = ${state}` : undefined;
    const total = filters.length || state ? db.select({ n: sql<number>`count(*)` }).from(listed).where(inState).get()!.n : counts.total;
    const pageRows = db
      .select({ id: listed.id, state: listed.state })
      .from(listed)
      .where(inState)
      .orderBy(...urgencyOrder(listed.state, listed.deadlineAt), desc(listed.createdAt), desc(listed.id))
      .limit(page_size)
      .offset((page - 1) * page_size)
      .all();
    const byId = new Map(pageRows.length ? db.select().from(profiles).where(inArray(profiles.id, pageRows.map((r) => r.id))).all().map((p) => [p.id, p]) : []);
    const rows = pageRows.flatMap(({ id, state }) => {
      const profile = byId.get(id);
      return profile ? [{ profile, state }] : [];
    });
    const planOf = plansOf(rows.map((r) => r.profile.id));
    const claimOn = claimsOf(db, rows.map((r) => r.profile.id), Date.now());
    return c.json<AdminListAnswer>({
      profiles: rows.map(({ profile: p, state }) => ({
        id: p.id,
        email: p.email,
        dating_app: p.datingApp,
        status: p.status,
        state,
        email_sent: p.emailSent,
        email_sent_at: p.emailSentAt?.toISOString() ?? null,
        created_at: p.createdAt.toISOString(),
        plan_id: planOf.get(p.id) ?? null,
        deadline_at: p.deadlineAt?.toISOString() ?? null,
        needs_revision: p.needsRevision,
        claim: claimOn.get(p.id) ?? null,
        // Read only where the state says a part waits: the same function named it (src/shared/admin/desk.ts).
        to_write: state === "needs_attention" || state === "ai_failed" ? toWriteLabels(p) : [],
      })),
      total,
      page,
      page_size,
      counts: { ...counts, states },
    });
  });

  r.get("/profiles/:id", (c) => c.json<AdminProfileDetail>(detail(c.req.param("id"))));

  /** The profile's detail: GET /profiles/:id's answer, and the edit routes' (./admin-edit.ts). */
  function detail(id: string): AdminProfileDetail {
    const profile = db.select().from(profiles).where(eq(profiles.id, id)).get();
    if (!profile) throw new ApiError(404, "Profile not found.");
    const order = countingOrder(db, profile.id);
    const photoRows = db.select().from(photos).where(eq(photos.profileId, profile.id)).orderBy(asc(photos.order)).all();
    const working = workingVersion(db, profile);
    const optimization = working?.result ?? null;
    const mailQueued = resultsMailQueued(db, profile);
    return {
      ...adminFields(profile, optimization, optimizedAt(db, profile.id)),
      state: reviewState({
        status: profile.status,
        emailSent: profile.emailSent,
        needsRevision: profile.needsRevision,
        refunded: isRefunded(db, profile.id),
        mailQueued,
        ...resultSignals(optimization),
      }),
      plan_id: order?.planId ?? null,
      order: order
        ? { id: order.id, plan_id: order.planId, status: order.status, amount: order.amount, paid_at: order.paidAt?.toISOString() ?? null, refunded_at: order.refundedAt?.toISOString() ?? null }
        : null,
      photos: photoRows.map((p) => ({ id: p.id, order: p.order, width: p.width, height: p.height, analysis: parseAnalysis(p.analysis) })),
      photos_deleted_at: profile.photosDeletedAt?.toISOString() ?? null,
      text_cleared_at: profile.textClearedAt?.toISOString() ?? null,
      optimization,
      // Sending is not offered again while the e-mail is on its way, nor while a new draft waits for a choice.
      actions: allowedActions(db, profile, order).filter((a) => !((mailQueued || profile.draftVersionId !== null) && a === "send-email")),
      editable: isEditable(db, profile, order),
      audit: auditOf(db, profile.id),
      history: historyEntries(db, profile),
      claim: claimOf(db, profile.id, Date.now()),
      desk: deskState(db, profile, working, draftVersion(db, profile)?.result ?? null),
      ...editState(db, profile),
    };
  }

  // Before the routes it guards: a write to a profile someone else holds is refused (src/api/admin-team.ts).
  r.use("/profiles/:id/*", claimGuard(ctx));
  function toWriteLabels(profile: typeof profiles.$inferSelect): string[] {
    const result = workingVersion(db, profile)?.result;
    return result ? toWrite(result).map((p) => p.label) : [];
  }

  adminEditRoutes(ctx, r, detail);
  adminTeamRoutes(ctx, r, detail);
  adminOutcomesRoutes(ctx, r);

  const actions = { "send-email": sendEmail, regenerate, recover, "process-revision": processRevision } as const;
  const messages = {
    "send-email": "The results e-mail is on its way.",
    regenerate: "A new result is being made.",
    recover: "The profile is back in the queue.",
    "process-revision": "The revision is being made.",
  } as const;
  for (const name of Object.keys(actions) as (keyof typeof actions)[]) {
    r.post(`/profiles/:id/${name}`, (c) => {
      actions[name](ctx, c.get("admin").username, c.req.param("id"));
      return c.json({ message: messages[name] });
    });
  }

  r.post("/profiles/:id/export", requireOwner("export"), async (c) => {
    const profile = db.select().from(profiles).where(eq(profiles.id, c.req.param("id"))).get();
    if (!profile) throw new ApiError(404, "Profile not found.");
    const at = new Date();
    // Handing a customer's data out is recorded like any change.
    writeTransaction(db, (tx) => audit(tx, { admin: c.get("admin").username, action: "export", profileId: profile.id, detail: "the customer's data exported" }));
    return zipResponse(await exportProfile(ctx, profile, at), at);
  });

  r.delete("/profiles/:id", requireOwner("erase"), jsonBody(erasureBody), async (c) => {
    // The customer's address, typed again: the one check that this is the profile the customer asked about.
    const profile = allowedProfile(checkAccess(db, c.req.param("id"), c.req.valid("json").email));
    const erasure = await eraseProfile(ctx, profile.id, { by: "admin", admin: c.get("admin").username });
    return c.json<ErasureAnswer>({ message: "The customer's data was deleted; a receipt is on its way to them.", deleted_at: erasure.at.toISOString() });
  });

  r.post("/profiles/:id/refund", requireOwner("refund"), jsonBody(refundBody), async (c) => {
    const { refundReference } = await refundOrder(ctx, c.get("admin").username, c.req.param("id"), c.req.valid("json").reason);
    return c.json({ message: "The order was refunded.", refund: refundReference });
  });

  /**
   * The search box: any part of the e-mail address, the profile id or the order reference (the order id every e-mail
   * asks the customer to quote), in any case. `instr`, not LIKE: a `%` or `_` typed is itself, not a wildcard.
   */
  function matching(q: string): SQL {
    const needle = q.toLowerCase();
    const contains = (column: Column) => sql`instr(lower(${column}), ${needle}) > 0`;
    return or(
      contains(profiles.email),
      contains(profiles.id),
      sql`exists (select 1 from ${orders} where ${orders.profileId} = ${profiles.id} and ${contains(orders.id)})`,
    )!;
  }

  /** Each profile's plan: its paid (or refunded) order's, else its latest order's. */
  function plansOf(profileIds: string[]): Map<string, PlanId> {
    const map = new Map<string, PlanId>();
    if (profileIds.length === 0) return map;
    const rows = db
      .select({ profileId: orders.profileId, planId: orders.planId, status: orders.status })
      .from(orders)
      .where(inArray(orders.profileId, profileIds))
      .orderBy(asc(orders.createdAt))
      .all();
    for (const row of rows) if (row.profileId && (row.status === "paid" || row.status === "refunded" || !map.has(row.profileId))) map.set(row.profileId, row.planId);
    return map;
  }

  return r;
}

/** A photo's stored `analysis` (the spec's JSON: score, rank, keep, faces, reasons), or null when unreadable. */
const storedAnalysis = z.object({ score: z.number(), rank: z.number(), keep: z.boolean(), faces: z.number(), reasons: z.array(z.string()) });

function parseAnalysis(text: string | null): AdminPhoto["analysis"] {
  if (!text) return null;
  try {
    const parsed = storedAnalysis.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
