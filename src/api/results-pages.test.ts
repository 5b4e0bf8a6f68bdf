/**
 * The pages that arrive with their data (issue 31), against the real server with profiles in every state written
 * into its database (src/testing/results-fixtures.ts): /view-results drawn by the server, readable without
 * JavaScript, one customer's data on one customer's page; its revision form posted as a plain HTML form (bad input
 * refused beside the field, nothing stored); /success verifying the payment on the server.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { REVISION_RECEIVED } from "./results.ts";
import { payHosted, prepareOrders, smallPhotos } from "../testing/local-payments.ts";
import { HOSTILE, insertResultsFixtures, type ResultsFixtures } from "../testing/results-fixtures.ts";
import { startServer, type RunningServer } from "../testing/server.ts";

let server: RunningServer;
let fx: ResultsFixtures;
let db: Database;

beforeAll(async () => {
  server = await startServer({ SUPPORT_EMAIL: "help@profileboost.test" });
  fx = await insertResultsFixtures(join(server.dir, "app.sqlite"), join(server.dir, "uploads"));
  db = new Database(join(server.dir, "app.sqlite"));
  // The server's job loop writes too: a write of the test waits its turn as the server's own do (no "database is locked").
  db.run("PRAGMA busy_timeout = 5000");
}, 60_000);
afterAll(async () => {
  db?.close();
  await server?.cleanup();
});

const page = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual", ...init });
  return { status: res.status, headers: res.headers, html: await res.text() };
};
/** The page's <main>, where the customer's data is (the document around it is the same for everyone). */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
/** React escapes text: what a string reads as in the HTML. */
const asHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const emailOf = (id: string) => (db.query("SELECT email FROM profiles WHERE id = ?").get(id) as { email: string }).email;
const revisionState = (id: string) =>
  db.query("SELECT status, needs_revision AS needsRevision, revision_notes AS notes, revisions_used AS used FROM profiles WHERE id = ?").get(id) as Record<string, unknown>;
const revisionJobs = (id: string) => (db.query("SELECT count(*) AS n FROM jobs WHERE idempotency_key LIKE ?").get(`%revision%${id}%`) as { n: number }).n;
const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

