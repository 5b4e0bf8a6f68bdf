import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { specFields } from "../shared/optimiser/render.ts";
import { sampleResult } from "../testing/optimisation.ts";
import { renderResultsEmail, type ResultsEmailData } from "./results-email.tsx";

const URL = "https://profileboost.test/view-results?id=p_1";

function basic(overrides: Partial<ResultsEmailData> = {}): ResultsEmailData {
  return {
    planTitle: "Basic",
    appName: "Bumble",
    optimizedHtml: `<h3>Your Bumble bio</h3>\n<p>Nurse, sourdough baker &amp; Sunday hiker.</p>\n<p>Read <a href="https://example.com/tips">our tips</a>.</p>`,
    recommendationsHtml: `<p>Concrete details, one cliché.</p>\n<h3>What to change</h3>\n<ul><li><strong>Cliché</strong> in your bio: it tells a reader nothing.</li></ul>`,
    changes: [
      { part: "Your Bumble bio", notes: ["Led with your job and your baking.", "Cut “I love to laugh”: it is true of everyone."] },
      { part: "Your answer to “My happy place is”", notes: ["Added the time of day, so a reader can picture it."] },
    ],
    photos: [
      { label: "Photo 2", keep: true, score: 82, reasons: ["Sharp, well lit, one face."] },
      { label: "Photo 1", keep: true, score: 70, reasons: ["A group photo: never first."] },
      { label: "Photo 3", keep: false, score: 30, reasons: ["Too dark.", "No face visible."] },
    ],
    conversationStarters: [],
    strategyGuide: null,
    resultsUrl: URL,
    supportEmail: "help@profileboost.test",
    revisionsLeft: 0,
    revision: null,
    ...overrides,
  };
}

function premium(overrides: Partial<ResultsEmailData> = {}): ResultsEmailData {
  return basic({
    planTitle: "Premium",
    conversationStarters: ["Which trail first?", "Best loaf so far?", "Sea or mountains?"],
    strategyGuide: "# Your Bumble plan\n\n## Timing\n- Be active in the evening.\n- Reply within a day.\n\n## Openers\nAsk about one detail.",
    revisionsLeft: 1,
    ...overrides,
  });
}

function parse(html: string) {
  return new new Window().DOMParser().parseFromString(html, "text/html");
}

/** What a reader of the HTML part sees, spaces normalised. */
function visible(html: string): string {
  return parse(html).body.textContent.replace(/\s+/g, " ");
}

