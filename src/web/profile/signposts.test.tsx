import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { PLANS } from "../../shared/orders/plans.ts";
import { NextPaymentNote, OrderSteps } from "./OrderSteps.tsx";
import { SubmitProgress } from "./SubmitProgress.tsx";

const text = (html: string) => html.replace(/<[^>]+>/g, "");
const MB = 1024 * 1024;

describe("SubmitProgress", () => {
  test("uploading: the step in words with the megabytes, and a bar of bytes sent of total", () => {
    const html = renderToStaticMarkup(<SubmitProgress stage="uploading" progress={{ loaded: 3.2 * MB, total: 9.8 * MB }} />);
    expect(text(html)).toContain("Uploading photos… 3.2 of 9.8 MB");
    expect(html).toContain('role="progressbar"');
    expect(html).toContain(`aria-valuenow="${3.2 * MB}"`);
    expect(html).toContain(`aria-valuemax="${9.8 * MB}"`);
    expect(html).toContain('aria-valuetext="3.2 of 9.8 MB sent"');
  });

  test("under a megabyte in all, kilobytes", () => {
    const html = renderToStaticMarkup(<SubmitProgress stage="uploading" progress={{ loaded: 45 * 1024, total: 180 * 1024 }} />);
    expect(text(html)).toContain("Uploading photos… 45 of 180 KB");
    expect(html).toContain('aria-valuetext="45 of 180 KB sent"');
  });

  test("checking and preparing payment: the words change and the bar stays full", () => {
    const checking = renderToStaticMarkup(<SubmitProgress stage="checking" progress={{ loaded: 1000, total: 1000 }} />);
    expect(text(checking)).toContain("Checking photos…");
    expect(checking).toContain('aria-valuenow="1000"');
    const paying = renderToStaticMarkup(<SubmitProgress stage="checkout" progress={{ loaded: 1000, total: 1000 }} />);
    expect(text(paying)).toContain("Preparing payment…");
  });

  test("idle: no words and no bar, but the live region is already there", () => {
    const html = renderToStaticMarkup(<SubmitProgress stage="idle" progress={null} />);
    expect(html).not.toContain("progressbar");
    expect(html).toContain('aria-live="polite"');
    expect(text(html).trim()).toBe("");
  });
});

describe("OrderSteps and the payment note", () => {
  const steps = (html: string) => [...html.matchAll(/<li[^>]*data-step="(\w+)"[^>]*>/g)].map((m) => ({ step: m[1], current: m[0].includes('aria-current="step"') }));

  test("before payment: this form is the current step and Payment is marked next", () => {
    const html = renderToStaticMarkup(<OrderSteps path="pay-after" />);
    expect(steps(html)).toEqual([
      { step: "plan", current: false },
      { step: "profile", current: true },
      { step: "payment", current: false },
      { step: "results", current: false },
    ]);
    expect(text(html)).toContain("PaymentNext");
  });

  test("paid first: payment is behind the customer, nothing is marked as a payment to come", () => {
    const html = renderToStaticMarkup(<OrderSteps path="paid-first" />);
    expect(steps(html).map((s) => s.step)).toEqual(["plan", "payment", "profile", "results"]);
    expect(text(html)).toContain("Payment (done)");
    expect(text(html)).not.toContain("PaymentNext");
  });

  test("paying first: the e-mail address is the current step, Payment next, the profile after it", () => {
    const html = renderToStaticMarkup(<OrderSteps path="pay-first" narrow />);
    expect(steps(html)).toEqual([
      { step: "plan", current: false },
      { step: "email", current: true },
      { step: "payment", current: false },
      { step: "profile", current: false },
      { step: "results", current: false },
    ]);
    expect(text(html)).toContain("Choose a plan (done)");
    expect(text(html)).toContain("PaymentNext");
    // Two columns at every width in a payment card.
    expect(html).not.toContain("sm:grid-cols-");
  });

  test("the plan chosen on the form (Hinge, Bumble): profile and plan are this step, Payment next", () => {
    const html = renderToStaticMarkup(<OrderSteps path="plan-on-form" />);
    expect(steps(html)).toEqual([
      { step: "profileAndPlan", current: true },
      { step: "payment", current: false },
      { step: "results", current: false },
    ]);
    expect(text(html)).toContain("Your profile, photos and plan");
    expect(text(html)).toContain("PaymentNext");
    expect(html).toContain("sm:grid-cols-3");
  });

  test("the note names the plan table's price", () => {
    expect(text(renderToStaticMarkup(<NextPaymentNote plan={PLANS.premium} />))).toBe("Next: secure payment of $9.99");
    expect(text(renderToStaticMarkup(<NextPaymentNote plan={PLANS.elite} />))).toBe("Next: secure payment of $49.99");
  });
});
