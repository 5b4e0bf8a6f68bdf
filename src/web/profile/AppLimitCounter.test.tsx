import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { act } from "react";
import type { Root } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { APP_TEXT_LIMITS } from "../../shared/profiles/app-limits.ts";
import { DATING_APPS, type DatingApp } from "../../shared/profiles/options.ts";
import { TEXT_LIMITS } from "../../shared/profiles/submission.ts";
import { crossingMessage, limitLevel, limitMessage } from "./AppLimitCounter.tsx";
import { AppSection, Bio, IdealFirstDate, PromptWithResponse, type Values } from "./AppSections.tsx";
import { useFormValues } from "./form-state.ts";

// happy-dom only for this file (it replaces fetch/Response while registered).
beforeAll(() => GlobalRegistrator.register({ url: "http://localhost:3000/bumble-form" }));
afterAll(() => GlobalRegistrator.unregister());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const noop = () => {};

/** Server-rendered HTML as a DOM tree, to read as the browser would. */
function dom(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}
/** The text on screen (screen-reader-only words left out). */
const seen = (el: Element): string => [...el.childNodes].map((n): string => (n instanceof HTMLElement && n.classList.contains("sr-only") ? "" : n instanceof HTMLElement ? seen(n) : (n.textContent ?? ""))).join("");
/** The text a screen reader reads (aria-hidden words left out). */
const heard = (el: Element): string => [...el.childNodes].map((n): string => (n instanceof HTMLElement && n.getAttribute("aria-hidden") === "true" ? "" : n instanceof HTMLElement ? heard(n) : (n.textContent ?? ""))).join("");

describe("levels and words", () => {
  test("the warning starts with a tenth of the limit left, and over is one character past it", () => {
    expect([269, 270, 300, 301].map((n) => limitLevel(n, 300))).toEqual(["fits", "near", "near", "over"]);
    expect([134, 135, 150, 151].map((n) => limitLevel(n, 150))).toEqual(["fits", "near", "near", "over"]);
    expect([449, 450, 500, 501].map((n) => limitLevel(n, 500))).toEqual(["fits", "near", "near", "over"]);
    expect(limitLevel(0, 300)).toBe("fits");
  });

  test("an app's stated limit is the app's; a limit no source states is called ours", () => {
    expect(limitMessage({ app: "bumble", field: "bio" }, 12, 300)).toBe("Bumble allows 300 characters.");
    expect(limitMessage({ app: "bumble", field: "bio" }, 285, 300)).toBe("15 left; Bumble allows 300 characters.");
    expect(limitMessage({ app: "bumble", field: "bio" }, 326, 300)).toBe("Bumble allows 300 characters; we'll shorten yours to fit.");
    expect(limitMessage({ app: "hinge", field: "promptAnswer" }, 151, 150)).toBe("Hinge allows 150 characters; we'll shorten yours to fit.");
    expect(limitMessage({ app: "tinder", field: "bio" }, 0, 500)).toBe("Tinder allows 500 characters.");
    expect(limitMessage({ app: "bumble", field: "promptAnswer" }, 10, 150)).toBe("we keep Bumble answers to 150 characters.");
    expect(limitMessage({ app: "the_league", field: "bio" }, 400, 300)).toBe("we keep The League bios to 300 characters; we'll shorten yours to fit.");
  });

  test("an editor over the limit is told to shorten it, by how much; under it the words are the customer's", () => {
    const bio = { app: "bumble", field: "bio" } as const;
    expect(limitMessage(bio, 326, 300, "editor")).toBe("Bumble allows 300 characters; 26 over: shorten it, or the customer cannot paste it whole.");
    expect(limitMessage(bio, 285, 300, "editor")).toBe(limitMessage(bio, 285, 300));
    expect(crossingMessage("Bio", bio, "near", "over", 301, 300, "editor")).toBe("Bio is over the limit: Bumble allows 300 characters; 1 over: shorten it, or the customer cannot paste it whole.");
  });

  test("what is spoken at each crossing, and nothing when the text falls back under the warning", () => {
    const bio = { app: "bumble", field: "bio" } as const;
    expect(crossingMessage("Bio", bio, "fits", "near", 280, 300)).toBe("Bio: 20 characters left; Bumble allows 300 characters.");
    expect(crossingMessage("Bio", bio, "near", "over", 301, 300)).toBe("Bio is over the limit: Bumble allows 300 characters; we'll shorten yours to fit.");
    expect(crossingMessage("Bio", bio, "fits", "over", 400, 300)).toBe("Bio is over the limit: Bumble allows 300 characters; we'll shorten yours to fit.");
    expect(crossingMessage("Bio", bio, "over", "near", 290, 300)).toBe("Bio is within the limit again: 290 of 300 characters.");
    expect(crossingMessage("Bio", bio, "over", "fits", 100, 300)).toBe("Bio is within the limit again: 100 of 300 characters.");
    expect(crossingMessage("Bio", bio, "near", "fits", 100, 300)).toBe("");
  });
});

