/**
 * The contact form posted without JavaScript (issue 31; decision 148): POST /contact, a plain
 * `application/x-www-form-urlencoded` form, checked by the schema of POST /api/contact, received by the same code
 * (src/contact/receive.ts) and counted against the same limit. The answer is the page drawn again by the server:
 * the errors beside their fields with the values kept (400, 403, 413, 415 or 429), or the thank-you view (200).
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppContext } from "../context.ts";
import { receiveContactMessage } from "../contact/receive.ts";
import type { RateCounter } from "../http/rate-limit.ts";
import { HONEYPOT_FIELD } from "../shared/contact/limits.ts";
import { contactSchema } from "../shared/contact/schema.ts";
import type { AssetManifest } from "../ssr/assets.ts";
import { renderServerPage } from "../ssr/render.tsx";
import { CONTACT_PATH, ContactPage, EMPTY_CONTACT, type ContactField, type ContactFormState, type ContactValues } from "../web/pages/Contact.tsx";
import { findPage } from "../web/routes.tsx";
import { fieldErrors } from "../web/ui/field-errors.ts";
import { tooManyMessages } from "./contact.ts";

/** Every field at its limit fits, even as percent-escaped multi-byte text; a body larger than this is not a person's. */
const MAX_FORM_BYTES = 128 * 1024;
export const NOT_A_FORM = "Please send the contact form from this page.";
export const FORM_TOO_LARGE = "The message is longer than the form takes. Please shorten it and send it again.";
export const OTHER_SITE = "This form was sent from another site, so it was not accepted. Please write to us from this page.";

/**
 * A browser names the page a form was posted from (Origin, Sec-Fetch-Site): another site's page posting this form
 * through its visitors' browsers (spam under many addresses) is refused. A client that names nothing is taken, as
 * POST /api/contact takes it; the rate limit covers both.
 */
function fromAnotherSite(c: Context, publicUrl: string): boolean {
  const origin = c.req.header("Origin");
  if (origin !== undefined) return origin !== new URL(publicUrl).origin && origin !== new URL(c.req.url).origin;
  return c.req.header("Sec-Fetch-Site") === "cross-site";
}

export function contactPageRouter(ctx: AppContext, assets: () => AssetManifest, counter: RateCounter) {
  const r = new Hono();
  const meta = findPage(CONTACT_PATH)!.meta;
  const page = (c: Context, status: 200 | 400 | 403 | 413 | 415 | 429, state: ContactFormState) =>
    renderServerPage(c, ctx, assets(), { meta, status, toasts: true, Page: () => <ContactPage state={state} /> });
  const refused = (c: Context, status: 403 | 413 | 415 | 429, message: string, values: ContactValues = EMPTY_CONTACT) => page(c, status, { values, errors: { form: message }, sent: false });

  r.post(CONTACT_PATH, bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => refused(c, 413, FORM_TOO_LARGE) }), async (c) => {
    if (fromAnotherSite(c, ctx.config.publicUrl)) return refused(c, 403, OTHER_SITE);
    const wait = counter(c);
    if (wait > 0) {
      c.header("Retry-After", String(Math.ceil(wait / 1000)));
      return refused(c, 429, tooManyMessages(ctx, Math.ceil(wait / 60000)));
    }
    if (!(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) return refused(c, 415, NOT_A_FORM);
    const body = await c.req.parseBody({ all: true }).catch(() => ({}) as Record<string, unknown>);
    // A field missing from the post is an empty one; a field sent twice counts once, by its first value.
    const text = (name: string): string => {
      const v = body[name];
      const first = Array.isArray(v) ? v[0] : v;
      return typeof first === "string" ? first : "";
    };
    const values = Object.fromEntries((Object.keys(EMPTY_CONTACT) as ContactField[]).map((f) => [f, text(f)])) as ContactValues;
    const parsed = contactSchema.safeParse({ ...values, [HONEYPOT_FIELD]: text(HONEYPOT_FIELD) });
    if (!parsed.success) return page(c, 400, { values, errors: fieldErrors(parsed.error), sent: false });
    receiveContactMessage({ db: ctx.store.db, log: ctx.log }, parsed.data);
    return page(c, 200, { values: EMPTY_CONTACT, errors: {}, sent: true });
  });

  return r;
}
