import { sql } from "drizzle-orm";
import { blob, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { ADMIN_ROLES } from "../shared/admin/roles.ts";
import { PLAN_IDS } from "../shared/orders/plans.ts";
import { ORDER_STATUSES } from "../shared/orders/statuses.ts";
import { PROFILE_STATUSES } from "../shared/profiles/statuses.ts";
import { DATING_APPS } from "../shared/profiles/options.ts";
import { RESULT_VERSION_KINDS, type ResultVersionKind } from "../shared/optimiser/version-kinds.ts";

/*
 * Every entity of spec section 3, plus what the service itself needs (admin sessions, contact messages,
 * durable jobs, payment events). Timestamps are milliseconds since the epoch; money is integer cents.
 * Profile, order and photo ids are random 128-bit strings (see ./ids.ts): a results link is a capability.
 */

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
const updatedAt = () => integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now);

/**
 * The team's accounts (owners and writers: src/shared/admin/roles.ts). Customers are anonymous and have no row here.
 * An account is never deleted, only disabled: the audit trail and the claims name it by its username.
 */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  /** argon2id hash from Bun.password, never the password itself. */
  password: text("password").notNull(),
  email: text("email").unique(),
  fullName: text("full_name"),
  /** Every account made before roles, and the one from ADMIN_USERNAME, is an owner. */
  role: text("role", { enum: ADMIN_ROLES }).notNull().default("owner"),
  /** Set when an owner disabled the account: it cannot sign in and has no session. */
  disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