describe("every form section counts the texts its app limits", () => {
  const section = (app: DatingApp, values: Values = {}) => dom(renderToStaticMarkup(<AppSection app={app} values={values} errors={{}} onChange={noop} />));
  const counted = (el: HTMLElement) => [...el.querySelectorAll("[data-testid$='-count']")].map((c) => c.id.replace(/^field-|-count$/g, ""));

  test("Hinge: the three answers; Bumble: the bio and both answers; Tinder and The League: the bio", () => {
    expect(counted(section("hinge"))).toEqual(["response1", "response2", "response3"]);
    expect(counted(section("bumble"))).toEqual(["bio", "response1", "response2"]);
    expect(counted(section("tinder"))).toEqual(["bio"]);
    expect(counted(section("the_league"))).toEqual(["bio"]);
  });

  test("each count is against the table's number, and the form's own maxlength stays the hard limit", () => {
    for (const app of DATING_APPS) {
      const el = section(app);
      const { bio, promptAnswer } = APP_TEXT_LIMITS[app];
      if (bio !== null) {
        expect(seen(el.querySelector("#field-bio-count")!)).toStartWith(`0 / ${bio}: `);
        expect(el.querySelector<HTMLTextAreaElement>("#field-bio")!.maxLength).toBe(TEXT_LIMITS.bio);
      }
      for (const c of el.querySelectorAll("[id^='field-response'][id$='-count']")) expect(seen(c)).toStartWith(`0 / ${promptAnswer}: `);
      for (const r of el.querySelectorAll<HTMLTextAreaElement>("textarea[id^='field-response']")) expect(r.maxLength).toBe(TEXT_LIMITS.response);
    }
  });

  test("text over the app's limit renders over, with what the app allows (a 326-character Bumble bio)", () => {
    const count = section("bumble", { bio: "b".repeat(326) }).querySelector<HTMLElement>("#field-bio-count")!;
    expect(count.dataset.level).toBe("over");
    expect(count.className).toContain("text-danger");
    expect(seen(count)).toBe("326 / 300: Bumble allows 300 characters; we'll shorten yours to fit.");
    expect(heard(count)).toBe("326 of 300 characters: Bumble allows 300 characters; we'll shorten yours to fit.");
  });

  test("a field the apps do not limit has no counter", () => {
    const html = renderToStaticMarkup(<IdealFirstDate values={{}} errors={{}} onChange={noop} />);
    expect(html).not.toContain("-count");
    expect(html).not.toContain("aria-live");
  });
});