describe("/view-results drawn by the server", () => {
  test("a released result: the bio before and after, the starters, the guide, the recommendations and the photos in their order, all in the HTML", async () => {
    const { status, headers, html } = await page(`/view-results?id=${fx.elite.id}`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    const main = mainOf(html);
    const result = fx.elite.result;
    expect(main).toContain(asHtml(result.bio!.original!));
    expect(main).toContain(asHtml(result.bio!.optimised));
    for (const starter of result.conversationStarters) expect(main).toContain(asHtml(starter));
    expect(main).toContain(asHtml(result.strategyGuide!.title));
    expect(main).toContain(asHtml(result.analysis.summary));
    // Every tab's panel is in the HTML; the photos through the authorised route, best first, none from public/.
    expect(main.match(/role="tabpanel"/g)?.length).toBe(3);
    const photoIds = [...main.matchAll(/\/api\/photos\/([a-z0-9]+)\/thumbnail\?profile=([a-z0-9]+)/g)].map((m) => [m[1], m[2]]);
    expect(photoIds.map(([photo]) => photo)).toEqual(fx.elite.recommended);
    expect(photoIds.every(([, profile]) => profile === fx.elite.id)).toBe(true);
    expect(main).not.toContain("/uploads/");
    // Nobody else's data (the fixtures share their texts: another profile's id and photos).
    for (const other of [fx.premium.id, ...fx.premium.uploaded]) expect(main.includes(other)).toBe(false);
  });

  test("the writer's internal notes (needsWriter) are in neither the page nor the API", async () => {
    const reason = "WRITER-ONLY: too short to rework";
    const version = db.query("SELECT v.id, v.result FROM result_releases rr JOIN result_versions v ON v.id = rr.version_id WHERE rr.profile_id = ?").get(fx.basic.id) as
      | { id: number; result: string }
      | null;
    expect(version).not.toBeNull();
    const optimization = JSON.parse(version!.result) as { bio: Record<string, unknown> };
    optimization.bio.needsWriter = { reason };
    db.query("UPDATE result_versions SET result = ? WHERE id = ?").run(JSON.stringify(optimization), version!.id);
    const { html } = await page(`/view-results?id=${fx.basic.id}`);
    expect(html).toContain(asHtml(fx.basic.result.bio!.optimised));
    expect(html).not.toContain("WRITER-ONLY");
    const api = await (await fetch(`${server.url}/api/profiles/${fx.basic.id}/results`)).text();
    expect(api).toContain("optimised");
    expect(api).not.toContain("WRITER-ONLY");
    expect(api).not.toContain("needsWriter");
  });

  test("pending, unknown, malformed and missing ids: their state, and nobody's data", async () => {
    const pending = await page(`/view-results?id=${fx.pending.id}`);
    expect(pending.status).toBe(200);
    expect(mainOf(pending.html)).toContain("In Progress");
    expect(mainOf(pending.html)).toContain("48<!-- --> hours");
    expect(mainOf(pending.html)).not.toContain('role="tabpanel"');

    const unreleased = await page(`/view-results?id=${fx.completedUnreleased.id}`);
    expect(mainOf(unreleased.html)).toContain("In Progress");
    expect(mainOf(unreleased.html)).not.toContain("Conversation Starters");

    for (const id of ["abcdefghijklmnopqrstuvwxyz", "NOT-an-id", `${"a".repeat(65)}`, encodeURIComponent(HOSTILE)]) {
      const unknown = await page(`/view-results?id=${id}`);
      expect(`${id}: ${unknown.status}`).toBe(`${id}: 404`);
      expect(mainOf(unknown.html)).toContain("Profile Not Found");
      expect(unknown.html).not.toContain("<img src=x");
      expect(unknown.html).not.toContain("results-status");
    }
    const missing = await page("/view-results");
    expect(mainOf(missing.html)).toContain("No profile ID provided");
  });

  test("an erased profile: Data Deleted with the day, 410, nothing of it left", async () => {
    const id = fx.hostile.id;
    const erase = await fetch(`${server.url}/api/profiles/${id}`, { method: "DELETE", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: emailOf(id) }) });
    expect(erase.status).toBe(200);
    const { status, html } = await page(`/view-results?id=${id}`);
    expect(status).toBe(410);
    expect(mainOf(html)).toContain("Data Deleted");
    expect(mainOf(html)).toMatch(/The data of this profile was deleted on request on \d{1,2} \w+ \d{4}\./);
    expect(html).not.toContain("Strength");
    expect(html).not.toContain('role="tabpanel"');
  });
});

