/**
 * ./review-state.ts's rules as one SQL expression over a `profiles` row, so the list filters, counts and sorts by the
 * state in the database (with pages) instead of reading every profile. Each fact is a 0/1 expression; the rules
 * become one CASE, which SQLite evaluates in order and stops at the first match, so the costlier facts (the stored
 * result's JSON, the queued e-mail) are only read for completed, unsent profiles.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { jobs, orders, profiles, resultReleases, resultVersions } from "../db/schema.ts";
import { APPS_WITH_PROMPTS, ENGINE_OF, WRITTEN_PARTS } from "../shared/admin/desk.ts";
import { ACTION_STATES, ADMIN_STATES, MOVING_STATES, RULES, type AdminState, type Condition, type ReviewFacts } from "../shared/admin/review-state.ts";
import { PROMPT_KEYS, VERSION_KEYS, type PartKey } from "../shared/optimiser/part-keys.ts";

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
  needsWriter: toWriteSql(),
  flagged: fromResult(sql`json_type(${working}, '$.checks.flagged') = 'true'`),
  // A fallback nobody has worked on: no part edited or kept with a reason (json_array_length is 0 for a non-list).
  fellBack: fromResult(
    sql`json_type(${working}, '$.fallback') = 'object' and coalesce(json_array_length(${working}, '$.editorial.edited'), 0) = 0 and coalesce(json_array_length(${working}, '$.editorial.stands'), 0) = 0`,
  ),
};

/**
 * src/shared/admin/desk.ts's `toWrite` as SQL, 1 when a part is still to write: built from the same tables (the
 * parts each plan sells written, the engine of each part, the apps with prompts), over the working version read once.
 * Its test stores results that need a writer and results that do not, and checks both sides agree.
 */
export function toWriteSql(): SQL {
  const r = sql.raw("desk_version.result");
  const path = (p: string) => sql`json_extract(${r}, ${p})`;
  const type = (p: string) => sql`json_type(${r}, ${p})`;
  const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
  const spaces = sql.raw("char(32, 9, 10, 13)");
  const plan = path("$.plan");
  const machine = (part: PartKey) =>
    sql`(${type("$.checks.flagged")} = 'true' or ${type("$.fallback")} = 'object' or ${path(`$.engines.${ENGINE_OF[part]}.kind`)} = 'local')`;
  const settled = (part: PartKey) =>
    sql`(exists (select 1 from json_each(${r}, '$.editorial.edited') where value = ${part}) or exists (select 1 from json_each(${r}, '$.editorial.stands') where json_extract(value, '$.part') = ${part}))`;
  const sold = (planName: string, part: PartKey): SQL => {
    const prompt = PROMPT_KEYS.indexOf(part as (typeof PROMPT_KEYS)[number]);
    // Basic holds only a text the machine marked (decision 151).
    if (planName === "basic") return sql`${type(prompt >= 0 ? `$.prompts[${prompt}].needsWriter` : "$.bio.needsWriter")} = 'object'`;
    if (prompt >= 0) {
      const at = `$.prompts[${prompt}]`;
      const changed = sql`trim(coalesce(${path(`${at}.original`)}, ''), ${spaces}) <> trim(${path(`${at}.optimised`)}, ${spaces})`;
      return sql`(${type(at)} = 'object' and (${plan} = 'elite' or ${type(`${at}.needsWriter`)} = 'object' or ${changed}))`;
    }
    if (part === "bio" || (VERSION_KEYS as readonly PartKey[]).includes(part)) return sql`${type("$.bio")} = 'object'`;
    if (part === "promptsToAnswer") return sql`${path("$.app")} in (${list(APPS_WITH_PROMPTS)})`;
    return sql`1`;
  };
  const byPlan = (Object.entries(WRITTEN_PARTS) as [string, readonly PartKey[]][]).filter(([, parts]) => parts.length > 0);
  const anyPart = byPlan.map(([name, parts]) => sql`(${plan} = ${name} and (${sql.join(parts.map((part) => sql`(${sold(name, part)} and ${machine(part)} and not ${settled(part)})`), sql` or `)}))`);
  return sql`coalesce((select case when json_valid(${r}) then (${sql.join(anyPart, sql` or `)}) end from ${resultVersions} as desk_version where desk_version.id = ${profiles.workingVersionId}), 0)`;
}

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
