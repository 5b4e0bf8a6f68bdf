/**
 * Runs the evaluation corpus through an optimiser (the local analyser, or the AI engine) on every plan and applies
 * every check of ./checks.ts, for the script (scripts/eval-optimiser.ts) and the test (./eval.test.ts) alike.
 */
import { PLAN_IDS, type PlanId } from "../../shared/orders/plans.ts";
import { EMPTY_PROFILE_TEXT, type OptimiserInput } from "../input.ts";
import type { Optimiser } from "../optimiser.ts";
import { optimisationResultSchema, type OptimisationResult } from "../../shared/optimiser/result.ts";
import {
  brokenWords,
  customerText,
  demandsKept,
  equalsOriginal,
  eliteAnswersCopied,
  versionsAlike,
  factsMissing,
  gameItemsLost,
  grammarScars,
  languageMixed,
  fragments,
  plansIdentical,
  punctuationScars,
  putDownsLeftInPart,
  repeatedLines,
  selfFactsDropped,
  starterBlanksAndQuotes,
  untrueClaims,
  starterProblems,
  strongSentencesLost,
  templateFiller,
  writesInLowercase,
  writtenTexts,
} from "./checks.ts";
import type { EvalProfile, TextField } from "./corpus.fixture.ts";

export const CHECKS = [
  "completes",
  "broken words",
  "fragments",
  "punctuation scars",
  "put-downs left in part",
  "facts kept",
  "strong texts kept",
  "plans differ",
  "versions differ",
  "elite answers not premium's",
  "starters from the profile",
  "template filler",
  "said once",
  "honest notes",
  "another language mixed in",
  "demands kept",
  "starter blanks and quotes",
  "grammar scars",
  "self-facts kept",
  "games kept",
  "time per profile",
] as const;
export type CheckName = (typeof CHECKS)[number];

export interface Violation {
  check: CheckName;
  profile: string;
  /** The plan the result was for; "premium/elite" for a comparison of the two. */
  plan: string;
  detail: string;
}

export interface Evaluation {
  /** Profile × plan runs. */
  runs: number;
  profiles: number;
  violations: Violation[];
  /** Milliseconds per run, in run order. */
  times: number[];
  /** Per plan: the runs, and those whose bio and answers equal the customer's own word for word (issue 30, item 8). */
  unchanged: Partial<Record<PlanId, { runs: number; same: number }>>;
}

export interface Row {
  check: CheckName;
  violations: number;
  profilesAffected: number;
}


export function evalInput(entry: EvalProfile, plan: PlanId): OptimiserInput {
  return {
    profileId: `eval-${entry.app}`,
    app: entry.app,
    plan,
    reason: "initial",
    revisionNotes: null,
    profile: { ...EMPTY_PROFILE_TEXT, ...entry.profile },
    photos: [],
  };
}

/** The customer's text of one field of the corpus entry, and what the result made of it. */
function fieldTexts(entry: EvalProfile, field: TextField, result: OptimisationResult): { original: string | null; optimised: string | null } {
  if (field === "bio") return { original: entry.profile.bio ?? null, optimised: result.bio?.optimised ?? null };
  const asked = entry.profile.prompts?.[Number(field.slice(-1)) - 1];
  const answered = result.prompts.find((p) => p.prompt === asked?.prompt);
  return { original: asked?.response ?? null, optimised: answered?.optimised ?? null };
}

/** The checks on one result: everything a single plan's delivery can get wrong. */
export function checkResult(entry: EvalProfile, result: OptimisationResult): Omit<Violation, "profile" | "plan">[] {
  const profile = { ...EMPTY_PROFILE_TEXT, ...entry.profile };
  const customer = customerText(profile);
  const lowercaseStyle = writesInLowercase(profile);
  const written = writtenTexts(result).filter(Boolean);
  const starters = result.conversationStarters;
  const notes = [...(result.bio?.notes ?? []), ...result.prompts.flatMap((p) => p.notes)];
  const found: Omit<Violation, "profile" | "plan">[] = [];
  const add = (check: CheckName, details: string[]) => details.forEach((detail) => found.push({ check, detail }));

  for (const text of [...written, ...starters, ...notes]) add("broken words", brokenWords(text, customer).map((w) => `“${w}” in “${text}”`));
  for (const text of [...written, ...starters]) {
    add("fragments", fragments(text, customer, { lowercaseStyle }));
    add("punctuation scars", punctuationScars(text, customer).map((s) => `${s} in “${text}”`));
  }
  for (const text of written) add("template filler", templateFiller(text, customer));
  add("put-downs left in part", putDownsLeftInPart(written.join("\n"), entry.putDowns ?? []));
  add("facts kept", factsMissing(written.join("\n"), entry.facts ?? []).map((f) => `“${f}” dropped`));
  for (const field of entry.strong ?? []) {
    const { original, optimised } = fieldTexts(entry, field, result);
    if (!original) continue;
    if (!optimised) add("strong texts kept", [`${field}: missing from the result`]);
    else add("strong texts kept", strongSentencesLost(original, optimised).map((s) => `${field}: “${s}” lost or changed`));
  }
  add("starters from the profile", starterProblems(starters, profile, result.plan));
  add("said once", repeatedLines(result, profile));
  add("honest notes", untrueClaims(result));
  if (entry.kinds.includes("other-language")) add("another language mixed in", languageMixed(result, profile));
  add("demands kept", demandsKept(result, entry.putDowns ?? []));
  add("starter blanks and quotes", starterBlanksAndQuotes(starters, profile));
  for (const text of [...written, ...starters]) add("grammar scars", grammarScars(text, customer));
  add("self-facts kept", selfFactsDropped(result, profile, entry.putDowns ?? []));
  add("games kept", gameItemsLost(result));
  add("versions differ", versionsAlike(result));
  return found;
}

