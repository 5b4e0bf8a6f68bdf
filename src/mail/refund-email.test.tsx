import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { renderRefundEmail } from "./refund-email.tsx";

const parse = (html: string) => new new Window().DOMParser().parseFromString(html, "text/html");

describe("the refund e-mail", () => {
  test("the amount in the subject; the plan, the order reference, where the money goes and support in both parts", () => {
    const { subject, html, text } = renderRefundEmail({ amountCents: 4999, planTitle: "Elite", orderReference: "ord7f3a", supportEmail: "help@profileboost.test" });
    expect(subject).toBe("Your ProfileBoost refund of $49.99");
    for (const piece of [
      "We have refunded $49.99 for your ProfileBoost Elite order (order reference ord7f3a).",
      "back to the card you paid with",
      "Nothing more will be sent for this order.",
      "help@profileboost.test",
    ]) {
      expect(parse(html).body.textContent.replace(/\s+/g, " ")).toContain(piece);
      expect(text.replace(/\s+/g, " ")).toContain(piece);
    }
    expect(parse(html).querySelector('a[href="mailto:help@profileboost.test"]')).not.toBeNull();
  });
});