export const profiles = sqliteTable(
  "profiles",
  {
    id: text("id").primaryKey(),
    /**
     * Spec: submissions carry user_id 1; customers have no account, so the server stores null
     * (docs/decisions/020-customers-have-no-user-row.md).
     */
    userId: integer("user_id"),
    email: text("email").notNull(),
    datingApp: text("dating_app", { enum: DATING_APPS }).notNull(),
    bio: text("bio"),
    lookingFor: text("looking_for"),
    interests: text("interests"),
    jobTitle: text("job_title"),
    education: text("education"),
    prompt1: text("prompt1"),
    prompt2: text("prompt2"),
    prompt3: text("prompt3"),
    response1: text("response1"),
    response2: text("response2"),
    response3: text("response3"),
    idealFirstDate: text("ideal_first_date"),
    height: text("height"),
    starSign: text("star_sign"),
    anthem: text("anthem"),
    spotifyArtists: text("spotify_artists"),
    school: text("school"),
    industry: text("industry"),
    vibes: text("vibes"),
    status: text("status", { enum: PROFILE_STATUSES }).notNull().default("pending"),
    /** The whole submission as the customer sent it. */
    originalProfile: text("original_profile", { mode: "json" }),
    /**
     * The result the review dialog reads and edits: a row of `result_versions` (the machine's, a rerun's, an
     * administrator's save or a restore). Null until the optimiser first finishes, and after an erasure.
     */
    workingVersionId: integer("working_version_id").references((): AnySQLiteColumn => resultVersions.id),
    /**
     * A rerun's result waiting beside an edited working result (src/shared/optimiser/parts.ts `hasEdits`): the
     * administrator takes parts of it (a new working version) or discards it. Null when there is none.
     */
    draftVersionId: integer("draft_version_id").references((): AnySQLiteColumn => resultVersions.id),
    emailSent: integer("email_sent", { mode: "boolean" }).notNull().default(false),
    emailSentAt: integer("email_sent_at", { mode: "timestamp_ms" }),
    emailMessageId: text("email_message_id"),
    revisionsUsed: integer("revisions_used").notNull().default(0),
    revisionsAllowed: integer("revisions_allowed").notNull().default(0),
    revisionNotes: text("revision_notes"),
    needsRevision: integer("needs_revision", { mode: "boolean" }).notNull().default(false),
    /** When the plan's delivery promise runs out: payment time + 12 h (elite), 24 h (premium) or 48 h (basic). */
    deadlineAt: integer("deadline_at", { mode: "timestamp_ms" }),
    /** When retention deleted the photo files and thumbnails (src/privacy/retention.ts); the photo rows stay until the text goes. */
    photosDeletedAt: integer("photos_deleted_at", { mode: "timestamp_ms" }),
    /** When retention cleared the free text (the customer's and the result's) and the e-mail address. */
    textClearedAt: integer("text_cleared_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("profiles_status_idx").on(t.status),
    index("profiles_created_idx").on(t.createdAt),
    // The admin list: urgent work first (by deadline), search by e-mail.
    index("profiles_deadline_idx").on(t.emailSent, t.deadlineAt),
    index("profiles_email_idx").on(t.email),
  ],
);

export { RESULT_VERSION_KINDS, type ResultVersionKind };

/**
 * Every version of a profile's result, never updated (README, Design decisions, "Results are versions"): the
 * optimiser's first result (`machine`), each regeneration's or revision's (`rerun`), each administrator's save
 * (`edit`, the spec's PATCH routes included), parts taken from a rerun's draft (`draft`), an earlier version brought
 * back (`restore`), and what the migration to versions found (`migrated`). The profile points at its working and
 * draft versions; a release points at the version it sent. The one change a row ever sees is retention clearing
 * its text (`result` null, src/privacy/retention.ts); an erasure deletes the rows with the profile.
 */
export const resultVersions = sqliteTable(
  "result_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The version this one was made from: the working version a save or a rerun started from; null for the first. */
    parentId: integer("parent_id").references((): AnySQLiteColumn => resultVersions.id),
    kind: text("kind", { enum: RESULT_VERSION_KINDS }).notNull(),
    /** The administrator who saved it (as signed in); null for the optimiser's and the migration's. */
    author: text("author"),
    /** The whole structured result (src/shared/optimiser/result.ts), the parts inside it; null once retention cleared it. */
    result: text("result", { mode: "json" }),
    /** The parts (src/shared/optimiser/part-keys.ts) whose text differs from the parent's: what the history names. */
    changed: text("changed", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("result_versions_profile_idx").on(t.profileId, t.id)],
);

/**
 * Each release of a result to its customer: the results e-mail for `version_id` was accepted by the mail server as
 * `message_id` at `released_at`. The customer's page, the e-mail and the export read the latest release's version.
 */
export const resultReleases = sqliteTable(
  "result_releases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    versionId: integer("version_id")
      .notNull()
      .references(() => resultVersions.id),
    releasedAt: integer("released_at", { mode: "timestamp_ms" }).notNull(),
    messageId: text("message_id"),
  },
  (t) => [index("result_releases_profile_idx").on(t.profileId, t.id)],
);