/** Whether premium and elite should differ: there is text to rewrite that is not all strong as written. */
function eliteShouldDiffer(entry: EvalProfile): boolean {
  const fields: TextField[] = [];
  if (entry.profile.bio) fields.push("bio");
  (entry.profile.prompts ?? []).forEach((_, i) => fields.push(`prompt${i + 1}` as TextField));
  return fields.some((f) => !(entry.strong ?? []).includes(f));
}

/**
 * Runs every corpus entry on each plan (one at a time, so the times are the optimiser's own) and checks each result;
 * `timeBudgetMs` is the time per profile over which a run counts as a violation.
 */
export async function evaluate(
  optimiser: Optimiser,
  corpus: readonly EvalProfile[],
  { plans = PLAN_IDS, timeBudgetMs }: { plans?: readonly PlanId[]; timeBudgetMs: number },
): Promise<Evaluation> {
  const violations: Violation[] = [];
  const times: number[] = [];
  const unchanged: Evaluation["unchanged"] = {};
  for (const entry of corpus) {
    const results = new Map<PlanId, OptimisationResult>();
    for (const plan of plans) {
      const add = (check: CheckName, detail: string) => violations.push({ check, profile: entry.name, plan, detail });
      const started = performance.now();
      let result: OptimisationResult;
      try {
        result = optimisationResultSchema.parse(await optimiser.optimise(evalInput(entry, plan)));
      } catch (err) {
        add("completes", `threw ${err instanceof Error ? `${err.name}: ${err.message.replace(/\s+/g, " ").slice(0, 200)}` : String(err)}`);
        continue;
      } finally {
        times.push(performance.now() - started);
      }
      const ms = times.at(-1)!;
      if (ms > timeBudgetMs) add("time per profile", `${Math.round(ms)} ms, over the ${timeBudgetMs} ms budget`);
      results.set(plan, result);
      const counts = (unchanged[plan] ??= { runs: 0, same: 0 });
      counts.runs++;
      if (equalsOriginal(result)) counts.same++;
      for (const v of checkResult(entry, result)) add(v.check, v.detail);
    }
    const premium = results.get("premium");
    const elite = results.get("elite");
    if (premium && elite && eliteShouldDiffer(entry) && plansIdentical(premium, elite)) {
      violations.push({ check: "plans differ", profile: entry.name, plan: "premium/elite", detail: "the same bio and answers, word for word" });
    }
    if (premium && elite) {
      for (const detail of eliteAnswersCopied(premium, elite)) violations.push({ check: "elite answers not premium's", profile: entry.name, plan: "premium/elite", detail });
    }
  }
  return { runs: times.length, profiles: corpus.length, violations, times, unchanged };
}

export function tableRows(evaluation: Evaluation): Row[] {
  return CHECKS.map((check) => {
    const mine = evaluation.violations.filter((v) => v.check === check);
    return { check, violations: mine.length, profilesAffected: new Set(mine.map((v) => v.profile)).size };
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The table the script prints and docs/optimiser.md records: one line per check, then the time per profile. With
 * `isNew` (the profiles added since issue 30), the violations are split into the old corpus and the new one.
 */
export function formatTable(title: string, evaluation: Evaluation, isNew?: (profile: string) => boolean): string {
  const rows = tableRows(evaluation);
  const width = Math.max(...CHECKS.map((c) => c.length));
  const split = (check: CheckName) => {
    const mine = evaluation.violations.filter((v) => v.check === check);
    const fresh = mine.filter((v) => isNew!(v.profile)).length;
    return `${String(mine.length - fresh).padStart(10)}  ${String(fresh).padStart(10)}`;
  };
  const lines = [
    `${title}: ${evaluation.profiles} profiles, ${evaluation.runs} runs`,
    isNew ? `${"check".padEnd(width)}  old corpus  new corpus  profiles affected` : `${"check".padEnd(width)}  violations  profiles affected`,
    ...rows.map((r) => `${r.check.padEnd(width)}  ${isNew ? split(r.check) : String(r.violations).padStart(10)}  ${String(r.profilesAffected).padStart(8)} of ${evaluation.profiles}`),
  ];
  const sorted = [...evaluation.times].sort((a, b) => a - b);
  const rates = Object.entries(evaluation.unchanged).map(([plan, c]) => `${plan} ${c.same} of ${c.runs} (${Math.round((100 * c.same) / Math.max(1, c.runs))}%)`);
  if (rates.length > 0) lines.push(`result equals the original: ${rates.join(", ")}`);
  lines.push(`time per profile: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`);
  return lines.join("\n");
}
