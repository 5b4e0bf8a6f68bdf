import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { clearAllDrafts, DRAFT_TTL_MS, draftKey, formOfOrder, readPhotoDraft, readTextDraft, savePhotoDraft, saveSentProfile, saveTextDraft } from "./draft.ts";

// happy-dom only for this file (it replaces fetch/Response while registered); it has sessionStorage, no IndexedDB.
beforeAll(() => GlobalRegistrator.register({ url: "http://localhost:3000/upload" }));
afterAll(() => GlobalRegistrator.unregister());
beforeEach(() => sessionStorage.clear());

describe("text drafts (sessionStorage)", () => {
  test("a form's values come back under its own key only", () => {
    saveTextDraft("upload:premium", { email: "sam@example.com", bio: "Weekend hiker" });
    expect(readTextDraft("upload:premium")).toEqual({ values: { email: "sam@example.com", bio: "Weekend hiker" }, sent: undefined });
    expect(readTextDraft("upload:basic")).toBeNull();
    expect(readTextDraft("profile-form:premium")).toBeNull();
  });

  test("keys name the form and what it is for; nothing missing becomes part of the key", () => {
    expect(draftKey("upload", "premium")).toBe("upload:premium");
    expect(draftKey("profile-form", undefined)).toBe("profile-form");
    expect(draftKey("profile-form", "order-abc")).toBe("profile-form:order-abc");
  });

  test("the profile sent from a draft is remembered with it, and forgotten on request", () => {
    saveTextDraft("upload:basic", { email: "a@example.com" });
    saveSentProfile("upload:basic", { profileId: "p1", orderId: "o1" });
    // Later edits keep it until the form says the profile changed.
    saveTextDraft("upload:basic", { email: "a@example.com" });
    expect(readTextDraft("upload:basic")?.sent).toEqual({ profileId: "p1", orderId: "o1" });
    saveSentProfile("upload:basic", null);
    expect(readTextDraft("upload:basic")).toEqual({ values: { email: "a@example.com" }, sent: undefined });
  });

  test("the form that sent an order is found by the order, as its cancel URL; only a path of this site", () => {
    saveSentProfile("profile-form:basic", { profileId: "p1", orderId: "o1", cancelUrl: "/profile-form?planId=basic&payment=cancelled" });
    saveSentProfile("upload:premium", { profileId: "p2", orderId: "o2" });
    saveSentProfile("hinge-form", { profileId: "p3", orderId: "o3", cancelUrl: "//evil.example/hinge-form" });
    expect(formOfOrder("o1")).toBe("/profile-form?planId=basic&payment=cancelled");
    expect(formOfOrder("o2")).toBeNull();
    expect(formOfOrder("o3")).toBeNull();
    expect(formOfOrder("unknown")).toBeNull();
  });

  test("a draft older than a day is dropped when read", () => {
    saveTextDraft("upload:basic", { email: "old@example.com" });
    expect(readTextDraft("upload:basic", Date.now() + DRAFT_TTL_MS + 1000)).toBeNull();
    expect(sessionStorage.getItem("profile-draft:upload:basic")).toBeNull();
  });

  test("hostile or broken stored text is never used as form values", () => {
    sessionStorage.setItem("profile-draft:a", "{not json");
    sessionStorage.setItem("profile-draft:b", JSON.stringify({ savedAt: "yesterday", values: { email: "x" } }));
    sessionStorage.setItem("profile-draft:c", JSON.stringify({ savedAt: Date.now(), values: null }));
    sessionStorage.setItem(
      "profile-draft:d",
      JSON.stringify({ savedAt: Date.now(), values: { email: { toString: 1 }, bio: ["x"], job_title: "<img src=x onerror=alert(1)>" }, sent: { profileId: 1, orderId: {} } }),
    );
    expect(readTextDraft("a")).toBeNull();
    expect(readTextDraft("b")).toBeNull();
    expect(readTextDraft("c")).toBeNull();
    // Only strings survive; React escapes them when they are shown, like anything typed.
    expect(readTextDraft("d")).toEqual({ values: { job_title: "<img src=x onerror=alert(1)>" }, sent: undefined });
  });

  test("clearing after payment removes every draft of the tab and nothing else", async () => {
    saveTextDraft("upload:premium", { email: "a@example.com" });
    saveTextDraft("profile-form", { email: "a@example.com" });
    sessionStorage.setItem("theme-note", "kept");
    await clearAllDrafts();
    expect(readTextDraft("upload:premium")).toBeNull();
    expect(readTextDraft("profile-form")).toBeNull();
    expect(sessionStorage.getItem("theme-note")).toBe("kept");
  });
});

describe("photo drafts without IndexedDB (private modes, old browsers)", () => {
  test("saving does nothing and reading finds nothing, without an error", async () => {
    expect(typeof indexedDB).toBe("undefined");
    await savePhotoDraft("upload:premium", [new File(["x"], "a.jpg", { type: "image/jpeg" })]);
    expect(await readPhotoDraft("upload:premium")).toEqual([]);
  });
});
