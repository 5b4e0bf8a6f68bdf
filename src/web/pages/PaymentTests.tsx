import { useEffect, useState } from "react";
import { useSearchParams } from "../navigation.tsx";
import type { PaymentIntentAnswer } from "../../shared/api/payments.ts";
import { formatDollars } from "../../shared/orders/plans.ts";
import { apiGet, apiRequest, messageOf } from "../api.ts";
import { EmbeddedPayment } from "../payments/EmbeddedPayment.tsx";
import { startHostedCheckout } from "../payments/hosted-checkout.ts";
import { PaymentCard } from "../payments/PaymentCard.tsx";
import { priceParam } from "../payments/price-param.ts";
import { useEmbeddedPayment } from "../payments/use-embedded-payment.ts";
import { usePublicConfig } from "../public-config.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { island } from "../island.tsx";

/*
 * The spec's internal payment test and diagnostic pages. They pay test amounts with no order, so they fulfil
 * nothing; the server refuses order-less payments in production, where these pages answer 404.
 */

const TEST_RETURN = "/success?test=true";
const TEST_CARD = "4242 4242 4242 4242";
const DEFAULT_TEST_AMOUNT = 14.99;
const EMBEDDED_AMOUNTS = [6.99, 9.99, 49.99];
const HOSTED_AMOUNTS = [0.5, 1, 5];
/** Spec section 9: direct checkout redirects one second after the session is created. */
const DIRECT_REDIRECT_DELAY_MS = 1000;

/** A failure as these pages show it: the server's or the error's own message, else the spec's fallback. */
const errorText = (err: unknown) => messageOf(err, "An error occurred");

function EmbeddedTest({ amount }: { amount: number }) {
  const state = useEmbeddedPayment({ amount }, "Error creating payment intent");
  return (
    <>
      <p className="mb-4 rounded-md bg-muted p-3 text-sm">
        Test card: <span className="font-mono font-semibold">{TEST_CARD}</span>, any future expiry, any CVC.
      </p>
      {state.status === "loading" && <Spinner label="Creating payment..." />}
      {state.status === "error" && (
        <p role="alert" className="text-sm text-danger">
          {state.message}
        </p>
      )}
      {state.status === "ready" && <EmbeddedPayment key={state.payment.sessionId} payment={state.payment} returnPath={TEST_RETURN} />}
    </>
  );
}

/** /test-payment?amount=…: an embedded card form for a chosen test amount. */
export function TestPaymentPage() {
  const [params, setParams] = useSearchParams();
  const amount = priceParam(params.get("amount"), DEFAULT_TEST_AMOUNT);
  return (
    <PaymentCard title="Test Payment" subtitle={`Amount: ${formatDollars(amount)}`}>
      <div className="mb-4 flex flex-wrap gap-2">
        {EMBEDDED_AMOUNTS.map((a) => (
          <button key={a} type="button" className={buttonClass(a === amount ? "primary" : "outline", "sm")} onClick={() => setParams({ amount: String(a) })}>
            {formatDollars(a)}
          </button>
        ))}
      </div>
      <EmbeddedTest key={amount} amount={amount} />
    </PaymentCard>
  );
}

/** /simple-payment: the embedded card form for a fixed test amount. */
export function SimplePaymentPage() {
  return (
    <PaymentCard title="Simple Payment" subtitle={`Amount: ${formatDollars(DEFAULT_TEST_AMOUNT)}`}>
      <EmbeddedTest amount={DEFAULT_TEST_AMOUNT} />
    </PaymentCard>
  );
}

function useIntentProbe() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function probe() {
    setBusy(true);
    try {
      const res = await apiRequest("POST", "/api/create-payment-intent", { amount: 1 });
      const body = (await res.json()) as PaymentIntentAnswer;
      setResult(body.clientSecret ? { ok: true, text: `Payment intent created: ${body.sessionId}` } : { ok: false, text: "No client secret returned" });
    } catch (err) {
      setResult({ ok: false, text: errorText(err) });
    }
    setBusy(false);
  }
  return { result, busy, probe };
}

function ProbeResult({ result }: { result: { ok: boolean; text: string } | null }) {
  if (!result) return null;
  return (
    <p role="status" className={result.ok ? "text-success" : "text-danger"}>
      {result.text}
    </p>
  );
}

/** /stripe-test: whether the publishable key reached the browser and whether a payment intent can be created. */
export function StripeTestPage() {
  const config = usePublicConfig();
  const { result, busy, probe } = useIntentProbe();
  return (
    <PaymentCard title="Payment Configuration Status">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium">Provider</dt>
        <dd>{config.paymentProvider === "stripe" ? "Stripe" : "Built-in local test provider"}</dd>
        <dt className="font-medium">Publishable key</dt>
        <dd>{config.stripePublishableKey ? "Available" : "Not available"}</dd>
        <dt className="font-medium">Payment intent</dt>
        <dd>{result ? (result.ok ? "Created" : "Not created") : "Not tried yet"}</dd>
      </dl>
      <button type="button" className={buttonClass("primary", "md", "mt-6")} disabled={busy} onClick={probe}>
        {busy ? "Processing..." : "Create Test Payment Intent"}
      </button>
      <div className="mt-4">
        <ProbeResult result={result} />
      </div>
    </PaymentCard>
  );
}

