import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { CROSS_SITE_REFUSED, sameOriginOnly } from "./same-origin.ts";

// PUBLIC_URL says localhost:3000; app.request's own URLs are on http://localhost (Bun builds them from Host).
const app = new Hono().use(sameOriginOnly("http://localhost:3000/")).all("/change", (c) => c.json({ done: true }));

async function send(method: string, headers: Record<string, string> = {}, url = "http://localhost/change") {
  const res = await app.request(url, { method, headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe("sameOriginOnly", () => {
  for (const method of ["GET", "HEAD", "OPTIONS"]) {
    test(`${method} reads and passes from anywhere`, async () => {
      const res = await app.request("/change", { method, headers: { Origin: "https://evil.example" } });
      expect(res.status).toBe(200);
    });
  }

  const accepted: [string, Record<string, string>, string?][] = [
    ["Origin is PUBLIC_URL's origin", { Origin: "http://localhost:3000" }],
    ["Origin is the request's own origin", { Origin: "http://localhost" }],
    ["Origin is the own origin of a request to 127.0.0.1", { Origin: "http://127.0.0.1:3000" }, "http://127.0.0.1:3000/change"],
    ["no Origin, Sec-Fetch-Site same-origin", { "Sec-Fetch-Site": "same-origin" }],
    ["no Origin or Sec-Fetch-Site, Referer on the site", { Referer: "http://localhost:3000/admin?x=1" }],
  ];
  for (const method of ["POST", "PATCH", "PUT", "DELETE"]) {
    for (const [name, headers, url] of accepted) {
      test(`${method} accepted: ${name}`, async () => {
        expect(await send(method, headers, url)).toEqual({ status: 200, body: { done: true } });
      });
    }
  }

  const refused: [string, Record<string, string>, string?][] = [
    ["no Origin, Sec-Fetch-Site or Referer", {}],
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["the right host with another scheme", { Origin: "https://localhost:3000" }],
    ["the right host on another port", { Origin: "http://localhost:3001" }],
    ["a look-alike host", { Origin: "http://localhost:3000.evil.example" }],
    ["Origin null (sandboxed frame, file://)", { Origin: "null" }],
    ["a foreign Origin with a same-origin Sec-Fetch-Site", { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" }],
    ["Sec-Fetch-Site same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
    ["Sec-Fetch-Site cross-site with an on-site Referer", { "Sec-Fetch-Site": "cross-site", Referer: "http://localhost:3000/admin" }],
    ["a foreign Referer", { Referer: "https://evil.example/page" }],
    ["an unreadable Referer", { Referer: "not a url" }],
    ["Origin 127.0.0.1 on a request to localhost", { Origin: "http://127.0.0.1:3000" }],
  ];
  for (const [name, headers, url] of refused) {
    test(`POST refused with 403: ${name}`, async () => {
      expect(await send("POST", headers, url)).toEqual({ status: 403, body: { message: CROSS_SITE_REFUSED } });
    });
  }
});