describe("/view-results: the revision form posted without JavaScript", () => {
  test("missing, too short, too long, blank or hostile notes: 400, the message beside the field, the text kept and escaped, nothing stored", async () => {
    const id = fx.premiumToRevise.id;
    const before = revisionState(id);
    const cases: [Record<string, string>, string][] = [
      [{}, "Please describe what you would like changed"],
      [{ notes: "" }, "Please describe what you would like changed in at least 10 characters"],
      [{ notes: "          " }, "Please describe what you would like changed in at least 10 characters"],
      [{ notes: "Too short" }, "Please describe what you would like changed in at least 10 characters"],
      [{ notes: "x".repeat(2001) }, "Please keep your request under 2,000 characters"],
      [{ notes: `</textarea>${HOSTILE}`.slice(0, 9) }, "Please describe what you would like changed in at least 10 characters"],
    ];
    for (const [fields, message] of cases) {
      const { status, html } = await page(`/view-results?id=${id}`, form(fields));
      const label = JSON.stringify(fields).slice(0, 40);
      expect(`${label}: ${status}`).toBe(`${label}: 400`);
      const main = mainOf(html);
      expect(main).toContain(`id="revision-notes-error"`);
      expect(main).toContain(asHtml(message));
      expect(main).toContain('aria-invalid="true"');
      // The page is the customer's own, drawn again.
      expect(main).toContain(asHtml(fx.premiumToRevise.result.analysis.summary));
    }
    // A hostile text that is long enough but over the limit stays text in the textarea.
    const hostile = `</textarea>${HOSTILE}`.padEnd(2100, "!");
    const { status, html } = await page(`/view-results?id=${id}`, form({ notes: hostile }));
    expect(status).toBe(400);
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain(asHtml(HOSTILE));
    expect(revisionState(id)).toEqual(before);
    expect(revisionJobs(id)).toBe(0);
  });

  test("wrong types and a body too large: JSON, a file for the text, 40 KB of form; refused, nothing stored", async () => {
    const id = fx.premiumToRevise.id;
    const before = revisionState(id);
    const json = await page(`/view-results?id=${id}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ notes: "Please change the second answer." }) });
    expect(json.status).toBe(400);
    expect(mainOf(json.html)).toContain("Please describe what you would like changed");
    const multipart = new FormData();
    multipart.append("notes", new Blob(["Please change the second answer."]), "notes.txt");
    const file = await page(`/view-results?id=${id}`, { method: "POST", body: multipart });
    expect(file.status).toBe(400);
    const large = await page(`/view-results?id=${id}`, form({ notes: "x".repeat(40 * 1024) }));
    expect(large.status).toBe(413);
    expect(revisionState(id)).toEqual(before);
    expect(revisionJobs(id)).toBe(0);
  });

  test("an unknown id or a plan without revisions: the server's reason, nothing stored", async () => {
    const unknown = await page("/view-results?id=abcdefghijklmnopqrstuvwxyz", form({ notes: "Please change the second answer." }));
    expect(unknown.status).toBe(404);
    expect(mainOf(unknown.html)).toContain("Profile Not Found");

    const basic = await page(`/view-results?id=${fx.basic.id}`, form({ notes: "Please change the second answer." }));
    expect(basic.status).toBe(409);
    expect(mainOf(basic.html)).toContain("Your plan does not include revisions.");
    expect(revisionState(fx.basic.id)).toMatchObject({ status: "completed", needsRevision: 0, notes: null });
  });

  test("valid notes: stored once, 303 to the page with its confirmation; a hostile request is stored as written", async () => {
    const id = fx.premiumToRevise.id;
    const notes = `Please make it more playful ${HOSTILE}`;
    const res = await page(`/view-results?id=${id}`, form({ notes }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/view-results?id=${id}&revision=sent`);
    expect(revisionState(id)).toMatchObject({ status: "revision_requested", needsRevision: 1, notes });
    // The two e-mails, once (the same count a bad post must leave at 0).
    expect(revisionJobs(id)).toBe(2);
    const { status, html } = await page(res.headers.get("location")!);
    expect(status).toBe(200);
    const main = mainOf(html);
    expect(main).toContain(asHtml(REVISION_RECEIVED));
    expect(main).toContain("Your Revision is in Progress");
    expect(main).not.toContain("<textarea");
    // Sent again: refused, the first request stands.
    const again = await page(`/view-results?id=${id}`, form({ notes: "Another change, please." }));
    expect(again.status).toBe(409);
    expect(revisionState(id)).toMatchObject({ notes });
    expect(revisionJobs(id)).toBe(2);
  });
});

