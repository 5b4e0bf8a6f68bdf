/**
 * Local-provider payments over HTTP, the calls the browser makes (the hosted checkout page /pay/:id posts the card to
 * /api/local-checkout/:id/pay; the manual card form posts to /api/process-order), for the crash scripts: orders are
 * prepared first, then paid in one burst with the ways a customer can pay twice (a double click, the card form
 * beside the hosted page), so that a `kill -9` at a random moment lands in the middle of payments.
 */
import { submitProfile } from "./customer.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { noisyJpeg } from "./test-images.ts";

export const TEST_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

export interface PayableOrder {
  orderId: string;
  profileId: string | null;
  /** The hosted checkout session the order's customer was sent to. */
  sessionId: string;
}

/** How a customer pays in the burst. */
export type PayStyle =
  /** The hosted page's "Pay" once. */
  | "hosted"
  /** The hosted page's "Pay" twice at once (a double click, or two tabs). */
  | "double-click"
  /** The hosted page and the manual card form for the same order at once. */
  | "hosted-and-card-form"
  /** The manual card form alone. */
  | "card-form";

export const PAY_STYLES: readonly PayStyle[] = ["hosted", "double-click", "hosted-and-card-form", "card-form"];

/** One request of the burst: its HTTP status, or null when the connection died with the server. */
export interface PayAttempt {
  orderId: string;
  kind: "hosted" | "card-form";
  status: number | null;
}

const PLANS: readonly PlanId[] = ["basic", "premium", "elite"];

export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

async function answer<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Three small photos, enough for a profile (uploads are not what these scripts measure). */
export async function smallPhotos(): Promise<Uint8Array[]> {
  return Promise.all([0, 1, 2].map(() => noisyJpeg(480, 360)));
}

/**
 * Orders waiting for payment, each with its hosted checkout session: `withProfile` of them for a submitted profile
 * (payment queues its optimisation and confirmation), `paidFirst` without one (the pricing page's path).
 */
export async function prepareOrders(baseUrl: string, counts: { withProfile: number; paidFirst: number }, photos: Uint8Array[]): Promise<PayableOrder[]> {
  const profileIds = await Promise.all(
    Array.from({ length: counts.withProfile }, (_, i) =>
      submitProfile(baseUrl, { profile: { email: `crash${i}@example.com`, dating_app: "tinder", bio: "Nurse by day, sourdough baker by night." }, photos }),
    ),
  );
  const owners: (string | null)[] = [...profileIds, ...Array.from({ length: counts.paidFirst }, () => null)];
  return Promise.all(
    owners.map(async (profileId, i) => {
      const order = await answer<{ id: string }>(
        await postJson(`${baseUrl}/api/orders`, { plan: PLANS[i % PLANS.length], ...(profileId && { profile_id: profileId }) }),
        "POST /api/orders",
      );
      const session = await answer<{ sessionId: string }>(await postJson(`${baseUrl}/api/create-checkout-session`, { orderId: order.id }), "POST /api/create-checkout-session");
      return { orderId: order.id, profileId, sessionId: session.sessionId };
    }),
  );
}

/** The hosted page's pay button. */
export function payHosted(baseUrl: string, sessionId: string): Promise<Response> {
  return postJson(`${baseUrl}/api/local-checkout/${encodeURIComponent(sessionId)}/pay`, TEST_CARD);
}

/** The manual card form: a name, an e-mail and the last four digits. */
export function payWithCardForm(baseUrl: string, orderId: string): Promise<Response> {
  return postJson(`${baseUrl}/api/process-order`, { orderId, paymentDetails: { name: "Crash Test", email: "crash@example.com", last4: "4242" } });
}

/**
 * Pays every order in the style given, each order's requests starting together at a random moment within `spreadMs`
 * (customers do not all click in the same millisecond, and a kill must find payments in flight); resolves when every
 * request has an answer or died with the server.
 */
export function paymentBurst(baseUrl: string, orders: readonly PayableOrder[], styleOf: (i: number) => PayStyle, spreadMs = 0): Promise<PayAttempt[]> {
  const attempt = async (orderId: string, kind: PayAttempt["kind"], send: () => Promise<Response>): Promise<PayAttempt> => {
    try {
      const res = await send();
      await res.arrayBuffer();
      return { orderId, kind, status: res.status };
    } catch {
      return { orderId, kind, status: null };
    }
  };
  const requests = orders.flatMap((order, i) => {
    const startAt = Bun.sleep(Math.random() * spreadMs);
    const later = (send: () => Promise<Response>) => () => startAt.then(send);
    const hosted = () => attempt(order.orderId, "hosted", later(() => payHosted(baseUrl, order.sessionId)));
    const cardForm = () => attempt(order.orderId, "card-form", later(() => payWithCardForm(baseUrl, order.orderId)));
    switch (styleOf(i)) {
      case "hosted":
        return [hosted()];
      case "double-click":
        return [hosted(), hosted()];
      case "hosted-and-card-form":
        return [hosted(), cardForm()];
      case "card-form":
        return [cardForm()];
    }
  });
  return Promise.all(requests);
}

/**
 * After a restart: every way of paying an order that is already paid must be refused (409), its open session too;
 * answers one line per request that was not refused.
 */
export async function payAgainRefusals(baseUrl: string, paid: readonly { orderId: string; openSessionIds: string[] }[]): Promise<{ tried: number; problems: string[] }> {
  const problems: string[] = [];
  let tried = 0;
  const expect409 = async (what: string, send: () => Promise<Response>) => {
    tried++;
    const res = await send();
    const text = await res.text();
    if (res.status !== 409) problems.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
  };
  for (const { orderId, openSessionIds } of paid) {
    await expect409(`a new checkout for paid order ${orderId}`, () => postJson(`${baseUrl}/api/create-checkout-session`, { orderId }));
    await expect409(`a new payment intent for paid order ${orderId}`, () => postJson(`${baseUrl}/api/create-payment-intent`, { orderId }));
    await expect409(`the card form for paid order ${orderId}`, () => payWithCardForm(baseUrl, orderId));
    for (const sessionId of openSessionIds) {
      await expect409(`paying open session ${sessionId} of paid order ${orderId}`, () => payHosted(baseUrl, sessionId));
    }
  }
  return { tried, problems };
}
