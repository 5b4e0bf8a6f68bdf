import { describe, expect, test } from "bun:test";
import { renderOutcomeFollowUpEmail } from "./outcome-follow-up.tsx";

describe("the follow-up e-mail", () => {
  const email = renderOutcomeFollowUpEmail({
    appName: "The League",
    formUrl: "https://profileboost.test/how-did-it-go?id=abc&t=k1.sig",
    optOutUrl: "https://profileboost.test/follow-up/opt-out?id=abc&t=0.sig",
    expiresAt: new Date("2027-01-26T10:00:00Z"),
    supportEmail: "help@profileboost.test",
  });

  test("asks in one subject line, names the app, links the form and the opt-out, and says until when", () => {
    expect(email.subject).toBe("Did your new The League profile work? One minute, four questions");
    expect(email.html).toContain('href="https://profileboost.test/how-did-it-go?id=abc&amp;t=k1.sig"');
    expect(email.html).toContain('href="https://profileboost.test/follow-up/opt-out?id=abc&amp;t=0.sig"');
    expect(email.text).toContain("Tell us how it went (https://profileboost.test/how-did-it-go?id=abc&t=k1.sig)");
    expect(email.text).toContain("The link works until January 26, 2027; you can change your answer until then. We will not ask again.");
    expect(email.text).toContain("Opt out (https://profileboost.test/follow-up/opt-out?id=abc&t=0.sig): one click, and you can undo it.");
  });
});
