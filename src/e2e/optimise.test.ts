/**
 * The product end to end on embedded defaults: a customer pays with the test card and the real server's job loop
 * runs the local analyser until the profile is `completed` with every part its plan promises; a `kill -9` in the
 * middle of an optimisation and a restart still end with exactly one result.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { PlanId } from "../shared/orders/plans.ts";
import { specFields } from "../shared/optimiser/render.ts";
import { optimisationResultSchema, STARTERS_PER_PLAN, type OptimisationResult } from "../shared/optimiser/result.ts";
import { submitAndPay } from "../testing/customer.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { noisyJpeg } from "../testing/test-images.ts";
import { until } from "../testing/wait.ts";

let servers: RunningServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  // A restart reuses its first server's folder: each folder once.
  for (const dir of new Set(servers.map((s) => s.dir))) rmSync(dir, { recursive: true, force: true });
  servers = [];
});

async function start(dir?: string) {
  const server = await startServer({}, dir);
  servers.push(server);
  return server;
}

interface Row {
  status: string;
  optimization: string | null;
  optimized_profile: string | null;
  recommendations: string | null;
  optimized_at: number | null;
}

function readProfile(dir: string, id: string): Row {
  const db = new Database(join(dir, "app.sqlite"), { readonly: true });
  try {
    // The working version's result, and the spec's fields rendered from it as the API renders them.
    const row = db
      .query<{ status: string; optimization: string | null; optimized_at: number | null }, [string]>(
        "SELECT p.status, v.result AS optimization, v.created_at AS optimized_at FROM profiles p LEFT JOIN result_versions v ON v.id = p.working_version_id WHERE p.id = ?",
      )
      .get(id)!;
    const fields = row.optimization ? specFields(optimisationResultSchema.parse(JSON.parse(row.optimization))) : null;
    return { ...row, optimized_profile: fields && JSON.stringify(fields.optimizedProfile), recommendations: fields?.recommendations ?? null };
  } finally {
    db.close();
  }
}

function readJob(dir: string, profileId: string) {
  const db = new Database(join(dir, "app.sqlite"), { readonly: true });
  try {
    return db
      .query<{ status: string; attempts: number; n: number }, [string]>(
        "SELECT status, attempts, (SELECT count(*) FROM jobs WHERE kind = 'optimise-profile') AS n FROM jobs WHERE kind = 'optimise-profile' AND json_extract(payload, '$.profileId') = ?",
      )
      .get(profileId)!;
  } finally {
    db.close();
  }
}

/** Read every 5 ms: the kill must land while the job is processing. */
const waitFor = (check: () => boolean, ms: number, what: string) => until(check, what, { ms, everyMs: 5 });

const photos = await Promise.all([0, 1, 2, 3].map((i) => noisyJpeg(1600 + i * 100, 1200)));

const PROFILES: Record<PlanId, Record<string, unknown>> = {
  basic: { dating_app: "tinder", bio: "I love to travel and work hard play hard. Nurse by day, sourdough baker by night.", interests: "hiking, baking, jazz" },
  premium: {
    dating_app: "hinge",
    prompt1: "My simple pleasures",
    response1: "Fresh sourdough on a Sunday morning",
    prompt2: "I'm looking for",
    response2: "Someone kind",
    prompt3: "Dating me is like",
    response3: "idk, just ask",
    ideal_first_date: "A walk along the river and a coffee at a small bakery.",
    job_title: "Nurse",
    education: "King's College London",
  },
  elite: { dating_app: "bumble", bio: "No drama please. Architect who sketches old buildings and cycles to work.", prompt1: "My perfect day", response1: "Cycling to a market, then sketching by the canal." },
};

function resultOf(row: Row): OptimisationResult {
  return optimisationResultSchema.parse(JSON.parse(row.optimization!));
}

describe("optimisation on embedded defaults", () => {
  test("a paid profile of each plan is completed with every part its plan promises; basic has no starters", async () => {
    const server = await start();
    const paid = await Promise.all(
      (["basic", "premium", "elite"] as const).map(async (plan) => ({ plan, ...(await submitAndPay(server.url, { plan, profile: PROFILES[plan], photos })) })),
    );
    for (const { plan, profileId } of paid) {
      await waitFor(() => readProfile(server.dir, profileId).status === "completed", 60_000, `${plan} completed`);
      const row = readProfile(server.dir, profileId);
      const result = resultOf(row);
      expect(result.plan).toBe(plan);
      expect(result.analysis.summary.length).toBeGreaterThan(20);
      expect(result.analysis.problems.length + result.analysis.strengths.length).toBeGreaterThan(0);
      expect(result.photos).toHaveLength(photos.length);
      expect(result.photoOrder.length).toBeGreaterThanOrEqual(3);
      expect(result.engines.analysis).toEqual({ kind: "local" });
      expect(result.conversationStarters).toHaveLength(STARTERS_PER_PLAN[plan]);
      expect(row.recommendations).toContain("<");
      if (plan === "basic") {
        expect(result.strategyGuide).toBeNull();
        expect(result.bio!.optimised.length).toBeLessThanOrEqual(result.bio!.limit);
        expect(typeof JSON.parse(row.optimized_profile!)).toBe("string");
      } else {
        expect(result.strategyGuide!.sections.length).toBeGreaterThan(0);
        expect(JSON.parse(row.optimized_profile!)).toMatchObject({ conversationStarters: expect.stringContaining("1. ") });
      }
      if (plan === "premium") expect(result.bio).toBeNull(); // Hinge has no bio
      if (plan === "elite") expect(result.prompts.every((p) => p.rewritten)).toBe(true);
    }
  }, 120_000);

  test("kill -9 mid-optimisation, then a restart: exactly one result", async () => {
    const first = await start();
    const { profileId } = await submitAndPay(first.url, { plan: "premium", profile: PROFILES.premium, photos });
    await waitFor(() => readProfile(first.dir, profileId).status === "processing", 30_000, "processing");
    first.proc.kill("SIGKILL");
    await first.proc.exited;
    const afterKill = readProfile(first.dir, profileId);
    // Killed mid-run: no result was written.
    expect(afterKill.status).toBe("processing");
    expect(afterKill.optimization).toBeNull();

    const second = await start(first.dir);
    await waitFor(() => readProfile(second.dir, profileId).status === "completed", 60_000, "completed after the restart");
    // The job is marked done just after the result is stored.
    await waitFor(() => readJob(second.dir, profileId).status === "done", 10_000, "the job done");
    const job = readJob(second.dir, profileId);
    expect(job).toMatchObject({ status: "done", attempts: 2, n: 1 });
    const result = resultOf(readProfile(second.dir, profileId));
    expect(result.plan).toBe("premium");
    // The restarted process took the job back at once, not after the lease.
    expect(second.output()).toMatch(/took back [1-9]\d* job\(s\)/);
  }, 120_000);
});
