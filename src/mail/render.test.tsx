import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { renderOrderConfirmationEmail } from "./order-confirmation.tsx";
import { EmailButton, EmailLayout, htmlToText, renderEmail } from "./render.tsx";
import { renderResultsEmail } from "./results-email.tsx";
import { renderRevisionReceivedEmail } from "./revision-emails.tsx";

function parse(html: string) {
  return new new Window().DOMParser().parseFromString(html, "text/html");
}

const URL = "https://profileboost.test/view-results?id=p_1";

/** Every e-mail a customer gets, as sent. */
const CUSTOMER_EMAILS = {
  results: renderResultsEmail({
    planTitle: "Premium",
    appName: "Bumble",
    optimizedHtml: `<h3>Your Bumble bio</h3><p>Nurse &amp; baker. <a href="https://example.com/tips">Tips</a></p>`,
    recommendationsHtml: "<p>Good.</p>",
    changes: [{ part: "Your Bumble bio", notes: ["Led with the job."] }],
    photos: [{ label: "Photo 1", keep: true, score: 80, reasons: ["Sharp."] }],
    conversationStarters: ["Which trail?"],
    strategyGuide: "# Plan\n- Be active.",
    resultsUrl: URL,
    supportEmail: "help@profileboost.test",
    revisionsLeft: 1,
    revision: null,
  }),
  confirmation: renderOrderConfirmationEmail({
    orderId: "ord_1",
    planTitle: "Premium",
    amountCents: 999,
    deliveryHours: 24,
    deadline: new Date("2025-11-25T14:30:00Z"),
    resultsUrl: URL,
    supportEmail: "help@profileboost.test",
    email: "ada@example.com",
  }),
  revisionReceived: renderRevisionReceivedEmail({
    appName: "Bumble",
    planTitle: "Premium",
    orderReference: "ord_1",
    notes: "Funnier, please.",
    revision: 1,
    revisionsAllowed: 1,
    deliveryHours: 24,
    deadline: new Date("2025-11-25T14:30:00Z"),
    resultsUrl: URL,
    supportEmail: "help@profileboost.test",
  }),
};

describe("the e-mail layout, in every customer e-mail", () => {
  test.each(Object.entries(CUSTOMER_EMAILS))("%s: tables, 600 px at most, and the colour-scheme declarations", (_name, { html }) => {
    const doc = parse(html);
    expect(doc.querySelector('meta[name="color-scheme"]')?.getAttribute("content")).toBe("light dark");
    expect(doc.querySelector('meta[name="supported-color-schemes"]')?.getAttribute("content")).toBe("light dark");
    const card = doc.querySelector('table[width="600"]');
    expect(card?.getAttribute("style")).toContain("max-width:600px");
    expect(card?.getAttribute("role")).toBe("presentation");
    // The client's own defaults (link colours) stay the light ones on our light card.
    expect(doc.body.getAttribute("style")).toContain("color-scheme:light");
  });

  test.each(Object.entries(CUSTOMER_EMAILS))("%s: nothing loads and nothing runs: no images, scripts, style sheets or classes", (_name, { html }) => {
    expect(html).not.toMatch(/<(img|script|style|link|iframe|svg|object|embed|video|audio|form)\b/i);
    expect(html).not.toMatch(/\s(class|src|srcset|background|poster|on\w+)=/i);
    expect(html).not.toContain("url(");
    // An address appears only as a link's target, never as something a client fetches.
    expect(html.replace(/<a [^>]*?href="[^"]*"/g, "<a")).not.toMatch(/https?:/);
  });

  test.each(Object.entries(CUSTOMER_EMAILS))("%s: light text always has its own background under it", (_name, { html }) => {
    const styled = [...parse(html).querySelectorAll("[style]")].map((el) => el.getAttribute("style") ?? "");
    const lightText = styled.filter((style) => /(^|;)color:#fff/i.test(style));
    expect(lightText.length).toBeGreaterThan(0);
    for (const style of lightText) expect(style).toMatch(/background-color:#[0-9a-f]{6}/i);
  });
});

describe("EmailButton", () => {
  test("is a link in both parts: the words, then the address in the text", () => {
    const { html, text } = renderEmail(
      <EmailLayout title="t">
        <EmailButton href={URL}>See your results</EmailButton>
      </EmailLayout>,
    );
    expect(parse(html).querySelector(`a[href="${URL}"]`)?.textContent).toBe("See your results");
    expect(text).toBe(`ProfileBoost\n\nSee your results (${URL})`);
  });
});

describe("htmlToText", () => {
  test("ordered lists are numbered, unordered ones bulleted, nested ones indented", () => {
    expect(htmlToText("<ol><li>one</li><li>two<ul><li>a</li><li>b</li></ul></li><li>three</li></ol><p>after</p>")).toBe(
      "1. one\n2. two\n  - a\n  - b\n3. three\n\nafter",
    );
  });

  test("a paragraph inside a list item stays on the item's line", () => {
    expect(htmlToText("<ul>\n  <li><p>first</p></li>\n  <li><p>second</p></li>\n</ul>")).toBe("- first\n- second");
  });

  test("headings and paragraphs are separated by one blank line; source indentation is not content", () => {
    expect(htmlToText("<h3>Your bio</h3>\n    <p>Nurse.<br>Baker.</p>\n\n\n<h4>Prompt</h4><p>Answer</p>")).toBe("Your bio\n\nNurse.\nBaker.\n\nPrompt\n\nAnswer");
  });

  test("inline elements keep the spaces between them", () => {
    expect(htmlToText("<p><strong>Cliché</strong> <em>in</em>\n<em>your bio</em>: why</p>")).toBe("Cliché in your bio: why");
  });

  test("line breaks inside text are kept (the contact message is shown pre-wrap), without their indentation", () => {
    expect(htmlToText(`<div style="white-space:pre-wrap">Hello,\n   second line\n\nsecond paragraph</div>`)).toBe("Hello,\nsecond line\n\nsecond paragraph");
  });

  test("table cells are separated, rows are lines", () => {
    expect(htmlToText("<table><tr><td>Plan:</td><td>Premium</td></tr><tr><td>Amount:</td><td>$9.99</td></tr></table><p>next</p>")).toBe(
      "Plan: Premium\nAmount: $9.99\n\nnext",
    );
  });

  test("entities are decoded once: escaped markup becomes its characters, not markup twice", () => {
    expect(htmlToText("<p>&lt;script&gt; &amp;lt; &#39;a&#x27; &quot;b&quot; &#128512; &nbsp;x</p>")).toBe(`<script> &lt; 'a' "b" 😀 x`);
  });

  test("a link's address is decoded and written after its words", () => {
    expect(htmlToText(`<p><a href="https://x.test/?a=1&amp;b=2" rel="noopener"><b>our</b> tips</a></p>`)).toBe("our tips (https://x.test/?a=1&b=2)");
  });
});
