/**
 * Optimiser evaluation (issue 19, item 7): the corpus of src/optimiser/eval/corpus.fixture.ts through the local
 * analyser on every plan, and through the AI engine too when OPENAI_API_KEY is set (with OPENAI_BASE_URL and
 * OPENAI_MODEL as the server reads them), and one table per engine: violations per check on the old corpus and on the
 * profiles added since issue 30, profiles affected, each plan's rate of results equal to the original, then the time
 * per profile. The checks are src/optimiser/eval/checks.ts, shared with the test. Then the photo part
 * (src/optimiser/eval/photos.ts): sets of real photographs through the local optimiser once each (seconds, for the
 * face model), with its own table; `--no-photos` leaves it out.
 *
 *   bun scripts/eval-optimiser.ts [--verbose] [--local-only] [--no-photos] [--plans premium,elite]
 *
 * `--verbose` lists every violation. Exits non-zero when any check has a violation.
 */
import { loadConfig } from "../src/config.ts";
import { consoleLogger } from "../src/log.ts";
import { PLAN_IDS, type PlanId } from "../src/shared/orders/plans.ts";
import { createAiOptimiser } from "../src/optimiser/ai.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EVAL_CORPUS } from "../src/optimiser/eval/corpus.fixture.ts";
import { ELITE_CORPUS } from "../src/optimiser/eval/corpus-elite.fixture.ts";
import { HARM_CORPUS } from "../src/optimiser/eval/corpus-harm.fixture.ts";
import { evaluatePhotos, formatPhotoTable } from "../src/optimiser/eval/photos.ts";
import { closeFaceDetector } from "../src/optimiser/photos/analyse.ts";
import { evaluate, formatTable, type Evaluation } from "../src/optimiser/eval/evaluate.ts";
import { createLocalOptimiser } from "../src/optimiser/local.ts";

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const plansArg = args[args.indexOf("--plans") + 1];
const plans = (args.includes("--plans") && plansArg ? plansArg.split(",") : PLAN_IDS).filter((p): p is PlanId => (PLAN_IDS as readonly string[]).includes(p));
/** Text only: the local analyser takes milliseconds; a model gets two minutes, the bound of its retries. */
const BUDGET_MS = { local: 1000, ai: 120_000 };

/** The profiles issue 30 added (corpus-harm and corpus-elite): the table's "new corpus" column. */
const added = new Set([...HARM_CORPUS, ...ELITE_CORPUS].map((e) => e.name));

function report(title: string, evaluation: Evaluation): number {
  console.log(`\n${formatTable(title, evaluation, (profile) => added.has(profile))}`);
  if (verbose) for (const v of evaluation.violations) console.log(`  [${v.check}] ${v.profile} (${v.plan}): ${v.detail}`);
  return evaluation.violations.length;
}

const local = createLocalOptimiser();
let violations = report("local analyser", await evaluate(local, EVAL_CORPUS, { plans, timeBudgetMs: BUDGET_MS.local }));

if (!args.includes("--no-photos")) {
  const dir = mkdtempSync(join(tmpdir(), "eval-photos-"));
  const photos = await evaluatePhotos(local, dir);
  console.log(`\n${formatPhotoTable("photos, local analyser on elite (new corpus)", photos)}`);
  if (verbose) for (const v of photos.violations) console.log(`  [${v.check}] ${v.set}: ${v.detail}`);
  violations += photos.violations.length;
  await closeFaceDetector();
  rmSync(dir, { recursive: true, force: true });
}

const { ai } = loadConfig(process.env);
if (ai.apiKey && !args.includes("--local-only")) {
  const engine = createAiOptimiser({ apiKey: ai.apiKey, baseUrl: ai.baseUrl, model: ai.model, vision: false, local, log: consoleLogger });
  violations += report(`AI engine (${ai.model} at ${ai.baseUrl})`, await evaluate(engine, EVAL_CORPUS, { plans, timeBudgetMs: BUDGET_MS.ai }));
} else {
  console.log("\nAI engine: not configured (OPENAI_API_KEY is not set), skipped");
}
process.exit(violations > 0 ? 1 : 0);
