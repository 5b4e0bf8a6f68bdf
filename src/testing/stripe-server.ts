/**
 * A small Stripe-compatible API server for tests: the real `stripe` SDK talks to it over HTTP (STRIPE_API_HOST,
 * STRIPE_API_PORT, STRIPE_API_PROTOCOL=http). It implements what this app calls: Checkout Sessions create, retrieve
 * and expire, PaymentIntents create, retrieve and cancel (expire and cancel refused, as Stripe does, once no longer
 * open), Refunds create (a second refund of one payment refused, as Stripe does for a fully refunded charge), with form-encoded bodies as the SDK sends them, Stripe's idempotency rule (same key and same parameters
 * answer the same object; other parameters are an error), and it records every request. Tests change payment
 * states directly (`completeCheckoutSession`, …) as Stripe would after the customer pays.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  params: Record<string, unknown>;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface FakeStripe {
  /** Environment for testContext()/startServer(): points the SDK here. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  sessions: Map<string, StripeObject>;
  intents: Map<string, StripeObject>;
  refunds: Map<string, StripeObject>;
  /** The customer paid on Stripe's page (or, with `paymentStatus: "unpaid"`, started an async payment). */
  completeCheckoutSession(id: string, paymentStatus?: "paid" | "unpaid"): StripeObject;
  /** An async payment (e.g. a bank debit) settled. */
  settleCheckoutSession(id: string, paymentStatus: "paid" | "unpaid"): StripeObject;
  setPaymentIntentStatus(id: string, status: string): StripeObject;
  /** The next `count` requests answer 500, as during an outage. */
  failNext(count: number): void;
  stop(): void;
}

export const TEST_SECRET_KEY = "sk_test_fake_123";
export const TEST_PUBLISHABLE_KEY = "pk_test_fake_123";
export const TEST_WEBHOOK_SECRET = "whsec_test_fake_123";

