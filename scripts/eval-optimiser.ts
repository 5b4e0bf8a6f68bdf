/**
 * Optimiser evaluation (issue 19, item 7): the corpus of src/optimiser/eval/corpus.fixture.ts through the local
 * analyser on every plan, and through the AI engine too when OPENAI_API_KEY is set (with OPENAI_BASE_URL and
 * OPENAI_MODEL as the server reads them), and one table per engine: violations and profiles affected per check,
 * then the time per profile. Text only, no photos. The checks are src/optimiser/eval/checks.ts, shared with the test.
 *
 *   bun scripts/eval-optimiser.ts [--verbose] [--local-only] [--plans premium,elite]
 *
 * `--verbose` lists every violation. Exits non-zero when any check has a violation.
 */
import { loadConfig } from "../src/config.ts";
import { consoleLogger } from "../src/log.ts";
import { PLAN_IDS, type PlanId } from "../src/shared/orders/plans.ts";
import { createAiOptimiser } from "../src/optimiser/ai.ts";
import { EVAL_CORPUS } from "../src/optimiser/eval/corpus.fixture.ts";
import { evaluate, formatTable, type Evaluation } from "../src/optimiser/eval/evaluate.ts";
import { createLocalOptimiser } from "../src/optimiser/local.ts";

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const plansArg = args[args.indexOf("--plans") + 1];
const plans = (args.includes("--plans") && plansArg ? plansArg.split(",") : PLAN_IDS).filter((p): p is PlanId => (PLAN_IDS as readonly string[]).includes(p));
/** Text only: the local analyser takes milliseconds; a model gets two minutes, the bound of its retries. */
const BUDGET_MS = { local: 1000, ai: 120_000 };

function report(title: string, evaluation: Evaluation): number {
  console.log(`\n${formatTable(title, evaluation)}`);
  if (verbose) for (const v of evaluation.violations) console.log(`  [${v.check}] ${v.profile} (${v.plan}): ${v.detail}`);
  return evaluation.violations.length;
}

const local = createLocalOptimiser();
let violations = report("local analyser", await evaluate(local, EVAL_CORPUS, { plans, timeBudgetMs: BUDGET_MS.local }));

const { ai } = loadConfig(process.env);
if (ai.apiKey && !args.includes("--local-only")) {
  const engine = createAiOptimiser({ apiKey: ai.apiKey, baseUrl: ai.baseUrl, model: ai.model, vision: false, local, log: consoleLogger });
  violations += report(`AI engine (${ai.model} at ${ai.baseUrl})`, await evaluate(engine, EVAL_CORPUS, { plans, timeBudgetMs: BUDGET_MS.ai }));
} else {
  console.log("\nAI engine: not configured (OPENAI_API_KEY is not set), skipped");
}
process.exit(violations > 0 ? 1 : 0);
