import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "../navigation.tsx";
import type { ProcessOrderAnswer } from "../../shared/api/payments.ts";
import { findPlan, formatDollars } from "../../shared/orders/plans.ts";
import { apiRequest, ApiRequestError } from "../api.ts";
import { CardFields, type CardValues } from "../payments/CardFields.tsx";
import { lastFour } from "../payments/card-format.ts";
import { PaymentCard } from "../payments/PaymentCard.tsx";
import { priceParam } from "../payments/price-param.ts";
import { formOfOrder } from "../profile/draft.ts";
import { usePublicConfig } from "../public-config.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { focusFirst, useFocusAfterBusy } from "../ui/focus.ts";
import { island } from "../island.tsx";

/** Spec section 9: the manual card payment takes a visible 1.5 seconds, like a card network would. */
const PROCESSING_DELAY_MS = 1500;
const DEFAULT_PRICE = 14.99;

/**
 * /card-payment?planId=…&price=…&orderId=…: the spec's manual card form. Only the name, e-mail and the last four
 * digits leave the page; the server completes the payment only under the built-in local provider and otherwise
 * answers that secure checkout must be used.
 */
export function CardPaymentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { paymentProvider } = usePublicConfig();
  const planId = params.get("planId") ?? "basic";
  const price = priceParam(params.get("price"), DEFAULT_PRICE);
  const orderId = params.get("orderId");
  const planLabel = findPlan(planId)?.title ?? "Selected";

  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [card, setCard] = useState<CardValues>({ number: "", expiry: "", cvc: "" });
  const [processing, setProcessing] = useState(false);
  const button = useFocusAfterBusy<HTMLButtonElement>(processing);
  // Fields found empty by the last attempt: marked invalid until filled, and the first one takes the focus.
  const [tried, setTried] = useState(false);
  const empty = { name: !name.trim(), email: !email.trim(), number: !card.number, expiry: !card.expiry, cvc: !card.cvc };
  const invalid = (field: keyof typeof empty) => (tried && empty[field]) || undefined;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const emptyFields = (Object.keys(empty) as (keyof typeof empty)[]).filter((f) => empty[f]);
    if (emptyFields.length > 0) {
      setTried(true);
      focusFirst(e.currentTarget, emptyFields.map((f) => `card-${f}`));
      toast({ title: "Payment Error", description: "Please fill out all fields", variant: "destructive" });
      return;
    }
    if (!orderId) {
      toast({ title: "Payment Failed", description: "Missing required order information", variant: "destructive" });
      return;
    }
    setProcessing(true);
    await new Promise((resolve) => setTimeout(resolve, PROCESSING_DELAY_MS));
    try {
      const res = await apiRequest("POST", "/api/process-order", {
        orderId,
        planId,
        price,
        paymentDetails: { name: name.trim(), email: email.trim(), last4: lastFour(card.number) },
      });
      const { sessionId } = (await res.json()) as ProcessOrderAnswer;
      toast({ title: "Payment Successful", description: "Thank you for your purchase!" });
      navigate(`/success?${new URLSearchParams({ orderId, planId, session_id: sessionId })}`);
    } catch (err) {
      if (err instanceof ApiRequestError) toast({ title: "Payment Failed", description: err.serverMessage, variant: "destructive" });
      else toast({ title: "Failed to process payment", description: "An error occurred", variant: "destructive" });
      setProcessing(false);
    }
  }

  // Back to the form, filled in again from its draft and saying that nothing was paid: the form this tab sent the
  // order from (its cancel URL, kept with the draft), else the spec's /upload, which needs the plan's name.
  const backPlan = findPlan(planId);
  const backToUpload = backPlan
    ? `/upload?${new URLSearchParams({ plan: backPlan.title, price: (backPlan.priceCents / 100).toFixed(2), planId, payment: "cancelled" })}`
    : "/pricing";
  const [backToForm, setBackToForm] = useState<string | null>(null);
  useEffect(() => setBackToForm(orderId ? formOfOrder(orderId) : null), [orderId]);
  return (
    <PaymentCard title="Payment Details" subtitle={`${planLabel} Package · ${formatDollars(price)}`}>
      {paymentProvider === "stripe" && orderId && (
        <p className="mb-4 rounded-md border border-border bg-muted p-3 text-sm">
          Card payments are taken on our secure checkout page.{" "}
          <Link className="font-medium underline" to={`/checkout-redirect?${new URLSearchParams({ orderId, price: String(price), planId })}`}>
            Continue to secure checkout
          </Link>
        </p>
      )}
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field id="card-name" label="Name on card" invalid={invalid("name")}>
          {(control) => <input {...control} className={controlClass.input} autoComplete="cc-name" value={name} disabled={processing} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field id="card-email" label="Email" error={invalid("email") && "Email is required"}>
          {(control) => <input {...control} type="email" className={controlClass.input} autoComplete="email" value={email} disabled={processing} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <CardFields value={card} onChange={setCard} disabled={processing} invalid={{ number: invalid("number"), expiry: invalid("expiry"), cvc: invalid("cvc") }} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link to={backToForm ?? backToUpload} className={buttonClass("outline")}>
            Back
          </Link>
          <button ref={button} type="submit" className={buttonClass("primary")} disabled={processing}>
            {processing ? "Processing..." : `Pay ${formatDollars(price)}`}
          </button>
        </div>
      </form>
    </PaymentCard>
  );
}

/** The whole page is interactive: one island (issue 22). */
export const CardPaymentIsland = island("CardPaymentIsland", CardPaymentPage);
