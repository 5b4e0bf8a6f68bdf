/**
 * The Outcomes page's API (issue 32), for owners and writers alike: GET /api/admin/outcomes (response rate, the change
 * in matches a week as a median with its 90% interval and n, per plan, per app and per part used, the chart, the
 * comments) and GET /api/admin/outcomes.csv (every answer, one row each). Added to the admin router, behind its guard.
 */
import type { Hono } from "hono";
import type { AdminEnv } from "../admin/guard.ts";
import type { AppContext } from "../context.ts";
import { outcomeRows, outcomesCsv, outcomesReport } from "../outcomes/report.ts";
import type { AdminOutcomesAnswer } from "../shared/api/outcomes.ts";

export function adminOutcomesRoutes(ctx: AppContext, r: Hono<AdminEnv>): void {
  const db = ctx.store.db;

  r.get("/outcomes", (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json<AdminOutcomesAnswer>(outcomesReport(outcomeRows(db)));
  });

  r.get("/outcomes.csv", (c) => {
    const day = new Date().toISOString().slice(0, 10);
    return c.body(outcomesCsv(outcomeRows(db)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="profileboost-outcomes-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
}
