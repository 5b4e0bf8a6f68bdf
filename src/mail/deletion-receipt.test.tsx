/** The deletion receipt's words for each kind of deletion, in both parts of the e-mail. */
import { describe, expect, test } from "bun:test";
import { renderDeletionReceipt, type DeletionReceiptData } from "./deletion-receipt.tsx";

const AT = new Date("2026-05-03T14:02:09Z");

function data(overrides: Partial<DeletionReceiptData> = {}): DeletionReceiptData {
  return {
    reason: "customer",
    at: AT,
    deleted: { photos: 6, text: true, email: true, profile: true, contactMessages: 2 },
    keptOrders: [{ id: "ord1", planId: "elite", amount: 4999, currency: "usd", paidAt: "2026-05-01T09:00:00Z", refundedAt: "2026-05-02T10:00:00Z" }],
    textGoesAt: null,
    periods: { photoDays: 30, profileDays: 365 },
    supportEmail: "help@profileboost.test",
    ...overrides,
  };
}

describe("the deletion receipt", () => {
  test("an erasure lists everything deleted, when (UTC), and the order kept, in both parts", () => {
    const { subject, html, text } = renderDeletionReceipt(data());
    expect(subject).toBe("Your ProfileBoost data has been deleted");
    for (const line of [
      "As you asked, on 3 May 2026, 14:02 UTC we deleted:",
      "Your 6 photos and their thumbnails.",
      "Your profile text: your bio, prompts and answers, and the other fields of your form.",
      "Your optimized profile, our recommendations, the photo analysis and any revision notes.",
      "Your e-mail address. This receipt is the last e-mail we send to it",
      "Your results page: its link now says that your data was deleted.",
      "The 2 messages you sent us through our contact form.",
      "Order ord1: Elite, $49.99, paid 1 May 2026, refunded 2 May 2026.",
    ]) {
      expect(text).toContain(line);
      expect(html.replace(/&#x27;/g, "'")).toContain(line);
    }
  });

  test("an administrator's erasure says who did it", () => {
    expect(renderDeletionReceipt(data({ reason: "admin" })).text).toContain("At your request, on 3 May 2026, 14:02 UTC our team deleted:");
  });

  test("retention's photos: the period, one photo in the singular, when the rest goes, and no 'what we keep' while the text stays", () => {
    const { subject, text } = renderDeletionReceipt(
      data({ reason: "retention", deleted: { photos: 1, text: false, email: false, profile: false, contactMessages: 0 }, textGoesAt: new Date("2027-05-03T14:02:09Z") }),
    );
    expect(subject).toBe("Your photos have been deleted from ProfileBoost");
    expect(text).toContain("As our privacy policy promises, 30 days after we sent you your results, on 3 May 2026, 14:02 UTC we deleted:");
    expect(text).toContain("Your photo and its thumbnail.");
    expect(text).toContain("stay on your results page until 3 May 2027, 14:02 UTC");
    expect(text).not.toContain("What we keep");
    expect(text).not.toContain("e-mail address.");
  });

  test("retention's text: its own period and subject, and what is kept", () => {
    const { subject, text } = renderDeletionReceipt(data({ reason: "retention", deleted: { photos: 0, text: true, email: true, profile: false, contactMessages: 0 } }));
    expect(subject).toBe("Your ProfileBoost profile has been deleted");
    expect(text).toContain("365 days after we deleted your photos");
    expect(text).toContain("What we keep");
    expect(text).not.toContain("photos and their thumbnails");
  });
});
