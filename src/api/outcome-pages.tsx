/**
 * The follow-up's pages (issue 32), outside /api because they are pages: drawn on the server with the customer's
 * answer, posted as plain HTML forms (no JavaScript needed), answered with a redirect after a stored answer.
 *
 *   GET/POST /how-did-it-go?id=&t=      the follow-up form (signed link, 60 days; src/outcomes/links.ts)
 *   GET/POST /follow-up/opt-out?id=&t=  the opt-out: GET (the e-mail's link) opts out, once or again, and offers to
 *                                       undo; POST opts out (RFC 8058's one-click POST from a mail client's own button,
 *                                       sent with `List-Unsubscribe=One-Click`), or with `undo=1` takes it back
 *                                       (decision 150)
 *
 * A tampered link, another profile's, or one for a profile whose data is gone is refused with a page saying so.
 */
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppContext } from "../context.ts";
import { profiles } from "../db/schema.ts";
import { countingOrder } from "../orders/orders.ts";
import { isRefunded } from "../orders/refunded.ts";
import { checkLink, FOLLOW_UP_PATH, OPT_OUT_PATH } from "../outcomes/links.ts";
import { answerAfter, optBackIn, optOut, outcomeOf } from "../outcomes/outcomes.ts";
import { erasureOf } from "../privacy/subject.ts";
import type { AssetManifest } from "../ssr/assets.ts";
import { renderServerPage } from "../ssr/render.tsx";
import { appRules } from "../shared/optimiser/apps.ts";
import { afterAnswerSchema, OUTCOME_PARTS, type OutcomePart } from "../shared/outcomes/answers.ts";
import { deletionDay } from "../shared/privacy/periods.ts";
import { FollowUpPage, LinkRefusedPage, OptOutPage, type FollowUpErrors, type FollowUpValues } from "../web/pages/FollowUp.tsx";

export const LINK_INVALID =
  "This link does not work: it may have been changed, or cut short when it was copied. Please open the link in your e-mail again, exactly as it is.";

const FORM_META = { title: "How did it go? | ProfileBoost", description: "Tell us whether your new dating profile worked." };
const OPT_OUT_META = { title: "Follow-up e-mail | ProfileBoost", description: "Stop the follow-up e-mail about your new profile." };