/** A field of a real form state (form-state.ts), mounted in happy-dom; `restore` puts back a draft as the forms do. */
async function mount(field: (p: { values: Values; onChange: (name: string, value: string) => void }) => React.ReactNode) {
  const { createRoot } = await import("react-dom/client");
  let restore!: (kept: Values) => void;
  function Form() {
    const form = useFormValues({});
    restore = form.restore;
    return <form>{field({ values: form.values, onChange: form.onChange })}</form>;
  }
  const container = document.createElement("div");
  document.body.append(container);
  let root!: Root;
  await act(async () => {
    root = createRoot(container);
    root.render(<Form />);
  });
  const control = (name: string) => container.querySelector<HTMLTextAreaElement>(`#field-${name}`)!;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
  return {
    control,
    count: (name: string) => seen(container.querySelector(`#field-${name}-count`)!),
    level: (name: string) => container.querySelector<HTMLElement>(`#field-${name}-count`)!.dataset.level,
    spoken: (name: string) => container.querySelector<HTMLElement>(`[data-testid="field-${name}-announcement"]`)!.textContent,
    /** What the field's aria-describedby names, read as a screen reader would join it. */
    description: (name: string) =>
      control(name)
        .getAttribute("aria-describedby")!
        .split(" ")
        .map((id) => heard(document.getElementById(id)!))
        .join(" "),
    async type(name: string, value: string) {
      await act(async () => {
        control(name).focus();
        setter.call(control(name), value);
        control(name).dispatchEvent(new Event("input", { bubbles: true }));
      });
    },
    restore: (kept: Values) => act(async () => restore(kept)),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

describe("typing in a counted field", () => {
  test("the count follows every keystroke; the live region speaks only at the thresholds", async () => {
    const ui = await mount((p) => <Bio app="bumble" errors={{}} {...p} />);
    expect(ui.count("bio")).toContain("0 / 300");
    expect(ui.description("bio")).toContain("0 of 300 characters: Bumble allows 300 characters.");
    const live = ui.control("bio").parentElement!.querySelector("[aria-live]")!;
    expect(live.getAttribute("aria-live")).toBe("polite");
    // The live region is not part of the description (it would be read twice).
    expect(ui.control("bio").getAttribute("aria-describedby")!.split(" ").some((id) => document.getElementById(id)?.contains(live))).toBe(false);

    await ui.type("bio", "a".repeat(250));
    expect(ui.count("bio")).toContain("250 / 300");
    expect(ui.level("bio")).toBe("fits");
    expect(ui.spoken("bio")).toBe("");

    await ui.type("bio", "a".repeat(280));
    expect(ui.level("bio")).toBe("near");
    expect(ui.count("bio")).toContain("280 / 300: 20 left; Bumble allows 300 characters.");
    expect(ui.spoken("bio")).toBe("Bio: 20 characters left; Bumble allows 300 characters.");

    // More keystrokes at the same level: the count moves, the region says nothing new.
    await ui.type("bio", "a".repeat(285));
    expect(ui.count("bio")).toContain("285 / 300: 15 left");
    expect(ui.spoken("bio")).toBe("Bio: 20 characters left; Bumble allows 300 characters.");

    await ui.type("bio", "a".repeat(326));
    expect(ui.level("bio")).toBe("over");
    expect(ui.description("bio")).toContain("326 of 300 characters: Bumble allows 300 characters; we'll shorten yours to fit.");
    expect(ui.spoken("bio")).toBe("Bio is over the limit: Bumble allows 300 characters; we'll shorten yours to fit.");
    // Accepted: over the app's limit is a warning, not an error, and the form's own limit is unchanged.
    expect(ui.control("bio").value).toHaveLength(326);
    expect(ui.control("bio").getAttribute("aria-invalid")).toBeNull();
    expect(ui.control("bio").maxLength).toBe(TEXT_LIMITS.bio);

    await ui.type("bio", "a".repeat(290));
    expect(ui.spoken("bio")).toBe("Bio is within the limit again: 290 of 300 characters.");
    await ui.type("bio", "a".repeat(20));
    expect(ui.level("bio")).toBe("fits");
    expect(ui.spoken("bio")).toBe("");
    await ui.unmount();
  });

  test("trailing spaces and line breaks do not count: the text is stored trimmed", async () => {
    const ui = await mount((p) => <Bio app="bumble" errors={{}} {...p} />);
    await ui.type("bio", `${"a".repeat(300)}\n\n   `);
    expect(ui.level("bio")).toBe("near");
    expect(ui.count("bio")).toContain("300 / 300: 0 left");
    await ui.unmount();
  });

  test("a restored draft shows its count at once, without a word from the live region", async () => {
    const ui = await mount((p) => (
      <>
        <Bio app="bumble" errors={{}} {...p} />
        <PromptWithResponse n={1} prompts={["My happy place is"]} app="bumble" errors={{}} {...p} />
      </>
    ));
    await ui.restore({ bio: "b".repeat(326), response1: "r".repeat(140) });
    expect(ui.count("bio")).toContain("326 / 300");
    expect(ui.level("bio")).toBe("over");
    expect(ui.count("response1")).toContain("140 / 150: 10 left; we keep Bumble answers to 150 characters.");
    expect(ui.spoken("bio")).toBe("");
    expect(ui.spoken("response1")).toBe("");
    await ui.unmount();
  });
});
