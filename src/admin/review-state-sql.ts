/**
 * ./review-state.ts's rules as one SQL expression over a `profiles` row, so the list filters, counts and sorts by the
 * state in the database (with pages) instead of reading every profile. Each fact is a 0/1 expression; the rules
 * become one CASE, which SQLite evaluates in order and stops at the first match, so the costlier facts (the stored
 * result's JSON, the queued e-mail) are only read for completed, unsent profiles.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { jobs, orders, profiles, resultReleases, resultVersions } from "../db/schema.ts";
import { ACTION_STATES, ADMIN_STATES, MOVING_STATES, RULES, type AdminState, type Condition, type ReviewFacts } from "../shared/admin/review-state.ts";

/** The working version's result (src/profiles/versions.ts), looked up by its id. */
const working = sql`(select ${resultVersions.result} from ${resultVersions} where ${resultVersions.id} = ${profiles.workingVersionId})`;

/** The result's JSON read only when it is JSON: one corrupt row must not take the whole list down. */
const fromResult = (test: SQL) => sql`coalesce(case when json_valid(${working}) then ${test} end, 0)`;

const FACTS: Record<Exclude<keyof ReviewFacts, "status">, SQL> = {
  emailSent: sql`${profiles.emailSent}`,
  needsRevision: sql`${profiles.needsRevision}`,
  // Not correlated: SQLite reads the few refunded orders and queued jobs once a statement, then looks each row up
  // (a NULL in the list would make `in` answer NULL instead of 0, hence the `is not null`).
  refunded: sql`(${profiles.id} in (select ${orders.profileId} from ${orders} where ${orders.status} = 'refunded' and ${orders.profileId} is not null))`,
  // The results e-mail job's key is `mail:results:<profile>:v<working version>:r<releases so far>` (src/delivery/results.ts, resultsMailKey).
  mailQueued: sql`coalesce('mail:results:' || ${profiles.id} || ':v' || ${profiles.workingVersionId} || ':r' || (select count(*) from ${resultReleases} where ${resultReleases.profileId} = ${profiles.id}) in (select ${jobs.idempotencyKey} from ${jobs} where ${jobs.status} in ('queued', 'running')), 0)`,
  needsWriter: fromResult(sql`json_type(${working}, '$.needsWriter') = 'object'`),
  flagged: fromResult(sql`json_type(${working}, '$.checks.flagged') = 'true'`),
};

function conditionSql(condition: Condition): SQL {
  const parts: SQL[] = [];
  for (const [fact, wanted] of Object.entries(condition)) {
    if (fact === "status") {
      parts.push(sql`${profiles.status} in (${sql.join((wanted as readonly string[]).map((s) => sql`${s}`), sql`, `)})`);
    } else {
      parts.push(sql`${FACTS[fact as keyof typeof FACTS]} = ${wanted ? 1 : 0}`);
    }
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`1`;
}

/** The profile's state, as its name (`'awaiting_review'`, …). */
export const reviewStateSql: SQL<AdminState> = sql<AdminState>`(case ${sql.join(
  RULES.map(([state, condition]) => sql`when ${conditionSql(condition)} then ${state}`),
  sql` `,
)} end)`;

const inList = (states: readonly AdminState[]) => sql.join(states.map((s) => sql`${s}`), sql`, `);

/**
 * The list's order, most urgent first, over a state already computed per row (`state`, e.g. a subquery's column, so
 * the CASE runs once a row): the administrator's turn by deadline, then the machine's turn by deadline, then
 * everything else; within a deadline, the more urgent state. The caller adds the newest first as the last key. A
 * revision's deadline is its own (the plan's hours from the request: src/delivery/revision.ts).
 */
export function urgencyOrder(state: SQLWrapper, deadlineAt: SQLWrapper): SQL[] {
  const due = sql`(case when ${state} in (${inList([...ACTION_STATES, ...MOVING_STATES])}) then ${deadlineAt} end)`;
  return [
    sql`(case when ${state} in (${inList(ACTION_STATES)}) then 0 when ${state} in (${inList(MOVING_STATES)}) then 1 else 2 end)`,
    sql`${due} is null`,
    due,
    sql`(case ${state} ${sql.join(
      ADMIN_STATES.map((s, i) => sql`when ${s} then ${i}`),
      sql` `,
    )} end)`,
  ];
}