/** /payment-check: one button that tests payment-intent creation. */
export function PaymentCheckPage() {
  const { result, busy, probe } = useIntentProbe();
  return (
    <PaymentCard title="Payment Check">
      <button type="button" className={buttonClass("primary")} disabled={busy} onClick={probe}>
        {busy ? "Processing..." : "Test Payment Intent Creation"}
      </button>
      <div className="mt-4">
        <ProbeResult result={result} />
      </div>
    </PaymentCard>
  );
}

/** /basic-payment-test: is the server (and its database) answering, and which provider runs. */
export function BasicPaymentTestPage() {
  const { paymentProvider } = usePublicConfig();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  async function check() {
    try {
      await apiGet("/healthz");
      setResult({ ok: true, text: `Connected. Payments run through the ${paymentProvider === "stripe" ? "Stripe" : "built-in local"} provider.` });
    } catch (err) {
      setResult({ ok: false, text: errorText(err) });
    }
  }
  return (
    <PaymentCard title="Basic Payment Test">
      <button type="button" className={buttonClass("primary")} onClick={check}>
        Test Connection
      </button>
      <div className="mt-4">
        <ProbeResult result={result} />
      </div>
    </PaymentCard>
  );
}

function HostedTest({ title }: { title: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  async function pay(amount: number) {
    setBusy(amount);
    try {
      window.location.assign(await startHostedCheckout({ amount, successUrl: TEST_RETURN, cancelUrl: "/payment-test" }));
    } catch (err) {
      toast({ title: "Error creating checkout session", description: errorText(err), variant: "destructive" });
      setBusy(null);
    }
  }
  return (
    <PaymentCard title={title} subtitle="Hosted checkout with a test amount; no order is charged.">
      <div className="flex flex-wrap gap-3">
        {HOSTED_AMOUNTS.map((a) => (
          <button key={a} type="button" className={buttonClass("primary")} disabled={busy !== null} onClick={() => pay(a)}>
            {busy === a ? "Processing..." : `Pay ${formatDollars(a)}`}
          </button>
        ))}
      </div>
    </PaymentCard>
  );
}

/** /payment-test: hosted checkout for 0.50, 1.00 or 5.00; success /success?test=true, cancel /payment-test. */
export function PaymentTestPage() {
  return <HostedTest title="Payment Test" />;
}

/** /stripe-checkout-test: the second hosted-checkout test, same amounts and URLs. */
export function StripeCheckoutTestPage() {
  return <HostedTest title="Checkout Test" />;
}

/** /simple-checkout: one button, hosted checkout for the default test amount. */
export function SimpleCheckoutPage() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function pay() {
    setBusy(true);
    try {
      window.location.assign(await startHostedCheckout({ amount: DEFAULT_TEST_AMOUNT, successUrl: TEST_RETURN, cancelUrl: "/simple-checkout" }));
    } catch (err) {
      toast({ title: "Error creating checkout session", description: errorText(err), variant: "destructive" });
      setBusy(false);
    }
  }
  return (
    <PaymentCard title="Simple Checkout" subtitle={`Amount: ${formatDollars(DEFAULT_TEST_AMOUNT)}`}>
      <button type="button" className={buttonClass("primary")} disabled={busy} onClick={pay}>
        {busy ? "Processing..." : `Pay ${formatDollars(DEFAULT_TEST_AMOUNT)}`}
      </button>
    </PaymentCard>
  );
}

/** /direct-checkout: creates a hosted checkout at once and redirects a second later. */
export function DirectCheckoutPage() {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    startHostedCheckout({ amount: DEFAULT_TEST_AMOUNT, successUrl: TEST_RETURN, cancelUrl: "/direct-checkout" })
      .then((url) => {
        if (!cancelled) timer = setTimeout(() => window.location.assign(url), DIRECT_REDIRECT_DELAY_MS);
      })
      .catch((err) => {
        if (cancelled) return;
        setError(errorText(err));
        toast({ title: "Error creating checkout session", description: errorText(err), variant: "destructive" });
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [toast]);
  return (
    <PaymentCard title="Direct Checkout">
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : (
        <Spinner label="Redirecting to secure payment page..." />
      )}
    </PaymentCard>
  );
}

const TEST_PAGES = {
  TestPaymentPage,
  SimplePaymentPage,
  StripeTestPage,
  PaymentCheckPage,
  BasicPaymentTestPage,
  PaymentTestPage,
  StripeCheckoutTestPage,
  SimpleCheckoutPage,
  DirectCheckoutPage,
};

/** The internal test pages are interactive wholes: one island, told which page it is. */
export const PaymentTestIsland = island("PaymentTestIsland", ({ name }: { name: keyof typeof TEST_PAGES }) => {
  const Page = TEST_PAGES[name];
  return <Page />;
});
