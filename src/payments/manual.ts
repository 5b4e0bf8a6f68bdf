/**
 * The payments the built-in local provider takes on this site's own pages: the manual card form (POST
 * /api/process-order: only a name, an e-mail and the last four digits arrive) and its hosted checkout page
 * (/pay/:sessionId). No money moves: the test card's approval is the whole "charge", and the order is fulfilled in
 * the transaction that records the attempt paid. Both run in the order's turn (`oneAtATime`), like starting a
 * payment, so a double click, or the two pages at once, pay the order once.
 */
import { eq } from "drizzle-orm";
import { writeTransaction, type DB } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { paymentSessions } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import type { Logger } from "../log.ts";
import { assertPayable } from "../orders/lifecycle.ts";
import { loadOrder } from "../orders/orders.ts";
import { fulfilIn, type FulfilResult } from "./fulfil.ts";
import { captureLocalSession, decideByLast4, decideTestCard, localPayment } from "./local.ts";
import type { ProviderName } from "./provider.ts";
import { oneAtATime } from "./service.ts";

export interface LocalPaymentDeps {
  db: DB;
  log: Logger;
  /** The provider this site runs: local payments are taken only while it is the local one. */
  provider: ProviderName;
}

export const SESSION_NOT_FOUND = "Payment session not found.";
const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;

type SessionRow = typeof paymentSessions.$inferSelect;

// Should a local payment not fulfil its order (it cannot happen unless the order changed under it), someone must look.
function logUnfulfilled(log: Logger, sessionId: string, orderId: string | null, result: FulfilResult | null): void {
  if (result && result.outcome !== "fulfilled" && result.outcome !== "already_paid") {
    log.error(`payment ${sessionId} was paid but not fulfilled: ${result.outcome} (order ${orderId})`);
  }
}

/**
 * The manual card form's payment of `orderId`, decided by the card's last four digits. Answers the id of the paid
 * attempt. Refused: with Stripe running (the page must use secure checkout), an order that cannot be paid, a
 * declined card (`declined`, nothing recorded), or an order someone else paid meanwhile (nothing recorded).
 */
export async function payManually(deps: LocalPaymentDeps, orderId: string, last4: string): Promise<string> {
  const { db } = deps;
  if (deps.provider !== "local") throw new DomainError("conflict", "Card details cannot be taken on this page. Please use secure checkout.");
  return oneAtATime(orderId, async () => {
    const order = loadOrder(db, orderId);
    assertPayable(order);
    const decision = decideByLast4(last4);
    if (!decision.approved) throw new DomainError("declined", decision.message);

    // The attempt is recorded paid and the order fulfilled in one transaction, so a crash leaves both or neither.
    const id = newId();
    const fulfilled = writeTransaction(db, (tx) => {
      // Asked again under the write lock: nothing is recorded as charged for an order that cannot be paid.
      assertPayable(loadOrder(tx, order.id));
      const session = tx
        .insert(paymentSessions)
        .values({ id, provider: "local", kind: "manual", orderId: order.id, amount: order.amount, currency: order.currency, status: "paid" })
        .returning()
        .get();
      const result = fulfilIn(tx, localPayment(session));
      // Rolled back: no paid attempt is recorded for an order someone else paid meanwhile.
      if (result.outcome === "already_paid") throw new DomainError("conflict", "This order has already been paid.");
      return result;
    });
    logUnfulfilled(deps.log, id, order.id, fulfilled);
    return id;
  });
}

/** A session the local checkout page may show and pay: the local provider's, hosted or embedded, on a local site. */
export function localCheckoutSession(deps: LocalPaymentDeps, sessionId: string): SessionRow {
  const row = SESSION_ID.test(sessionId) ? deps.db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId)).get() : undefined;
  if (!row || row.provider !== "local" || row.kind === "manual" || deps.provider !== "local") {
    throw new DomainError("not_found", SESSION_NOT_FOUND);
  }
  return row;
}

/** What the checkout page's card form sends; the number may contain spaces or dashes. */
export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** The card form's fields checked as a card network would (`invalid` with the field's message); answers the digits. */
function checkedCardNumber(card: CardInput, now: Date): string {
  const digits = card.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits)) throw new DomainError("invalid", "Enter a valid card number.");
  const expiry = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(card.expiry.trim());
  if (!expiry) throw new DomainError("invalid", "Enter the expiry date as MM/YY.");
  const [expMonth, expYear] = [Number(expiry[1]), 2000 + Number(expiry[2])];
  if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)) {
    throw new DomainError("invalid", "Your card has expired.");
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) throw new DomainError("invalid", "Enter the card's 3-digit security code.");
  return digits;
}

/**
 * Pays an open local checkout session with `card`: the session paid and its order fulfilled in one transaction.
 * Answers the session. Refused: an unknown session (`not_found`), a card form filled in wrongly (`invalid`), a
 * session paid or ended (`conflict`), an order that cannot be paid, a card other than the approving test card
 * (`declined`); nothing is paid then.
 */
export async function payLocalCheckout(deps: LocalPaymentDeps, sessionId: string, card: CardInput): Promise<SessionRow> {
  const row = localCheckoutSession(deps, sessionId);
  const digits = checkedCardNumber(card, new Date());
  const pay = async () => {
    // Read again in the order's turn: the manual card form or a new attempt may have paid or ended it meanwhile.
    const current = localCheckoutSession(deps, row.id);
    if (current.status === "paid") throw new DomainError("conflict", "This payment has already been completed.");
    if (current.status !== "open") throw new DomainError("conflict", "This payment session has ended. Please start again.");
    if (row.orderId) assertPayable(loadOrder(deps.db, row.orderId));

    const decision = decideTestCard(digits);
    if (!decision.approved) throw new DomainError("declined", decision.message);
    // The session paid and its order fulfilled in one transaction.
    const capture = captureLocalSession(deps.db, row.id);
    if (!capture.captured) throw new DomainError("conflict", "This payment has already been completed.");
    logUnfulfilled(deps.log, row.id, row.orderId, capture.fulfilled);
  };
  await (row.orderId ? oneAtATime(row.orderId, pay) : pay());
  return row;
}
