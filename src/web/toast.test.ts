import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { getDefaultStore } from "jotai";
import { CARRIED_TOAST_KEY } from "./dom-markers.ts";
import { carryCurrentToast, pushToastAtom, takeCarriedToast, toastQueueAtom } from "./toast.ts";

// happy-dom only for this file (session storage and performance.timeOrigin of a document).
beforeAll(() => GlobalRegistrator.register({ url: "http://localhost:3000/" }));
afterAll(() => GlobalRegistrator.unregister());
beforeEach(() => {
  sessionStorage.clear();
  getDefaultStore().set(toastQueueAtom, []);
});

/** What the next document finds: the carried entry, as if another page had written it. */
const fromAnotherPage = (value: unknown) => sessionStorage.setItem(CARRIED_TOAST_KEY, typeof value === "string" ? value : JSON.stringify(value));

describe("a toast carried over a page load", () => {
  test("the toast on screen is carried; this same page leaves it for the next, which takes it once", () => {
    getDefaultStore().set(pushToastAtom, { title: "Error", description: "No profile ID provided", variant: "destructive" });
    carryCurrentToast();
    // A toaster hydrating on the page that is leaving does not take it.
    expect(takeCarriedToast()).toBeNull();
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).not.toBeNull();
    const carried = JSON.parse(sessionStorage.getItem(CARRIED_TOAST_KEY)!) as Record<string, unknown>;
    fromAnotherPage({ ...carried, page: -1 });
    expect(takeCarriedToast()).toEqual({ title: "Error", description: "No profile ID provided", variant: "destructive" });
    expect(takeCarriedToast()).toBeNull();
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).toBeNull();
  });

  test("nothing on screen: nothing is carried", () => {
    carryCurrentToast();
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).toBeNull();
  });

  test.each([
    ["not JSON", "{oops"],
    ["null", "null"],
    ["a number", "42"],
    ["no title", { description: "x", page: -1 }],
    ["a title that is not text", { title: { html: "<img src=x onerror=alert(1)>" }, page: -1 }],
    ["an empty title", { title: "", page: -1 }],
  ])("a stored entry that is %s shows nothing and is dropped", (_, value) => {
    fromAnotherPage(value);
    expect(takeCarriedToast()).toBeNull();
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).toBeNull();
  });

  test("an unknown variant is shown as the default one; a description that is not text is left out", () => {
    fromAnotherPage({ title: "Saved", description: 7, variant: "evil", page: -1 });
    expect(takeCarriedToast()).toEqual({ title: "Saved", description: undefined, variant: "default" });
  });
});