describe("the results e-mail", () => {
  test("the subject names the app", () => {
    expect(renderResultsEmail(basic()).subject).toBe("Your optimized Bumble profile is ready");
  });

  test("both parts carry the same content: greeting, profile, recommendations, photo order, starters, guide, revisions", () => {
    const { html, text } = renderResultsEmail(premium());
    const pieces = [
      "Your optimized Bumble profile is ready",
      "Hello,",
      "Your ProfileBoost Premium results are here",
      "Your Bumble bio",
      "Nurse, sourdough baker & Sunday hiker.",
      "What to change",
      "Cliché in your bio: it tells a reader nothing.",
      "what we changed and why",
      "What we changed and why",
      "Your Bumble bio",
      "Cut “I love to laugh”: it is true of everyone.",
      "Your answer to “My happy place is”",
      "Added the time of day, so a reader can picture it.",
      "Photo 2 (score 82/100): Sharp, well lit, one face.",
      "Photo 1 (score 70/100): A group photo: never first.",
      "Photo 3: leave out (score 30/100): Too dark. No face visible.",
      "Which trail first?",
      "Sea or mountains?",
      "Your Bumble plan",
      "Timing",
      "Reply within a day.",
      "Ask about one detail.",
      "Ask for a revision on your results page",
      "or reply to this e-mail with what you'd like changed",
      "your plan includes 1 revision.",
    ];
    for (const piece of pieces) {
      expect(visible(html)).toContain(piece);
      expect(text).toContain(piece);
    }
  });

  test("lists stay lists in both parts: photos and starters numbered in order, left-out photos and guide points bulleted", () => {
    const { html, text } = renderResultsEmail(premium());
    expect(text).toContain("1. Photo 2 (score 82/100)");
    expect(text).toContain("2. Photo 1 (score 70/100)");
    expect(text).toContain("- Photo 3: leave out");
    expect(text).toContain("1. Which trail first?\n2. Best loaf so far?\n3. Sea or mountains?");
    expect(text).toContain("Timing\n\n- Be active in the evening.\n- Reply within a day.");
    expect(text).toContain("our tips (https://example.com/tips)");

    const doc = parse(html);
    const ordered = [...doc.querySelectorAll("ol")].map((ol) => [...ol.querySelectorAll("li")].map((li) => li.textContent));
    expect(ordered).toContainEqual(["Photo 2 (score 82/100): Sharp, well lit, one face.", "Photo 1 (score 70/100): A group photo: never first."]);
    expect(ordered).toContainEqual(["Which trail first?", "Best loaf so far?", "Sea or mountains?"]);
    expect([...doc.querySelectorAll("h3")].map((h) => h.textContent)).toContain("Your Bumble plan");
    expect([...doc.querySelectorAll("h4")].map((h) => h.textContent)).toEqual(["Timing", "Openers"]);
  });

  test("what we changed and why: each part's notes under the part, a list in both parts; promised only where a note is there", () => {
    const { html, text } = renderResultsEmail(premium());
    expect(text).toContain("Your Bumble bio\n\n- Led with your job and your baking.\n- Cut “I love to laugh”: it is true of everyone.");
    const lists = [...parse(html).querySelectorAll("ul")].map((ul) => [...ul.querySelectorAll("li")].map((li) => li.textContent));
    expect(lists).toContainEqual(["Added the time of day, so a reader can picture it."]);
    // No note (every part written by our team, whose edits carry none): no promise and no heading.
    const none = renderResultsEmail(premium({ changes: [] }));
    for (const part of [visible(none.html), none.text]) {
      expect(part).not.toContain("changed and why");
      expect(part).toContain("Your ProfileBoost Premium results are here: your optimized Bumble profile, and the order to put your photos in.");
    }
  });

  test("the results page is a prominent link in the HTML and written out in the text", () => {
    const { html, text } = renderResultsEmail(basic());
    const links = [...parse(html).querySelectorAll(`a[href="${URL}"]`)];
    expect(links.map((a) => a.textContent)).toContain("See your results online");
    expect(links[0]!.getAttribute("style")).toContain("background-color");
    expect(text).toContain(`See your results online (${URL})`);
  });

  test("basic: no starters, no guide, no revision offer; support's address instead", () => {
    const { html, text } = renderResultsEmail(basic());
    for (const part of [visible(html), text]) {
      expect(part).not.toContain("Conversation starters");
      expect(part).not.toContain("strategy guide");
      expect(part).not.toContain("Reply to this e-mail");
      expect(part).toContain("If something in your results is not right, write to us at help@profileboost.test.");
    }
    expect(parse(html).querySelector('a[href="mailto:help@profileboost.test"]')).not.toBeNull();
  });

  test("premium with its revision used: support's address, no revision offer", () => {
    const { text } = renderResultsEmail(premium({ revisionsLeft: 0 }));
    expect(text).toContain("Conversation starters");
    expect(text).not.toContain("Reply to this e-mail");
    expect(text).not.toContain("Ask for a revision");
    expect(text).toContain("help@profileboost.test");
  });

  test("the revision offer links to the results page, where the request form is", () => {
    const links = [...parse(renderResultsEmail(premium()).html).querySelectorAll(`a[href="${URL}"]`)].map((a) => a.textContent);
    expect(links.filter((t) => t === "your results page")).toHaveLength(2);
  });

  test("the revised result says so in the subject and the first lines, quoting what the customer asked; the first one does not", () => {
    const notes = "Please mention my cello.\nAnd less about work.";
    const { subject, html, text } = renderResultsEmail(premium({ revisionsLeft: 0, revision: { notes } }));
    expect(subject).toBe("Your revised Bumble profile is ready");
    const doc = parse(html);
    expect(doc.querySelector("h1")?.textContent).toBe("Your revised Bumble profile is ready");
    expect(text).toStartWith("ProfileBoost\n\nYour revised Bumble profile is ready\n\nHello,\n\nThis is the revision you asked for:");
    expect(text).toContain("You asked:\n\nPlease mention my cello.\nAnd less about work.");
    expect(text).not.toContain("results are here");
    // The revision used up the plan's: no offer of another.
    expect(text).not.toContain("Ask for a revision");
    const first = renderResultsEmail(premium());
    expect(first.subject).not.toContain("revised");
    expect(first.text).not.toContain("This is the revision");
  });

  test("the revision count is the one left, in words that agree with it", () => {
    expect(renderResultsEmail(premium({ revisionsLeft: 2 })).text).toContain("your plan includes 2 revisions.");
  });

  test("all photos kept: no leave-out list", () => {
    const { text } = renderResultsEmail(basic({ photos: basic().photos.map((p) => ({ ...p, keep: true })) }));
    expect(text).not.toContain("Leave these photos out");
    expect(text).toContain("3. Photo 3 (score 30/100)");
  });

  test("the guide's own layout: numbered steps keep counting over a blank line, lines of a paragraph stay lines", () => {
    const guide = "# Plan\n\n1. First\n\n2. Second\nplain line\nnext line\n\nnew paragraph\n### Deep heading\n* star bullet";
    const { html, text } = renderResultsEmail(premium({ strategyGuide: guide }));
    expect(text).toContain("Plan\n\n1. First\n2. Second\n\nplain line\nnext line\n\nnew paragraph\n\nDeep heading\n\n- star bullet");
    const doc = parse(html);
    expect([...doc.querySelectorAll("ol")].some((ol) => ol.children.length === 2 && ol.textContent === "FirstSecond")).toBe(true);
    expect(html).toContain("plain line<br/>next line");
  });
});

