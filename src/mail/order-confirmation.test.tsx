import { afterEach, describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { formatDeadline, renderOrderConfirmationEmail, type OrderConfirmationData } from "./order-confirmation.tsx";

const URL = "https://profileboost.test/view-results?id=p_1";

function order(overrides: Partial<OrderConfirmationData> = {}): OrderConfirmationData {
  return {
    orderId: "ord_7f3a",
    planTitle: "Premium",
    amountCents: 999,
    deliveryHours: 24,
    deadline: new Date("2025-11-25T14:30:59Z"),
    resultsUrl: URL,
    supportEmail: "help@profileboost.test",
    email: "ada@example.com",
    ...overrides,
  };
}

function parse(html: string) {
  return new new Window().DOMParser().parseFromString(html, "text/html");
}

function visible(html: string): string {
  return parse(html).body.textContent.replace(/\s+/g, " ");
}

describe("the order confirmation e-mail", () => {
  test("the subject thanks the customer and names the plan", () => {
    expect(renderOrderConfirmationEmail(order()).subject).toBe("Thank you: your ProfileBoost Premium order");
  });

  test("both parts carry the plan, the amount, the reference, the promise with its deadline, what happens next and support", () => {
    const { html, text } = renderOrderConfirmationEmail(order());
    const pieces = [
      "Thank you for your order",
      "Premium",
      "$9.99",
      "ord_7f3a",
      "Your optimized profile will be e-mailed to ada@example.com within 24 hours, by Tuesday 25 November, 14:30 UTC.",
      "What happens next",
      "We analyze your profile text and every photo.",
      "An expert on our team reviews every result",
      "help@profileboost.test",
    ];
    for (const piece of pieces) {
      expect(visible(html)).toContain(piece);
      expect(text).toContain(piece);
    }
    expect(text).toContain("Plan: Premium\nAmount paid: $9.99\nOrder reference: ord_7f3a");
    expect(text).toContain("1. We analyze your profile text and every photo.\n2. An expert");
  });

  test("the results page, where progress shows, is a link in the HTML and written out in the text", () => {
    const { html, text } = renderOrderConfirmationEmail(order());
    expect(parse(html).querySelector(`a[href="${URL}"]`)?.textContent).toBe("Check your order's progress");
    expect(text).toContain(`Check your order's progress (${URL})`);
    expect(parse(html).querySelector('a[href="mailto:help@profileboost.test"]')).not.toBeNull();
  });

  test("each plan's amount and delivery time as given", () => {
    expect(renderOrderConfirmationEmail(order({ planTitle: "Elite", amountCents: 4999, deliveryHours: 12 })).text).toContain("within 12 hours");
    expect(renderOrderConfirmationEmail(order({ planTitle: "Elite", amountCents: 4999 })).text).toContain("Amount paid: $49.99");
    expect(renderOrderConfirmationEmail(order({ planTitle: "Basic", amountCents: 100 })).text).toContain("Amount paid: $1.00");
  });

  test("hostile strings in every field are text, and the subject stays one line", () => {
    const SCRIPT = "<script>alert(1)</script>";
    const IMG = `"><img src=x onerror=alert(1)>`;
    const { subject, html, text } = renderOrderConfirmationEmail(
      order({ orderId: SCRIPT, planTitle: `Premium\r\nBcc: evil@evil.test ${IMG}`, email: `${IMG}@example.com`, supportEmail: `help@x.test${IMG}`, resultsUrl: `${URL}${IMG}` }),
    );
    expect(subject).not.toMatch(/[\r\n]/);
    const doc = parse(html);
    expect(doc.querySelectorAll("script, img").length).toBe(0);
    for (const el of doc.querySelectorAll("*")) for (const attr of el.attributes) expect(attr.name).not.toMatch(/^on/i);
    expect(html).not.toMatch(/<(script|img)/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(visible(html)).toContain(`e-mailed to ${IMG}@example.com`);
    expect(text).toContain(`Order reference: ${SCRIPT}`);
  });
});

describe("formatDeadline", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    // Assigning undefined would store the string "undefined".
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  test("weekday, day, month and a 24-hour time in UTC, minutes cut rather than rounded up", () => {
    expect(formatDeadline(new Date("2025-11-25T14:30:59Z"))).toBe("Tuesday 25 November, 14:30 UTC");
    expect(formatDeadline(new Date("2026-01-01T09:05:00Z"))).toBe("Thursday 1 January, 09:05 UTC");
  });

  test("the same whatever the server's own time zone", () => {
    process.env.TZ = "Pacific/Auckland";
    expect(formatDeadline(new Date("2025-03-02T23:59:00Z"))).toBe("Sunday 2 March, 23:59 UTC");
    process.env.TZ = "America/Los_Angeles";
    expect(formatDeadline(new Date("2025-03-02T00:00:00Z"))).toBe("Sunday 2 March, 00:00 UTC");
  });
});
