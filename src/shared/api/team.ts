/*
 * What the team's routes answer (src/api/admin-team.ts): accounts, claims, the queue's "Next" and the throughput. The
 * types live in the browser's share of the code, so a changed answer breaks the dashboard's typecheck.
 */
import type { AdminRole } from "../admin/roles.ts";
import type { PlanId } from "../orders/plans.ts";

/** A live claim on a profile: who, since when, and when it lapses unless they write. Null when nobody holds it. */
export interface ClaimView {
  by: string;
  since: string;
  lapsesAt: string;
}

export interface AccountRow {
  id: number;
  username: string;
  role: AdminRole;
  /** When an owner disabled it; null while it may sign in. */
  disabled_at: string | null;
  created_at: string;
}

/** GET /api/admin/accounts. */
export interface AccountsAnswer {
  accounts: AccountRow[];
}

/** POST /api/admin/accounts and POST …/:id/password: the account, and a generated password shown this once. */
export interface AccountPasswordAnswer {
  message: string;
  account: AccountRow;
  /** Only when the server made the password: it is stored nowhere but as a hash. */
  password?: string;
}

/** PATCH /api/admin/accounts/:id. */
export interface AccountAnswer {
  message: string;
  account: AccountRow;
}

/** One writer's work on one plan. */
export interface WriterPlanStats {
  writer: string;
  plan: PlanId;
  sentToday: number;
  sentThisWeek: number;
  /** Median minutes from claim to send over the last 30 days; null without a timed send. */
  medianMinutes: number | null;
}

/** A queued profile whose deadline the estimate expects to be missed. */
export interface AtRisk {
  profileId: string;
  plan: PlanId | null;
  deadlineAt: string;
  /** When the estimate expects it sent; null when no writer is active to send it. */
  expectedAt: string | null;
  /** Who the estimate gave it to; null when no writer is active. */
  writer: string | null;
}

/** GET /api/admin/throughput. */
export interface ThroughputAnswer {
  at: string;
  writers: WriterPlanStats[];
  estimate: {
    activeWriters: string[];
    queued: number;
    atRisk: AtRisk[];
    /** One paragraph: how the estimate is computed, with the defaults it used. */
    method: string;
  };
}