export const photos = sqliteTable(
  "photos",
  {
    id: text("id").primaryKey(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Relative to UPLOADS_DIR; a random name, never the customer's file name. */
    filePath: text("file_path").notNull(),
    thumbPath: text("thumb_path"),
    order: integer("order").notNull(),
    width: integer("width"),
    height: integer("height"),
    bytes: integer("bytes"),
    analysis: text("analysis"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("photos_profile_idx").on(t.profileId)],
);

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id"),
    planId: text("plan_id", { enum: PLAN_IDS }).notNull(),
    /** Integer cents, always from the server's plan table. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    paymentProvider: text("payment_provider"),
    /** The provider's reference: a Stripe Checkout Session or PaymentIntent id, or a local session id. */
    paymentReference: text("payment_reference").unique(),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    /** The provider's refund (a Stripe re_… id, or a local reference), when the order was refunded. */
    refundReference: text("refund_reference"),
    refundReason: text("refund_reason"),
    refundedAt: integer("refunded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("orders_profile_idx").on(t.profileId)],
);

/** Admin sessions after Lucia's guide: the token is `<id>.<secret>`; only SHA-256(secret) is stored. */
export const adminSessions = sqliteTable("admin_sessions", {
  id: text("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  secretHash: blob("secret_hash", { mode: "buffer" }).notNull(),
  createdAt: createdAt(),
  lastVerifiedAt: integer("last_verified_at", { mode: "timestamp_ms" }).notNull().default(now),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The durable job loop's queue. A row is claimed by setting a lease; an expired lease is taken again. */
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    payload: text("payload", { mode: "json" }).notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    runAt: integer("run_at", { mode: "timestamp_ms" }).notNull().default(now),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    /** `<host>:<pid>` of the runner holding the lease, so a restarted process can take back its dead runner's jobs. */
    leaseOwner: text("lease_owner"),
    lastError: text("last_error"),
    /** One job per logical piece of work, e.g. `optimise:<orderId>` or `mail:contact:<messageId>`. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("jobs_due_idx").on(t.status, t.runAt)],
);

/** Each payment-provider event id is stored once, so a redelivered webhook changes nothing. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull().default(now),
});

export const PAYMENT_SESSION_KINDS = ["hosted", "embedded", "manual"] as const;
export const PAYMENT_SESSION_STATUSES = ["open", "paid", "failed", "expired"] as const;

/**
 * Every payment attempt this server started: a Stripe Checkout Session or PaymentIntent, or a session of the
 * built-in local provider (whose whole state lives here). `id` is the provider's reference (cs_…, pi_…, or a
 * random id for local sessions), so /api/verify-payment/:id answers only for sessions this server created, and an
 * open session of an order can be reused instead of charging twice. No card data is ever stored.
 */
export const paymentSessions = sqliteTable(
  "payment_sessions",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["stripe", "local"] }).notNull(),
    kind: text("kind", { enum: PAYMENT_SESSION_KINDS }).notNull(),
    /** Null for the internal test payments, which fulfil nothing. */
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Integer cents: the order's amount when there is an order. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: PAYMENT_SESSION_STATUSES }).notNull().default("open"),
    /** Where the customer pays (hosted sessions only). */
    url: text("url"),
    successUrl: text("success_url"),
    cancelUrl: text("cancel_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payment_sessions_order_idx").on(t.orderId)],
);

/** Facts about this installation, written once: `installation_id` (a random part of every mail Message-ID). */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Every administrator sign-in, failed sign-in, edit and action, written in the transaction of the change it records.
 * A profile's rows are never deleted; the one update is an erasure's (src/privacy/erasure.ts), which moves them to
 * `erased:<deletion>` so the trail stays whole without the erased profile's id. The sign-in rows (no profile) are
 * pruned to 90 days and 10,000 rows (src/admin/audit.ts).
 */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull().default(now),
    /** The administrator's name as typed at sign-in (failed sign-ins too), kept if the account is later removed. */
    admin: text("admin"),
    action: text("action").notNull(),
    profileId: text("profile_id"),
    detail: text("detail"),
  },
  (t) => [index("admin_audit_profile_idx").on(t.profileId, t.at)],
);

export const CLAIM_ENDS = ["released", "sent", "taken_over", "lapsed", "disabled"] as const;
export type ClaimEnd = (typeof CLAIM_ENDS)[number];

/**
 * A writer's work on a profile (src/admin/claims.ts): claimed (by "Next", a claim, or the first save) at `claimed_at`,
 * renewed by each write (`active_at`, `lapses_at`), open until released, sent, taken over, or found lapsed (`lapses_at`
 * past) when someone else claims it. At most one open claim a profile. The rows stay after
 * the claim ends, for the team's throughput (src/admin/throughput.ts); an erasure leaves them without the profile's id.
 * A send without a claim is recorded too, with `claimed_at` null: it counts as sent, with no time to measure.
 */