describe("the elite results e-mail", () => {
  test("shows each elite part, in both parts: the bio versions, the five starters, the prompts to answer, the photo plan and the guide section", () => {
    const profile = {
      bio: "Nurse who bakes sourdough.",
      lookingFor: null, interests: "baking, hiking", jobTitle: "Nurse", education: null, idealFirstDate: "A bakery crawl", height: null, starSign: null,
      anthem: null, spotifyArtists: null, school: null, industry: null, vibes: null,
      prompts: [{ prompt: "My happy place is", response: "The bakery at 6 am" }],
    };
    const starters = ["I'm into baking, so [their hobby or interest] caught my eye.", "Second?", "Third?", "Fourth?", "Fifth?"];
    const result = sampleResult(
      { profileId: "p_1", app: "bumble", plan: "elite", reason: "initial", revisionNotes: null, profile, photos: [] },
      {
        bioVersions: {
          versions: [
            { tone: "warm", text: "Nurse who bakes sourdough. My idea of a lovely first date: a bakery crawl.", why: "Warm: your own lines, ending with an invitation." },
            { tone: "playful", text: "Nurse who bakes sourdough. Bonus points if you can teach me something new about hiking.", why: "Playful: a light challenge." },
            { tone: "direct", text: "I'm a nurse. Nurse who bakes sourdough.", why: "Direct: short and plain." },
          ],
          note: null,
        },
        promptSuggestions: { suggestions: [{ prompt: "My perfect day", reason: "You mention “baking”: food is easy to picture." }], note: null },
        photoPlan: { summary: "We'd keep 3 of your 3 photos: 3 of just you.", missing: [{ kind: "social", shot: "One photo with friends (never first)", why: "None of the photos we'd keep has other people in it." }] },
        conversationStarters: starters,
        strategyGuide: { title: "Your strategy guide for Bumble", sections: [{ heading: "Made for your profile", points: ["Next prompt to answer: “My perfect day”."] }] },
      },
    );
    const fields = specFields(result);
    const content = fields.optimizedProfile as { html: string; strategyGuide: string };
    const { html, text } = renderResultsEmail(
      premium({ planTitle: "Elite", optimizedHtml: content.html, recommendationsHtml: fields.recommendations, conversationStarters: starters, strategyGuide: content.strategyGuide }),
    );
    const pieces = [
      "Your ProfileBoost Elite results are here",
      "3 versions of your bio to choose from",
      "Warm",
      "My idea of a lovely first date: a bakery crawl.",
      "Playful",
      "Bonus points if you can teach me something new about hiking.",
      "Direct",
      "Direct: short and plain.",
      "Prompts to answer",
      "My perfect day: You mention “baking”: food is easy to picture.",
      "Your photo plan",
      "We'd keep 3 of your 3 photos: 3 of just you.",
      "One photo with friends (never first): None of the photos we'd keep has other people in it.",
      "I'm into baking, so [their hobby or interest] caught my eye.",
      "Fifth?",
      "Made for your profile",
    ];
    for (const piece of pieces) {
      expect({ piece, html: visible(html).includes(piece) }).toEqual({ piece, html: true });
      expect({ piece, text: text.includes(piece) }).toEqual({ piece, text: true });
    }
  });
});

