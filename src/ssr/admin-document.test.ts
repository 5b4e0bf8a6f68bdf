import { afterAll, describe, expect, test } from "bun:test";
import { newId } from "../db/ids.ts";
import { adminCookie } from "../testing/admin.ts";
import { testApp, testContext } from "../testing/context.ts";
import { readManifest } from "./assets.ts";

// Issue 31, item 3 (docs/decisions/146-admin-urls.md): every admin address is the same admin document, answered with
// the headers of /admin; the id in /admin/profiles/:id is the browser's to ask the API about, never the server's.
const ctx = testContext();
const app = testApp(ctx);
afterAll(() => ctx.cleanup());
const manifest = readManifest();

/** Every header but the date, the CSP's nonce made one placeholder (it is new on every answer). */
async function answer(path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== "date").map(([name, value]) => [name, value.replace(/'nonce-[^']+'/g, "'nonce-N'")]));
  return { status: res.status, headers, body: await res.text() };
}

const HOSTILE = [
  `<script>alert(1)</script>`,
  `"><img src=x onerror=alert(1)>`,
  `'onmouseover='alert(1)`,
  `</title><script>alert(1)</script>`,
  "%00%0d%0aSet-Cookie: x=1",
];

describe("/admin/profiles/:id", () => {
  test("answers the admin document with the headers of /admin: noindex, X-Robots-Tag, no-store, the admin island", async () => {
    const admin = await answer("/admin");
    expect(admin.status).toBe(200);
    expect(admin.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(admin.headers["cache-control"]).toBe("no-store");
    for (const id of [newId(), "not-a-profile", "ABC123"]) {
      const profile = await answer(`/admin/profiles/${id}`);
      expect(profile.status).toBe(200);
      expect(profile.headers).toEqual(admin.headers);
      expect(profile.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(profile.body).toContain('data-island="AdminIsland"');
      expect(profile.body).toContain(`src="${manifest.islands.AdminIsland}"`);
      expect(profile.body).toContain("<title>Review Profile | ProfileBoost</title>");
      // Nothing of the admin's, nor the id, in the markup: the page asks for the session and the profile in the browser.
      expect(profile.body).not.toContain('data-island="Toaster"');
    }
  });

  test("the same document signed in and signed out: the server draws nothing from the session", async () => {
    const id = newId();
    const out = await answer(`/admin/profiles/${id}`);
    const signedIn = await answer(`/admin/profiles/${id}`, { headers: { Cookie: adminCookie(ctx.store.db, "admin") } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers).toEqual(out.headers);
    const unnonced = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce="N"');
    expect(unnonced(signedIn.body)).toBe(unnonced(out.body));
  });

  test.each(HOSTILE)("a hostile id (%s) is answered as any other and never written unescaped", async (hostile) => {
    const path = `/admin/profiles/${encodeURIComponent(hostile)}`;
    const res = await answer(path);
    expect(res.status).toBe(200);
    expect(res.headers).toEqual((await answer("/admin")).headers);
    expect(res.headers["set-cookie"]).toBeUndefined();
    for (const text of [hostile, "<script>alert", "<img src=x"]) expect(res.body).not.toContain(text);
  });

  test("an address with no id, or more below it, is no admin page: 404", async () => {
    for (const path of ["/admin/profiles", "/admin/profiles/", `/admin/profiles/${newId()}/more`, "/admin/nothing-here"]) {
      expect({ path, status: (await app.request(path)).status }).toEqual({ path, status: 404 });
    }
  });

  test("/admin/outcomes is the same document, titled Outcomes", async () => {
    const outcomes = await answer("/admin/outcomes");
    expect(outcomes.status).toBe(200);
    expect(outcomes.headers).toEqual((await answer("/admin")).headers);
    expect(outcomes.body).toContain("<title>Outcomes | ProfileBoost</title>");
  });
});
