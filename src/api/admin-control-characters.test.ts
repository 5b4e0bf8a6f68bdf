/**
 * Issue 27, item 5: every text an administrator writes refuses control characters other than line breaks and tabs
 * (NUL, ESC, BEL, …) with a 400 naming the field, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { adminAudit } from "../db/schema.ts";
import type { EditableParts } from "../shared/optimiser/parts.ts";
import { hasControlCharacter } from "../shared/admin/plain-text.ts";
import { adminCookie } from "../testing/admin.ts";
import { orderWorld, ORIGIN, type OrderWorld } from "../testing/order-world.ts";

let w: OrderWorld;
let profileId: string;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  w = orderWorld("local");
  adminHeaders = { Cookie: adminCookie(w.ctx.store.db, "editor"), Origin: ORIGIN, "Content-Type": "application/json" };
  const order = w.newOrder("elite");
  profileId = order.profileId;
  expect((await w.payWithCardForm(order.orderId)).status).toBe(200);
  await w.runJobs();
  expect(w.profile(profileId).status).toBe("completed");
});
afterAll(() => w.close());

const CONTROLS = { NUL: "\u0000", BEL: "\u0007", ESC: "\u001b", DEL: "\u007f", "vertical tab": "\u000b", "C1 CSI": "\u009b" };

async function detail(): Promise<{ parts: EditableParts; version: string }> {
  return (await (await w.app.request(`/api/admin/profiles/${profileId}`, { headers: { Cookie: adminHeaders.Cookie! } })).json()) as { parts: EditableParts; version: string };
}

const send = (method: string, path: string, body: unknown) => w.app.request(path, { method, headers: adminHeaders, body: JSON.stringify(body) });

async function refused(res: Response, field: RegExp) {
  expect(res.status).toBe(400);
  const { message } = (await res.json()) as { message: string };
  expect(message).toMatch(field);
  expect(message).toContain("contains a control character (such as NUL, ESC or BEL); only line breaks and tabs are allowed");
}

describe("the rule", () => {
  test("control characters are found; line breaks, tabs and ordinary text (emoji, other scripts) are not", () => {
    for (const [name, c] of Object.entries(CONTROLS)) expect([name, hasControlCharacter(`a${c}b`)]).toEqual([name, true]);
    for (const ok of ["line\nbreak", "windows\r\nline", "tab\there", "emoji 🎉, ü, 日本語, \u2028 separator"]) expect([ok, hasControlCharacter(ok)]).toEqual([ok, false]);
  });
});

describe("PUT /api/admin/profiles/:id/parts", () => {
  // The character in the middle of the text: a vertical tab at either end would be trimmed away like a space.
  const edits: [string, RegExp, (p: EditableParts, c: string) => EditableParts][] = [
    ["the bio", /^parts\.bio\.text: The bio contains/, (p, c) => ({ ...p, bio: { ...p.bio!, text: `Teacher${c} and potter.` } })],
    ["a starter", /^parts\.starters\.0: A conversation starter contains/, (p, c) => ({ ...p, starters: [`Hi${c} there`, ...p.starters.slice(1)] })],
    ["the guide's title", /^The guide's title contains/, (p, c) => ({ ...p, guide: { ...p.guide!, title: `Your${c} plan` } })],
    ["a guide heading", /^A section heading contains/, (p, c) => ({ ...p, guide: { ...p.guide!, sections: [{ ...p.guide!.sections[0]!, heading: `Tim${c}ing` }] } })],
    ["a guide section", /^A section's text contains/, (p, c) => ({ ...p, guide: { ...p.guide!, sections: [{ ...p.guide!.sections[0]!, text: `Even${c}ings` }] } })],
    ["the recommendations", /^The recommendations contains/, (p, c) => ({ ...p, recommendations: `Smile${c} more` })],
  ];
  for (const [what, field, edit] of edits) {
    test(`${what}: NUL, BEL, ESC, DEL, a vertical tab or a C1 control is a 400 naming the field; nothing is stored`, async () => {
      const before = w.profile(profileId);
      const { parts, version } = await detail();
      for (const c of Object.values(CONTROLS)) await refused(await send("PUT", `/api/admin/profiles/${profileId}/parts`, { version, parts: edit(parts, c) }), field);
      expect(w.profile(profileId)).toEqual(before);
    });
  }

  test("line breaks and tabs are kept", async () => {
    const { parts, version } = await detail();
    const res = await send("PUT", `/api/admin/profiles/${profileId}/parts`, { version, parts: { ...parts, recommendations: "First line\nSecond\tline" } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { parts: EditableParts }).parts.recommendations).toBe("First line\nSecond\tline");
  });
});

describe("the spec's PATCH routes", () => {
  test("update: optimized_profile and recommendations, each named", async () => {
    const before = w.profile(profileId);
    await refused(await send("PATCH", `/api/admin/profiles/${profileId}/update`, { optimized_profile: "<h3>Bio</h3><p>Hi\u0000</p>", recommendations: "<p>ok</p>" }), /^optimized_profile contains/);
    await refused(await send("PATCH", `/api/admin/profiles/${profileId}/update`, { optimized_profile: "<p>ok</p>", recommendations: "<p>\u001b[31mred</p>" }), /^recommendations contains/);
    expect(w.profile(profileId)).toEqual(before);
  });

  test("update-premium-content: conversationStarters and strategyGuide, each named", async () => {
    const before = w.profile(profileId);
    await refused(await send("PATCH", `/api/admin/profiles/${profileId}/update-premium-content`, { conversationStarters: "- Hi\u0007" }), /^conversationStarters contains/);
    await refused(await send("PATCH", `/api/admin/profiles/${profileId}/update-premium-content`, { strategyGuide: "# Guide\n\u0000" }), /^strategyGuide contains/);
    expect(w.profile(profileId)).toEqual(before);
  });
});

describe("the other texts an administrator writes", () => {
  test("a refund's reason: 400 naming it, and the order is not refunded", async () => {
    const order = w.newOrder("basic");
    expect((await w.payWithCardForm(order.orderId)).status).toBe(200);
    await refused(await send("POST", `/api/admin/profiles/${order.profileId}/refund`, { reason: "Late\u001b[2J" }), /^reason contains/);
    expect(w.order(order.orderId).status).toBe("paid");
    expect(w.refundRows(order.profileId)).toBe(0);
  });

  test("the sign-in name: 400 naming it, and nothing written to the sign-in record", async () => {
    const res = await w.app.request("/api/admin/login", { method: "POST", headers: { Origin: ORIGIN, "Content-Type": "application/json" }, body: JSON.stringify({ username: "admin\u001b[2J", password: "x" }) });
    await refused(res, /^Username contains/);
    expect(w.ctx.store.db.select().from(adminAudit).all().filter((a) => a.action.startsWith("sign-in"))).toEqual([]);
  });

  test("the customer's address typed to erase: 400 naming it, and nothing is erased", async () => {
    const before = w.profile(profileId);
    await refused(await send("DELETE", `/api/admin/profiles/${profileId}`, { email: "sam@example.com\u0000" }), /^email contains/);
    expect(w.profile(profileId)).toEqual(before);
  });
});