export const claims = sqliteTable(
  "claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    /** The account's username, as the audit trail names it. */
    admin: text("admin").notNull(),
    /** The order's plan when the claim began: the throughput is per plan, and outlives an erasure. */
    planId: text("plan_id", { enum: PLAN_IDS }),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    /** The claimer's last write (or the claim itself). */
    activeAt: integer("active_at", { mode: "timestamp_ms" }).notNull(),
    /** `active_at` plus CLAIM_LAPSE_MINUTES as configured then: an open claim past this holds nothing. */
    lapsesAt: integer("lapses_at", { mode: "timestamp_ms" }).notNull(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    endReason: text("end_reason", { enum: CLAIM_ENDS }),
  },
  (t) => [
    uniqueIndex("claims_open_idx")
      .on(t.profileId)
      .where(sql`${t.endedAt} is null`),
    index("claims_ended_idx").on(t.endedAt),
  ],
);

export const DELETION_REASONS = ["retention", "customer", "admin"] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

/**
 * Every deletion of a customer's data (src/privacy/): retention (the photos, later the text) and erasure on request,
 * one row per event, each with its receipt e-mail. No row holds a profile id: `profile_key` is SHA-256 of it, so an
 * erased profile's results link can still say what happened while nothing in the file names the profile.
 */
export const deletions = sqliteTable(
  "deletions",
  {
    id: text("id").primaryKey(),
    profileKey: text("profile_key").notNull(),
    reason: text("reason", { enum: DELETION_REASONS }).notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull().default(now),
    /** What went (src/privacy/deletions.ts `DeletedItems`): the receipt lists it. */
    deleted: text("deleted", { mode: "json" }).notNull(),
    /** The orders kept for accounting (id, plan, amount, dates), named in the receipt. */
    keptOrders: text("kept_orders", { mode: "json" }).notNull(),
    /** The address the receipt goes to, held only until it is sent (or its job gives up). */
    receiptTo: text("receipt_to"),
    receiptSentAt: integer("receipt_sent_at", { mode: "timestamp_ms" }),
    receiptMessageId: text("receipt_message_id"),
  },
  (t) => [index("deletions_profile_idx").on(t.profileKey)],
);

/**
 * What a customer told us about the result (issue 32, src/outcomes/): the "before" answer on the results page, the
 * day they said they started using the new profile, the one follow-up e-mail, an opt-out of it, and the "after"
 * answer from the follow-up's signed link. One row per profile, made at the first of these; it goes with the profile
 * (erasure cascades) or with its text (retention, src/privacy/retention.ts).
 */
export const outcomes = sqliteTable(
  "outcomes",
  {
    profileId: text("profile_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Matches in the 7 days before using the result, 0 to 999; null when not answered or declined. */
    beforeMatches: integer("before_matches"),
    /** "I'd rather not say". */
    beforeDeclined: integer("before_declined", { mode: "boolean" }).notNull().default(false),
    beforeAnsweredAt: integer("before_answered_at", { mode: "timestamp_ms" }),
    /** "I've updated my profile": the follow-up is counted from here (else from the release), and the before answer is fixed. */
    profileUpdatedAt: integer("profile_updated_at", { mode: "timestamp_ms" }),
    followUpSentAt: integer("follow_up_sent_at", { mode: "timestamp_ms" }),
    /** The follow-up link's end: the after answer can be given and changed until then. */
    followUpExpiresAt: integer("follow_up_expires_at", { mode: "timestamp_ms" }),
    optedOutAt: integer("opted_out_at", { mode: "timestamp_ms" }),
    afterMatches: integer("after_matches"),
    /** The parts of the result used (src/shared/outcomes/answers.ts OUTCOME_PARTS). */
    partsUsed: text("parts_used", { mode: "json" }).$type<string[]>(),
    /** Elite: which bio version was used (a tone, "mixed" or "none"). */
    bioVersion: text("bio_version"),
    rating: integer("rating"),
    comment: text("comment"),
    afterAnsweredAt: integer("after_answered_at", { mode: "timestamp_ms" }),
    afterUpdatedAt: integer("after_updated_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("outcomes_after_idx").on(t.afterAnsweredAt)],
);
