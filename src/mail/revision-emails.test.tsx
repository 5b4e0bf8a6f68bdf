import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { renderRevisionReceivedEmail, renderRevisionRequestEmail, type RevisionReceivedData, type RevisionRequestData } from "./revision-emails.tsx";

const URL = "https://profileboost.test/view-results?id=p_1";

function received(overrides: Partial<RevisionReceivedData> = {}): RevisionReceivedData {
  return {
    appName: "Hinge",
    planTitle: "Premium",
    orderReference: "ord7f3a",
    notes: "Please mention my cello.\nAnd less about work.",
    revision: 1,
    revisionsAllowed: 1,
    deliveryHours: 24,
    deadline: new Date("2025-11-25T14:30:59Z"),
    resultsUrl: URL,
    supportEmail: "help@profileboost.test",
    ...overrides,
  };
}

function request(overrides: Partial<RevisionRequestData> = {}): RevisionRequestData {
  return {
    profileId: "p_1",
    orderReference: "ord7f3a",
    customerEmail: "ada@example.com",
    appName: "Hinge",
    planTitle: "Elite",
    revision: 1,
    revisionsAllowed: 1,
    deadline: new Date("2025-11-25T14:30:00Z"),
    notes: "Please mention my cello.",
    adminUrl: "https://profileboost.test/admin",
    ...overrides,
  };
}

const parse = (html: string) => new new Window().DOMParser().parseFromString(html, "text/html");
const visible = (html: string) => parse(html).body.textContent.replace(/\s+/g, " ");

describe("the customer's acknowledgement of a revision request", () => {
  test("says the request is in, when to expect the revision (the plan's hours and the deadline), what was asked, and the reference", () => {
    const { subject, html, text } = renderRevisionReceivedEmail(received());
    expect(subject).toBe("We received your revision request for your Hinge profile");
    for (const piece of [
      "We have your revision request",
      "Your revised profile will be e-mailed to you within 24 hours, by Tuesday 25 November, 14:30 UTC.",
      "Please mention my cello.",
      "This is revision 1 of the 1 your Premium plan includes.",
      "Please quote your order reference, ord7f3a.",
    ]) {
      expect(visible(html)).toContain(piece);
      expect(text).toContain(piece);
    }
    // The notes keep their lines in the text part.
    expect(text).toContain("Please mention my cello.\nAnd less about work.");
    expect(parse(html).querySelector(`a[href="${URL}"]`)?.textContent).toBe("Check your revision's progress");
    expect(parse(html).querySelector('a[href="mailto:help@profileboost.test"]')).not.toBeNull();
  });

  test("the hours and the deadline are the ones given (elite 12 hours)", () => {
    const { text } = renderRevisionReceivedEmail(received({ deliveryHours: 12, planTitle: "Elite", deadline: new Date("2026-01-02T03:04:00Z") }));
    expect(text).toContain("within 12 hours, by Friday 2 January, 03:04 UTC.");
    expect(text).toContain("your Elite plan includes");
  });

  test("hostile notes are text; the subject stays one line", () => {
    const { subject, html } = renderRevisionReceivedEmail(received({ notes: `<script>alert(1)</script><img src=x onerror=alert(1)>`, appName: "Hinge\r\nBcc: x@evil.test" }));
    expect(html).not.toMatch(/<(script|img)\b/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(subject).not.toMatch(/[\r\n]/);
  });
});

describe("support's e-mail about a revision request", () => {
  test("names the customer, the order reference, the plan, the revision count, the deadline and the notes", () => {
    const { subject, html, text } = renderRevisionRequestEmail(request());
    expect(subject).toBe("Revision request from ada@example.com (order ord7f3a)");
    for (const piece of [
      "Customer: ada@example.com",
      "Order reference: ord7f3a",
      "Profile: p_1",
      "Plan and app: Elite, Hinge",
      "Revision: 1 of 1",
      "Deadline: Tuesday 25 November, 14:30 UTC",
      "Please mention my cello.",
      "Replying to this e-mail writes to the customer.",
    ]) {
      expect(visible(html)).toContain(piece);
      expect(text).toContain(piece);
    }
    expect(parse(html).querySelector('a[href="https://profileboost.test/admin"]')).not.toBeNull();
  });

  test("without an order or a deadline it says so", () => {
    const { subject, text } = renderRevisionRequestEmail(request({ orderReference: null, deadline: null }));
    expect(subject).toBe("Revision request from ada@example.com");
    expect(text).toContain("Order reference: none");
    expect(text).toContain("Deadline: none set");
  });
});