describe("the results e-mail with hostile strings in every field", () => {
  const SCRIPT = "<script>alert(1)</script>";
  const IMG = `"><img src=x onerror=alert(1)>`;
  const hostile = premium({
    planTitle: SCRIPT,
    appName: `Bumble\r\nBcc: evil@evil.test ${IMG}`,
    optimizedHtml: `<p>My bio</p>${SCRIPT}<img src=x onerror=alert(1)><a href="javascript:alert(1)">js link</a><a href="jav&#x09;ascript:alert(1)">tab link</a><svg onload=alert(1)></svg><p onclick="alert(1)" style="color:red">styled</p>`,
    recommendationsHtml: `<iframe srcdoc="${SCRIPT}"></iframe><a href="data:text/html,${SCRIPT}">data link</a><style>p{}</style><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><math><mi xlink:href="javascript:alert(1)">m</mi></math><p>advice</p>`,
    photos: [{ label: IMG, keep: false, score: 1, reasons: [SCRIPT, `javascript:alert(1)`] }],
    changes: [{ part: `Your answer to “${SCRIPT}”`, notes: [IMG, SCRIPT] }],
    conversationStarters: [SCRIPT, IMG],
    strategyGuide: `# ${SCRIPT}\n- ${IMG}\n[click](javascript:alert(1))\n<a href="javascript:alert(1)">raw</a>`,
    resultsUrl: `https://profileboost.test/view-results?id=${IMG}`,
    supportEmail: `help@profileboost.test${IMG}`,
    revisionsLeft: 0,
  });
  const { subject, html, text } = renderResultsEmail(hostile);

  test("no element, attribute or address that could run or load anything", () => {
    const doc = parse(html);
    expect(doc.querySelectorAll("script, img, svg, math, iframe, style, object, embed, form, input").length).toBe(0);
    // The only meta elements are our own two colour-scheme declarations and the viewport.
    expect([...doc.querySelectorAll("meta[name]")].map((m) => m.getAttribute("name"))).toEqual(["viewport", "color-scheme", "supported-color-schemes"]);
    expect(doc.querySelectorAll("meta[http-equiv]").length).toBe(0);
    for (const el of doc.querySelectorAll("*")) {
      for (const attr of el.attributes) {
        expect(attr.name).not.toMatch(/^on/i);
        if (attr.name.endsWith("href")) expect(attr.value ?? "").toMatch(/^(https?:\/\/|mailto:)/i);
      }
    }
    expect(html).not.toMatch(/<(script|img|svg|iframe)/i);
  });

  test("the customer's and the model's words are shown as text, escaped", () => {
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const shown = visible(html);
    expect(shown).toContain(`Your ProfileBoost ${SCRIPT} results are here`);
    expect(shown).toContain(`${IMG}: leave out`);
    expect(shown).toContain(`[click](javascript:alert(1))`);
    expect(shown).toContain("js link");
    expect(shown).toContain("advice");
    expect(shown).toContain(`Your answer to “${SCRIPT}”`);
    expect(text).toContain(`- ${IMG}`);
  });

  test("links from sanitised HTML with a bad scheme lose their address in the text too", () => {
    expect(text).toContain("js link");
    expect(text).toContain("data link");
    expect(text).not.toMatch(/(js link|tab link|data link) ?\(/);
  });

  test("the subject is one line", () => {
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toStartWith("Your optimized Bumble Bcc: evil@evil.test");
  });
});