export function startFakeStripe(): FakeStripe {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StripeObject>();
  const intents = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const idempotent = new Map<string, { fingerprint: string; body: StripeObject }>();
  let failures = 0;

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const text = req.method === "POST" ? await req.text() : "";
      const params = parseForm(text);
      const idempotencyKey = req.headers.get("idempotency-key");
      requests.push({ method: req.method, path: url.pathname, idempotencyKey, authorization: req.headers.get("authorization"), params });

      if (failures > 0) {
        failures--;
        return error(500, "api_error", "Simulated outage");
      }
      if (req.headers.get("authorization") !== `Bearer ${TEST_SECRET_KEY}`) {
        return error(401, "invalid_request_error", "Invalid API Key provided");
      }

      if (req.method === "POST" && idempotencyKey) {
        const fingerprint = `${url.pathname}\n${text}`;
        const seen = idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            return error(400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
          }
          return Response.json(seen.body, { headers: { "idempotent-replayed": "true" } });
        }
        const res = post(url.pathname, params);
        if (res.ok) idempotent.set(idempotencyKey, { fingerprint, body: (await res.clone().json()) as StripeObject });
        return res;
      }
      if (req.method === "POST") return post(url.pathname, params);

      const match = /^\/v1\/(checkout\/sessions|payment_intents)\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && match) {
        const store = match[1] === "payment_intents" ? intents : sessions;
        const found = store.get(decodeURIComponent(match[2]!));
        return found ? Response.json(found) : error(404, "invalid_request_error", `No such object: '${match[2]}'`, "resource_missing");
      }
      return error(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname})`);
    },
  });

  function post(path: string, p: Record<string, unknown>): Response {
    const action = /^\/v1\/(checkout\/sessions|payment_intents)\/([^/]+)\/(expire|cancel)$/.exec(path);
    if (!action) return create(path, p);
    const [, kind, id, verb] = action as unknown as [string, string, string, string];
    if (kind === "checkout/sessions" && verb === "expire") {
      const s = sessions.get(id);
      if (!s) return error(404, "invalid_request_error", `No such checkout.session: '${id}'`, "resource_missing");
      if (s.status !== "open") {
        return error(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`);
      }
      s.status = "expired";
      return Response.json(s);
    }
    if (kind === "payment_intents" && verb === "cancel") {
      const pi = intents.get(id);
      if (!pi) return error(404, "invalid_request_error", `No such payment_intent: '${id}'`, "resource_missing");
      if (!["requires_payment_method", "requires_confirmation", "requires_action", "requires_capture"].includes(pi.status as string)) {
        return error(400, "invalid_request_error", `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, "payment_intent_unexpected_state");
      }
      pi.status = "canceled";
      return Response.json(pi);
    }
    return error(404, "invalid_request_error", `Unrecognized request URL (POST: ${path})`);
  }

  function create(path: string, p: Record<string, unknown>): Response {
    if (path === "/v1/checkout/sessions") {
      const lineItems = (p.line_items ?? []) as Array<{ quantity?: string; price_data?: { currency?: string; unit_amount?: string } }>;
      const amountTotal = lineItems.reduce((sum, li) => sum + Number(li.price_data?.unit_amount ?? 0) * Number(li.quantity ?? 1), 0);
      const id = `cs_test_${randomPart()}`;
      const session: StripeObject = {
        id,
        object: "checkout.session",
        mode: p.mode,
        status: "open",
        payment_status: "unpaid",
        amount_total: amountTotal,
        currency: lineItems[0]?.price_data?.currency ?? "usd",
        client_reference_id: p.client_reference_id ?? null,
        metadata: p.metadata ?? {},
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        payment_intent: null,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        line_items_sent: lineItems,
        payment_intent_data_sent: p.payment_intent_data ?? null,
      };
      sessions.set(id, session);
      return Response.json(session);
    }
    if (path === "/v1/refunds") {
      const pi = [...intents.values()].find((i) => i.id === p.payment_intent) ?? [...sessions.values()].find((cs) => cs.payment_intent === p.payment_intent);
      if (!pi) return error(404, "invalid_request_error", `No such payment_intent: '${String(p.payment_intent)}'`, "resource_missing");
      const already = [...refunds.values()].find((r) => r.payment_intent === p.payment_intent);
      if (already) return error(400, "invalid_request_error", "Charge has already been refunded.", "charge_already_refunded");
      const refund: StripeObject = {
        id: `re_test_${randomPart()}`,
        object: "refund",
        payment_intent: p.payment_intent,
        amount: Number(p.amount),
        currency: "usd",
        reason: p.reason ?? null,
        metadata: p.metadata ?? {},
        status: "succeeded",
      };
      refunds.set(refund.id, refund);
      return Response.json(refund);
    }
    if (path === "/v1/payment_intents") {
      const id = `pi_test_${randomPart()}`;
      const intent: StripeObject = {
        id,
        object: "payment_intent",
        amount: Number(p.amount),
        currency: p.currency,
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomPart()}`,
        metadata: p.metadata ?? {},
        description: p.description ?? null,
      };
      intents.set(id, intent);
      return Response.json(intent);
    }
    return error(404, "invalid_request_error", `Unrecognized request URL (POST: ${path})`);
  }

  const session = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`no checkout session ${id}`);
    return s;
  };

  return {
    env: {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(server.port),
      STRIPE_API_PROTOCOL: "http",
    },
    requests,
    sessions,
    intents,
    refunds,
    completeCheckoutSession(id, paymentStatus = "paid") {
      const s = session(id);
      s.status = "complete";
      s.payment_status = paymentStatus;
      s.payment_intent = s.payment_intent ?? `pi_test_${randomPart()}`;
      return s;
    },
    settleCheckoutSession(id, paymentStatus) {
      const s = session(id);
      s.status = "complete";
      s.payment_status = paymentStatus;
      return s;
    },
    setPaymentIntentStatus(id, status) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no payment intent ${id}`);
      pi.status = status;
      return pi;
    },
    failNext(count) {
      failures = count;
    },
    stop() {
      server.stop(true);
    },
  };
}

function error(status: number, type: string, message: string, code?: string): Response {
  return Response.json({ error: { type, message, code } }, { status });
}

function randomPart(): string {
  return crypto.randomUUID().replaceAll("-", "").slice(0, 24);
}

/** `a[b][0][c]=1` → `{ a: { b: [ { c: "1" } ] } }`, the way Stripe reads the SDK's form encoding. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      if (container[part] === undefined) container[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}