describe("/success drawn by the server", () => {
  test("missing, unknown and hostile session ids: the verification issue, in the HTML", async () => {
    expect(mainOf((await page("/success")).html)).toContain("Missing payment information");
    for (const id of ["nosuchsession", encodeURIComponent(HOSTILE)]) {
      const { status, html } = await page(`/success?session_id=${id}`);
      expect(status).toBe(200);
      expect(mainOf(html)).toContain("Failed to verify payment");
      expect(html).not.toContain("<img src=x");
    }
  });

  test("unpaid, then paid: verified on the server, the receipt in the HTML; the query string's order and plan are not believed", async () => {
    const [order] = await prepareOrders(server.url, { withProfile: 1, paidFirst: 0 }, await smallPhotos());
    const unpaid = mainOf((await page(`/success?session_id=${order!.sessionId}&orderId=forged&planId=elite`)).html);
    expect(unpaid).toContain("Payment verification failed. Status: unpaid");
    expect((await payHosted(server.url, order!.sessionId)).status).toBe(200);
    const { html } = await page(`/success?session_id=${order!.sessionId}&orderId=forged&planId=elite`);
    const main = mainOf(html);
    expect(main).toContain("Payment Successful!");
    expect(main).toContain(order!.orderId);
    expect(main).toContain("crash0@example.com");
    expect(main).toContain("within <!-- -->48<!-- --> hours");
    expect(main).not.toContain("forged");
  }, 30_000);
});

describe("/view-results: the outcome question posted without JavaScript", () => {
  const outcomeOf = (id: string) =>
    db.query("SELECT before_matches AS matches, before_declined AS declined, profile_updated_at AS updated, opted_out_at AS optedOut FROM outcomes WHERE profile_id = ?").get(id) as
      | Record<string, unknown>
      | null;
  const post = (id: string, fields: Record<string, string>) => page(`/view-results?id=${id}`, form({ widget: "outcome", ...fields }));

  test("bad numbers, an unknown button, an unknown id: refused beside the field, the text kept and escaped, nothing stored", async () => {
    const id = fx.basic.id;
    for (const matchCount of ["", "lots", "-1", "1000", "1.5", HOSTILE]) {
      const { status, html } = await post(id, { outcome: "save", match_count: matchCount });
      expect(`${matchCount}: ${status}`).toBe(`${matchCount}: 400`);
      const main = mainOf(html);
      expect(main).toContain('id="outcome-before-error"');
      expect(main).toContain("Please enter a whole number from 0 to 999");
      expect(main).not.toContain("<img src=x");
    }
    expect((await post(id, { outcome: "something-else" })).status).toBe(400);
    expect((await post("abcdefghijklmnopqrstuvwxyz", { outcome: "decline" })).status).toBe(404);
    expect(outcomeOf(id)).toBeNull();
  });

  test("a number saved, then \"I'd rather not say\", then \"I've updated my profile\" and the opt-out: each stored, 303 back to the page saying so", async () => {
    const id = fx.basic.id;
    let res = await post(id, { outcome: "save", match_count: " 12 " });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/view-results?id=${id}&outcome=saved#outcome-heading`);
    expect(outcomeOf(id)).toMatchObject({ matches: 12, declined: 0 });
    expect(mainOf((await page(res.headers.get("location")!)).html)).toContain("Saved: 12 matches in the 7 days before.");
    res = await post(id, { outcome: "decline" });
    expect(res.status).toBe(303);
    expect(outcomeOf(id)).toMatchObject({ matches: null, declined: 1 });
    expect(mainOf((await page(res.headers.get("location")!)).html)).toContain(asHtml("Saved: “I'd rather not say”."));
    res = await post(id, { outcome: "updated" });
    expect(res.status).toBe(303);
    expect(outcomeOf(id)!.updated).not.toBeNull();
    expect(mainOf((await page(`/view-results?id=${id}`)).html)).toContain('data-testid="outcome-before-fixed"');
    // Fixed now: a new number is refused with the server's reason.
    expect((await post(id, { outcome: "save", match_count: "3" })).status).toBe(409);
    expect(outcomeOf(id)).toMatchObject({ matches: null, declined: 1 });
    res = await post(id, { outcome: "opt-out" });
    expect(res.status).toBe(303);
    expect(outcomeOf(id)!.optedOut).not.toBeNull();
    expect(mainOf((await page(`/view-results?id=${id}`)).html)).toContain("You won&#x27;t get the follow-up e-mail.");
  });
});