/** US English dates, in UTC, as the e-mail gives them. */
function day(at: Date): string {
  return at.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

type ProfileRow = typeof profiles.$inferSelect;
type Reached = { ok: true; profile: ProfileRow; expiresAt: Date | null } | { ok: false; status: 403 | 409 | 410; title: string; message: string };

export function outcomePagesRouter(ctx: AppContext, assets: () => AssetManifest) {
  const r = new Hono();
  const db = ctx.store.db;
  const supportEmail = ctx.config.mail.supportEmail;
  // Form posts only: a few short fields. On each route: a sub-app's `use` would cover every path of the app.
  const small = bodyLimit({ maxSize: 32 * 1024, onError: (c) => c.text("The form is larger than it can be.", 413) });

  function reach(c: Context, purpose: "follow-up" | "opt-out"): Reached {
    const id = c.req.query("id");
    const check = checkLink(db, purpose, id, c.req.query("t"));
    if (!check.ok) {
      return check.problem === "expired"
        ? { ok: false, status: 410, title: "This link has expired", message: `The link to this form worked until ${day(check.expiredAt)}. Thank you for reading our e-mail all the same.` }
        : { ok: false, status: 403, title: "This link is not valid", message: LINK_INVALID };
    }
    const profile = db.select().from(profiles).where(eq(profiles.id, check.profileId)).get();
    if (!profile) {
      const erased = erasureOf(db, check.profileId);
      return { ok: false, status: 410, title: "Data Deleted", message: erased ? `The data of this profile was deleted on request on ${deletionDay(erased.at)}, so there is nothing left to ask about.` : LINK_INVALID };
    }
    if (profile.textClearedAt) {
      return { ok: false, status: 410, title: "Data Deleted", message: `The data of this profile was deleted on ${deletionDay(profile.textClearedAt)}, as our privacy policy says.` };
    }
    if (purpose === "follow-up" && isRefunded(db, profile.id)) {
      return { ok: false, status: 409, title: "This order was refunded", message: "This order was refunded, so we do not ask about its results." };
    }
    return { ok: true, profile, expiresAt: check.expiresAt };
  }

  const refused = (c: Context, reached: Extract<Reached, { ok: false }>, meta: typeof FORM_META) =>
    renderServerPage(c, ctx, assets(), { meta, status: reached.status, Page: () => <LinkRefusedPage title={reached.title} message={reached.message} supportEmail={supportEmail} /> });

  function form(c: Context, profile: ProfileRow, expiresAt: Date, values: FollowUpValues | null, errors: FollowUpErrors) {
    const plan = countingOrder(db, profile.id)?.planId ?? "basic";
    const rules = appRules(profile.datingApp);
    const parts = OUTCOME_PARTS.filter((p) => (p === "starters" ? plan !== "basic" : p === "prompt_answers" ? profile.datingApp === "hinge" || profile.datingApp === "bumble" : true));
    const row = outcomeOf(db, profile.id);
    const stored: FollowUpValues = {
      matches: row?.afterMatches?.toString() ?? "",
      parts: row?.partsUsed ?? [],
      bio_version: row?.bioVersion ?? "",
      rating: row?.rating?.toString() ?? "",
      comment: row?.comment ?? "",
    };
    const before = row?.beforeMatches != null ? `${row.beforeMatches} ${row.beforeMatches === 1 ? "match" : "matches"}` : null;
    const url = new URL(c.req.url);
    const action = `${FOLLOW_UP_PATH}?id=${encodeURIComponent(profile.id)}&t=${encodeURIComponent(url.searchParams.get("t") ?? "")}`;
    const props = {
      action,
      appName: rules.name,
      parts: parts as OutcomePart[],
      elite: plan === "elite",
      values: values ?? stored,
      errors,
      saved: url.searchParams.get("saved") === "1",
      answered: row?.afterAnsweredAt != null,
      until: day(expiresAt),
      before,
    };
    return renderServerPage(c, ctx, assets(), { meta: FORM_META, status: Object.keys(errors).length ? 400 : 200, Page: () => <FollowUpPage {...props} /> });
  }

  r.get(FOLLOW_UP_PATH, (c) => {
    const reached = reach(c, "follow-up");
    if (!reached.ok) return refused(c, reached, FORM_META);
    return form(c, reached.profile, reached.expiresAt!, null, {});
  });

  r.post(FOLLOW_UP_PATH, small, async (c) => {
    const reached = reach(c, "follow-up");
    if (!reached.ok) return refused(c, reached, FORM_META);
    const body = await c.req.parseBody({ all: true }).catch(() => ({}) as Record<string, unknown>);
    const text = (v: unknown) => (typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : undefined);
    const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : []);
    const values: FollowUpValues = {
      matches: text(body.match_count) ?? "",
      parts: list(body.parts),
      bio_version: text(body.bio_version) ?? "",
      rating: text(body.rating) ?? "",
      comment: text(body.comment) ?? "",
    };
    const parsed = afterAnswerSchema.safeParse({ ...values, bio_version: values.bio_version || undefined });
    if (!parsed.success) {
      const errors: FollowUpErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FollowUpValues;
        errors[field] ??= issue.message;
      }
      return form(c, reached.profile, reached.expiresAt!, values, errors);
    }
    const plan = countingOrder(db, reached.profile.id)?.planId;
    answerAfter(db, reached.profile.id, parsed.data, plan === "elite");
    const url = new URL(c.req.url);
    url.searchParams.set("saved", "1");
    return c.redirect(`${url.pathname}${url.search}`, 303);
  });

  const optOutAction = (c: Context, id: string) => `${OPT_OUT_PATH}?id=${encodeURIComponent(id)}&t=${encodeURIComponent(c.req.query("t") ?? "")}`;

  // The e-mail's link opts out in one click (decision 150): a scanner that opens it stops at most one e-mail, and the
  // page offers to take it back.
  r.get(OPT_OUT_PATH, (c) => {
    const reached = reach(c, "opt-out");
    if (!reached.ok) return refused(c, reached, OPT_OUT_META);
    optOut(db, reached.profile.id);
    return renderServerPage(c, ctx, assets(), { meta: OPT_OUT_META, status: 200, Page: () => <OptOutPage action={optOutAction(c, reached.profile.id)} optedOut={true} /> });
  });

  r.post(OPT_OUT_PATH, small, async (c) => {
    const reached = reach(c, "opt-out");
    if (!reached.ok) return refused(c, reached, OPT_OUT_META);
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const undo = body.undo === "1";
    if (undo) optBackIn(db, reached.profile.id);
    else optOut(db, reached.profile.id);
    return renderServerPage(c, ctx, assets(), { meta: OPT_OUT_META, status: 200, Page: () => <OptOutPage action={optOutAction(c, reached.profile.id)} optedOut={!undo} /> });
  });

  return r;
}
