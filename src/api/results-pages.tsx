/**
 * The customer's pages that arrive with their data (issue 31, decision 143), drawn by the server through
 * `renderServerPage`:
 *
 *   GET  /view-results?id=…          the results, read with the results API's own rules (readResults)
 *   POST /view-results?id=…          the revision form posted without JavaScript (application/x-www-form-urlencoded
 *                                    `notes`): the API's schema and words; a refusal draws the page again with the
 *                                    message beside the field (400) or the server's reason (404, 409, 429), a request
 *                                    received answers 303 to the page with its confirmation
 *                                    With `widget=outcome`: the outcome question's buttons (`outcome`: save with
 *                                    `match_count`, decline, updated, opt-out), the API's rules and words; answered
 *                                    with the page again (400, 404, 409, 410, 429) or 303 to it
 *   GET  /success?session_id=…       the payment verified on the server (verifyPayment), never from the query string
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppContext } from "../context.ts";
import { requestRevision } from "../delivery/revision.ts";
import { DomainError } from "../errors.ts";
import { ApiError } from "../http/errors.ts";
import { rateLimit } from "../http/rate-limit.ts";
import type { AssetManifest } from "../ssr/assets.ts";
import { renderServerPage } from "../ssr/render.tsx";
import { revisionRequestSchema } from "../shared/delivery/revision-schema.ts";
import { SuccessPage, type SuccessView } from "../web/pages/Success.tsx";
import { ViewResultsPage, type ResultsView, type ViewResultsProps } from "../web/pages/ViewResults.tsx";
import { revisionSentPath } from "../web/results/RevisionForm.tsx";
import { verifyPayment } from "./payments.ts";
import { readResults, REVISION_RECEIVED } from "./results.ts";
import { answerBefore, markProfileUpdated, optOut } from "../outcomes/outcomes.ts";
import { checkAccess } from "../privacy/subject.ts";
import { matchesProblem } from "../shared/outcomes/questions.ts";
import { savedNote } from "../web/results/OutcomeQuestion.tsx";

export const RESULTS_META = { title: "Your Results | ProfileBoost", description: "Your optimized dating profile, recommendations and photo analysis." };
export const SUCCESS_META = { title: "Payment Successful | ProfileBoost", description: "Your payment is being verified." };


const STATUS_OF = { not_found: 404, conflict: 409 } as const;

export function resultsPagesRouter(ctx: AppContext, assets: () => AssetManifest) {
  const r = new Hono();
  // One short field. On the route itself: a sub-app's `use` would cover every path of the app.
  const small = bodyLimit({ maxSize: 32 * 1024, onError: (c) => c.text("The form is larger than it can be.", 413) });
  const revisionLimit = rateLimit(ctx, "revisionRequest");
  const outcomeLimit = rateLimit(ctx, "outcomeAnswer");

  function read(id: string | undefined): ResultsView {
    if (!id) return { state: "no_id" };
    try {
      const read = readResults(ctx, id);
      if (read.kind !== "ok") return read.kind === "gone" ? { state: "gone", message: read.message } : { state: "not_found" };
      const delivery = read.answer.estimated_delivery;
      return { state: "loaded", data: read.answer, overdue: delivery !== null && Date.parse(delivery.by) < Date.now() };
    } catch (err) {
      ctx.log.error("results page: reading the results", err);
      return { state: "failed" };
    }
  }

  function page(c: Context, view: ResultsView, extra: Omit<ViewResultsProps, "view"> = {}, status?: 200 | 400 | 404 | 409 | 410 | 429) {
    const fallback = view.state === "not_found" ? 404 : view.state === "gone" ? 410 : view.state === "failed" ? 500 : 200;
    return renderServerPage(c, ctx, assets(), { meta: RESULTS_META, status: status ?? fallback, toasts: true, Page: () => <ViewResultsPage view={view} {...extra} /> });
  }

  r.get("/view-results", (c) => {
    const view = read(c.req.query("id"));
    const saved = c.req.query("outcome") === "saved" && view.state === "loaded" && view.data.profile.outcome ? savedNote(view.data.profile.outcome) : null;
    return page(c, view, { revisionSent: c.req.query("revision") === "sent" ? REVISION_RECEIVED : null, ...(saved ? { outcome: { saved } } : {}) });
  });

  r.post("/view-results", small, async (c) => {
    const id = c.req.query("id");
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const notes = typeof body.notes === "string" ? body.notes : undefined;
    const drawAgain = (revision: NonNullable<ViewResultsProps["revision"]>, status: 400 | 404 | 409 | 429) => page(c, read(id), { revision }, status);
    if (body.widget === "outcome") return outcomePost(c, id, body);

    try {
      await revisionLimit(c, async () => {});
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) return drawAgain({ notes: notes ?? "", refused: err.message }, 429);
      throw err;
    }
    const parsed = revisionRequestSchema.safeParse({ notes });
    if (!parsed.success) return drawAgain({ notes: notes ?? "", error: parsed.error.issues[0]?.message }, 400);
    try {
      if (!id || !/^[a-z0-9]{1,64}$/.test(id)) throw new DomainError("not_found", "Profile not found");
      requestRevision(ctx.store.db, id, parsed.data.notes);
    } catch (err) {
      if (err instanceof DomainError && (err.kind === "not_found" || err.kind === "conflict")) {
        return drawAgain({ notes: notes ?? "", refused: err.message }, STATUS_OF[err.kind]);
      }
      throw err;
    }
    return c.redirect(revisionSentPath(id), 303);
  });

  /** The outcome question's buttons without JavaScript: the same checks and changes as src/api/outcomes.ts. */
  async function outcomePost(c: Context, id: string | undefined, body: Record<string, unknown>) {
    const text = typeof body.match_count === "string" ? body.match_count : "";
    const drawAgain = (error: string, status: 400 | 404 | 409 | 410 | 429) => page(c, read(id), { outcome: { text, error } }, status);
    try {
      await outcomeLimit(c, async () => {});
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) return drawAgain(err.message, 429);
      throw err;
    }
    const access = checkAccess(ctx.store.db, id ?? "", null);
    if (!access.ok) return page(c, read(id), {}, access.problem === "erased" || access.problem === "cleared" ? 410 : 404);
    const action = body.outcome;
    try {
      if (action === "save") {
        const problem = matchesProblem(text);
        if (problem) return drawAgain(problem, 400);
        answerBefore(ctx.store.db, access.profile.id, Number(text.trim()));
      } else if (action === "decline") answerBefore(ctx.store.db, access.profile.id, null);
      else if (action === "updated") markProfileUpdated(ctx.store.db, access.profile.id, ctx.config.outcomes.followUpMs);
      else if (action === "opt-out") optOut(ctx.store.db, access.profile.id);
      else return drawAgain("Please choose one of the buttons.", 400);
    } catch (err) {
      if (err instanceof DomainError && (err.kind === "not_found" || err.kind === "conflict")) return drawAgain(err.message, STATUS_OF[err.kind]);
      throw err;
    }
    const saved = action === "save" || action === "decline" ? "&outcome=saved" : "";
    return c.redirect(`/view-results?id=${encodeURIComponent(access.profile.id)}${saved}#outcome-heading`, 303);
  }

  r.get("/success", async (c) => {
    // Stripe's embedded form returns with payment_intent=… instead of session_id; both name the payment.
    const sessionId = c.req.query("session_id") ?? c.req.query("payment_intent");
    let view: SuccessView;
    if (!sessionId) view = { state: "missing" };
    else {
      try {
        const answer = await verifyPayment(ctx, sessionId);
        view = answer ? { state: "answered", answer } : { state: "failed" };
      } catch (err) {
        ctx.log.error("success page: verifying the payment", err);
        view = { state: "failed" };
      }
    }
    const isTest = c.req.query("test") === "true";
    return renderServerPage(c, ctx, assets(), { meta: SUCCESS_META, status: 200, toasts: true, Page: () => <SuccessPage view={view} isTest={isTest} /> });
  });

  return r;
}
