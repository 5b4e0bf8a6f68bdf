/**
 * The follow-up's pages over HTTP (issue 32): the signed link opens the form (no sign-in); a form post without
 * JavaScript stores one answer per profile and can change it until the link expires; a bad answer is shown again with
 * its messages and stores nothing; a tampered, expired or another profile's link is refused with a clear page; the
 * opt-out works in one click from the e-mail's link (GET, idempotent, undone with a form) and from a mail client's own
 * button (RFC 8058).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orders, outcomes } from "../db/schema.ts";
import { followUpUrl, optOutUrl } from "../outcomes/links.ts";
import { eraseProfile } from "../privacy/erasure.ts";
import { testApp, testContext, type TestContext } from "../testing/context.ts";
import { scriptedOptimiser } from "../testing/optimisation.ts";
import { releasedCustomer, type ReleasedCustomer } from "../testing/privacy-fixtures.ts";
import { LINK_INVALID } from "./outcome-pages.tsx";

let ctx: TestContext;
let app: ReturnType<typeof testApp>;
let ada: ReleasedCustomer;
let ben: ReleasedCustomer;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  ctx = testContext({}, { optimiser: scriptedOptimiser() });
  app = testApp(ctx);
  [ada, ben] = [await releasedCustomer(ctx), await releasedCustomer(ctx, { plan: "elite" })];
}, 60_000);
afterAll(() => ctx.cleanup());

const local = (url: string) => url.replace("http://localhost:3000", "");
const link = (profileId: string, expiresAt = new Date(Date.now() + 60 * DAY)) => local(followUpUrl(ctx.store.db, ctx.config.publicUrl, profileId, expiresAt));
const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();
const postForm = (path: string, fields: [string, string][]) =>
  app.request(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form(fields) });
const row = (id: string) => ctx.store.db.select().from(outcomes).where(eq(outcomes.profileId, id)).get();
/** The page's text, tags gone: what a reader sees. */
const text = (html: string) => html.replace(/<!--[\s\S]*?-->/g, "").replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, " ");

