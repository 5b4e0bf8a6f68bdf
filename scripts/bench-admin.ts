/**
 * Admin list benchmark: seeds 10,000 profiles (with orders, in every status, deadlines spread over two days) into a
 * temp database and measures GET /api/admin/profiles in-process through the real app: the default view (most urgent
 * first), each status filter, a search by e-mail and by id, and a deep page.
 *
 *   bun scripts/bench-admin.ts [--profiles 10000] [--runs 50]
 *
 * Target (issue 11): under 100 ms at p95 for each. Exits non-zero when one is missed.
 */
import { newId } from "../src/db/ids.ts";
import { orders, profiles } from "../src/db/schema.ts";
import { PROFILE_STATUSES } from "../src/shared/profiles/statuses.ts";
import { PLAN_IDS } from "../src/shared/orders/plans.ts";
import { adminCookie } from "../src/testing/admin.ts";
import { testApp, testContext } from "../src/testing/context.ts";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => Number(args[args.indexOf(name) + 1] ?? NaN) || fallback;
const COUNT = arg("--profiles", 10_000);
const RUNS = arg("--runs", 50);
const TARGET_MS = 100;

const ctx = testContext();
const app = testApp(ctx);
const cookie = adminCookie(ctx.store.db);

console.log(`seeding ${COUNT} profiles...`);
const started = performance.now();
const now = Date.now();
let someId = "";
ctx.store.sqlite.run("BEGIN");
for (let i = 0; i < COUNT; i++) {
  const id = newId();
  if (i === Math.floor(COUNT / 2)) someId = id;
  const status = PROFILE_STATUSES[i % PROFILE_STATUSES.length]!;
  const paid = status !== "created";
  const sent = status === "completed" && i % 2 === 0;
  ctx.store.db
    .insert(profiles)
    .values({
      id,
      email: `customer${i}@example.com`,
      datingApp: (["hinge", "bumble", "tinder", "the_league"] as const)[i % 4]!,
      status,
      emailSent: sent,
      emailSentAt: sent ? new Date(now - i * 1000) : null,
      deadlineAt: paid ? new Date(now + ((i * 7919) % (48 * 3600)) * 1000 - 6 * 3600_000) : null,
      createdAt: new Date(now - i * 60_000),
    })
    .run();
  ctx.store.db.insert(orders).values({ id: newId(), planId: PLAN_IDS[i % 3]!, amount: 999, profileId: id, status: paid ? "paid" : "pending" }).run();
}
ctx.store.sqlite.run("COMMIT");
console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

async function measure(label: string, query: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const t = performance.now();
    const res = await app.request(`/api/admin/profiles${query}`, { headers: { Cookie: cookie } });
    await res.json();
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    if (i >= 5) times.push(performance.now() - t); // the first runs warm the statement cache
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  console.log(`${label.padEnd(28)} p50 ${pct(50).toFixed(1).padStart(6)} ms   p95 ${pct(95).toFixed(1).padStart(6)} ms`);
  return pct(95);
}

const results = [
  await measure("default (most urgent first)", ""),
];
for (const status of PROFILE_STATUSES) results.push(await measure(`status=${status}`, `?status=${status}`));
results.push(await measure("search by e-mail", "?q=customer4242@"));
results.push(await measure("search by id", `?q=${someId}`));
results.push(await measure("page 200 of 400", "?page=200&page_size=25"));
ctx.cleanup();

const worst = Math.max(...results);
if (worst > TARGET_MS) {
  console.error(`missed: a p95 of ${worst.toFixed(1)} ms is over ${TARGET_MS} ms`);
  process.exit(1);
}
console.log(`all under ${TARGET_MS} ms at p95 (worst ${worst.toFixed(1)} ms)`);