describe("the follow-up form", () => {
  test("the link opens the form without signing in: the questions, this plan's parts, a form that posts back to the link", async () => {
    const path = link(ada.profileId);
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await res.text();
    expect(text(html)).toContain("How did it go?");
    expect(text(html)).toContain("Roughly how many matches did you get in the last 7 days?");
    const formTag = /<form[^>]*>/.exec(html)![0];
    expect(formTag).toContain(` action="${path.replace(/&/g, "&amp;")}"`);
    expect(formTag).toContain(' method="post"');
    // Premium on Hinge: every part; no elite bio versions.
    for (const part of ["The new bio", "The photo order", "The prompt answers", "The conversation starters"]) expect(text(html)).toContain(part);
    expect(text(html)).not.toContain("Which of the three bio versions");
    expect(text(await (await app.request(link(ben.profileId))).text())).toContain("Which of the three bio versions did you use?");
  });

  test("a bad answer is shown again with its messages (400) and nothing is stored", async () => {
    const res = await postForm(link(ada.profileId), [
      ["match_count", "lots"],
      ["parts", "bio"],
      ["parts", "nonsense"],
      ["rating", "9"],
      ["comment", "x".repeat(2001)],
    ]);
    expect(res.status).toBe(400);
    const page = text(await res.text());
    expect(page).toContain("Please check your answer");
    expect(page).toContain("Matches in the last 7 days: Please enter a whole number from 0 to 999");
    expect(page).toContain("Parts you used: Please choose only the parts listed");
    expect(page).toContain("Rating: Please choose a rating from 1 to 5");
    expect(page).toContain("Comment: Please keep your comment under 2,000 characters");
    expect(row(ada.profileId)?.afterAnsweredAt ?? null).toBeNull();
  });

  test("an answer is stored (303 back to the form, which says so); a second one replaces it: one answer per profile", async () => {
    const path = link(ada.profileId);
    const res = await postForm(path, [
      ["match_count", " 14 "],
      ["parts", "bio"],
      ["parts", "photo_order"],
      ["rating", "4"],
      ["comment", "=HYPERLINK(\"x\") The bio <b>worked</b>"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${path}&saved=1`);
    const first = row(ada.profileId)!;
    expect(first).toMatchObject({ afterMatches: 14, partsUsed: ["bio", "photo_order"], rating: 4, bioVersion: null, comment: '=HYPERLINK("x") The bio <b>worked</b>' });
    const saved = await (await app.request(res.headers.get("location")!)).text();
    expect(text(saved)).toContain("Thank you: your answer is saved.");
    expect(saved).toContain('value="14"');
    // The comment is shown as text, never as markup.
    expect(saved).toContain("The bio &lt;b&gt;worked&lt;/b&gt;");
    expect(text(saved)).toContain("Save my changes");

    await postForm(path, [["match_count", "9"], ["rating", "2"]]);
    const second = row(ada.profileId)!;
    expect(second).toMatchObject({ afterMatches: 9, partsUsed: [], rating: 2, comment: null });
    expect(second.afterAnsweredAt).toEqual(first.afterAnsweredAt);
    expect(second.afterUpdatedAt!.getTime()).toBeGreaterThanOrEqual(first.afterUpdatedAt!.getTime());
    expect(ctx.store.db.select().from(outcomes).where(eq(outcomes.profileId, ada.profileId)).all()).toHaveLength(1);
  });

  test("elite: the bio version is kept; one the form does not offer is refused by name and nothing is stored", async () => {
    const bad = await postForm(link(ben.profileId), [["match_count", "30"], ["bio_version", "sarcastic"], ["rating", "5"]]);
    expect(bad.status).toBe(400);
    expect(text(await bad.text())).toContain("Bio version: Please choose one of the bio versions listed");
    expect(row(ben.profileId)?.afterAnsweredAt ?? null).toBeNull();

    const res = await postForm(link(ben.profileId), [["match_count", "30"], ["parts", "bio"], ["bio_version", "playful"], ["rating", "5"]]);
    expect(res.status).toBe(303);
    expect(row(ben.profileId)).toMatchObject({ afterMatches: 30, bioVersion: "playful" });
  });

  test("a tampered link, another profile's, or an expired one is refused with a clear page, and nothing is stored", async () => {
    const good = new URL(link(ada.profileId), "http://x");
    const token = good.searchParams.get("t")!;
    const flipped = `${token.slice(0, -2)}${token.at(-2) === "A" ? "B" : "A"}${token.at(-1)}`;
    const bens = new URL(link(ben.profileId), "http://x").searchParams.get("t")!;
    const later = token.replace(/^[0-9a-z]+/, (Date.now() + 400 * DAY).toString(36));
    for (const [what, path] of [
      ["tampered", `/how-did-it-go?id=${ada.profileId}&t=${flipped}`],
      ["another profile's", `/how-did-it-go?id=${ada.profileId}&t=${bens}`],
      ["a longer life", `/how-did-it-go?id=${ada.profileId}&t=${later}`],
      ["no token", `/how-did-it-go?id=${ada.profileId}`],
      ["nonsense", `/how-did-it-go?id=..%2F&t=%00`],
    ] as const) {
      for (const method of ["GET", "POST"] as const) {
        const res = method === "GET" ? await app.request(path) : await postForm(path, [["match_count", "1"], ["rating", "1"]]);
        expect({ what, method, status: res.status }).toEqual({ what, method, status: 403 });
        const page = text(await res.text());
        expect(page).toContain("This link is not valid");
        expect(page).toContain(LINK_INVALID);
      }
    }
    const expired = await app.request(link(ada.profileId, new Date(Date.now() - 1000)));
    expect(expired.status).toBe(410);
    expect(text(await expired.text())).toMatch(/This link has expired The link to this form worked until \w+ \d{1,2}, \d{4}\./);
    expect(row(ada.profileId)).toMatchObject({ afterMatches: 9 });
  });

  test("a refunded or erased profile's link says so", async () => {
    const carl = await releasedCustomer(ctx);
    ctx.store.db.update(orders).set({ status: "refunded", refundedAt: new Date() }).where(eq(orders.id, carl.orderId)).run();
    const refunded = await app.request(link(carl.profileId));
    expect(refunded.status).toBe(409);
    expect(text(await refunded.text())).toContain("This order was refunded, so we do not ask about its results.");

    const dora = await releasedCustomer(ctx);
    const path = link(dora.profileId);
    await eraseProfile(ctx, dora.profileId, { by: "customer" });
    const erased = await app.request(path);
    expect(erased.status).toBe(410);
    expect(text(await erased.text())).toMatch(/The data of this profile was deleted on request on \d{1,2} \w+ \d{4}, so there is nothing left to ask about\./);
  });
});

describe("the opt-out", () => {
  const optOutLink = (profileId: string) => local(optOutUrl(ctx.store.db, ctx.config.publicUrl, profileId));

  test("the e-mail's link opts out on GET, in one click: the page says so and offers to undo with a form; opened again, nothing more changes", async () => {
    const eve = await releasedCustomer(ctx);
    const path = optOutLink(eve.profileId);
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(text(html)).toContain("You will not be asked");
    expect(text(html)).toContain("Done: you have opted out, and we will not e-mail you to ask how your new profile did. There is nothing more to do.");
    // The undo is a plain form posting back to the link: no JavaScript needed.
    const formTag = /<form[^>]*>/.exec(html)![0];
    expect(formTag).toContain(` action="${path.replace(/&/g, "&amp;")}"`);
    expect(formTag).toContain(' method="post"');
    expect(html).toMatch(/<input type="hidden" name="undo" value="1"\/?>/);
    expect(text(html)).toContain("Ask me after all");
    const first = row(eve.profileId)!.optedOutAt;
    expect(first).toBeInstanceOf(Date);

    // Opened again (a scanner, then the customer): the same answer, the first time kept, one row.
    const again = await app.request(path);
    expect(again.status).toBe(200);
    expect(text(await again.text())).toContain("Done: you have opted out");
    expect(row(eve.profileId)!.optedOutAt).toEqual(first);
    expect(ctx.store.db.select().from(outcomes).where(eq(outcomes.profileId, eve.profileId)).all()).toHaveLength(1);
  });

  test("\"Ask me after all\" takes it back, and the page offers to opt out again; any other value of undo opts out", async () => {
    const gus = await releasedCustomer(ctx);
    const path = optOutLink(gus.profileId);
    await app.request(path);
    expect(row(gus.profileId)!.optedOutAt).toBeInstanceOf(Date);

    const undone = await postForm(path, [["undo", "1"]]);
    expect(undone.status).toBe(200);
    const html = await undone.text();
    expect(text(html)).toContain("You have not opted out");
    expect(text(html)).toContain("Undone: you have not opted out. If our follow-up e-mail has not reached you yet, it will come once; we never send more than one.");
    expect(text(html)).toContain("Don't ask me");
    expect(html).not.toContain('name="undo"');
    expect(row(gus.profileId)!.optedOutAt).toBeNull();

    for (const undo of ["0", "yes", "1 ", ""]) {
      await postForm(path, [["undo", "1"]]);
      const res = await postForm(path, [["undo", undo]]);
      expect({ undo, status: res.status }).toEqual({ undo, status: 200 });
      expect({ undo, optedOut: row(gus.profileId)!.optedOutAt instanceof Date }).toEqual({ undo, optedOut: true });
    }
  });

  test("a mail client's one-click POST (RFC 8058) opts out at once", async () => {
    const eve = await releasedCustomer(ctx);
    const oneClick = await postForm(optOutLink(eve.profileId), [["List-Unsubscribe", "One-Click"]]);
    expect(oneClick.status).toBe(200);
    expect(text(await oneClick.text())).toContain("Done: you have opted out, and we will not e-mail you to ask how your new profile did.");
    expect(row(eve.profileId)!.optedOutAt).toBeInstanceOf(Date);
  });

  test("a tampered opt-out link, a follow-up link used as one, an expired one or nonsense is refused, on GET and POST, and changes nothing", async () => {
    const fay = await releasedCustomer(ctx);
    const path = optOutLink(fay.profileId);
    const formToken = new URL(link(fay.profileId), "http://x").searchParams.get("t")!;
    const expiredToken = new URL(link(fay.profileId, new Date(Date.now() - 1000)), "http://x").searchParams.get("t")!;
    // A character in the middle of the signature changed (the last one carries unused bits).
    const tampered = path.replace(/(t=0\.[\w-]{10})([\w-])/, (_, head: string, c: string) => `${head}${c === "A" ? "B" : "A"}`);
    expect(tampered).not.toBe(path);
    for (const [what, bad] of [
      ["tampered", tampered],
      ["a follow-up link", `/follow-up/opt-out?id=${fay.profileId}&t=${formToken}`],
      ["an expired follow-up link", `/follow-up/opt-out?id=${fay.profileId}&t=${expiredToken}`],
      ["another profile's", path.replace(fay.profileId, ada.profileId)],
      ["no token", `/follow-up/opt-out?id=${fay.profileId}`],
      ["nonsense", "/follow-up/opt-out?id=%3Cb%3E&t=%3Cscript%3E"],
    ] as const) {
      for (const method of ["GET", "POST"] as const) {
        const res = method === "GET" ? await app.request(bad) : await postForm(bad, [["List-Unsubscribe", "One-Click"]]);
        expect({ what, method, status: res.status }).toEqual({ what, method, status: 403 });
        const html = await res.text();
        expect(text(html)).toContain("This link is not valid");
        expect(html).not.toContain("<script>");
      }
    }
    // Nothing stored: not even an empty outcome row.
    expect(row(fay.profileId)).toBeUndefined();
    expect(row(ada.profileId)!.optedOutAt).toBeNull();
  });

  test("an expired follow-up link is refused on GET and POST and changes nothing", async () => {
    const hal = await releasedCustomer(ctx);
    const expired = link(hal.profileId, new Date(Date.now() - 1000));
    const get = await app.request(expired);
    const post = await postForm(expired, [["match_count", "3"], ["rating", "5"]]);
    for (const res of [get, post]) {
      expect(res.status).toBe(410);
      expect(text(await res.text())).toContain("This link has expired");
    }
    expect(row(hal.profileId)).toBeUndefined();
  });

  test("an erased profile's opt-out link says its data is gone, and leaves no row behind", async () => {
    const ivy = await releasedCustomer(ctx);
    const path = optOutLink(ivy.profileId);
    await eraseProfile(ctx, ivy.profileId, { by: "customer" });
    const res = await app.request(path);
    expect(res.status).toBe(410);
    expect(text(await res.text())).toContain("The data of this profile was deleted on request");
    expect(row(ivy.profileId)).toBeUndefined();
  });
});
