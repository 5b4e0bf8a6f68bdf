import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createStore, Provider } from "jotai";
import { act } from "react";
import type { Root } from "react-dom/client";
import { pushToastAtom, TOAST_DURATION_MS, toastQueueAtom, type ToastInput } from "../toast.ts";
import { Toaster } from "./Toaster.tsx";

// happy-dom only for this file (it replaces fetch/Response while registered).
beforeAll(() => GlobalRegistrator.register({ url: "http://localhost:3000/" }));
afterAll(() => GlobalRegistrator.unregister());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function mount() {
  const { createRoot } = await import("react-dom/client");
  const store = createStore();
  const container = document.createElement("div");
  document.body.append(container);
  let root!: Root;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
  });
  const push = async (input: ToastInput) => {
    await act(async () => {
      store.set(pushToastAtom, input);
    });
  };
  const items = () => [...container.querySelectorAll<HTMLElement>("[data-variant]")];
  return {
    store,
    container,
    push,
    items,
    unmount: () => act(async () => root.unmount()),
  };
}

describe("Toaster", () => {
  test("shows one notification at a time: a new one replaces the one on screen; dismissing leaves none", async () => {
    const ui = await mount();
    await ui.push({ title: "First" });
    expect(ui.items()[0]!.getAttribute("role")).toBe("status");
    await ui.push({ title: "Second", variant: "destructive" });
    expect(ui.items()).toHaveLength(1);
    expect(ui.items()[0]!.textContent).toContain("Second");
    // Errors are announced assertively and drawn in the destructive style.
    expect(ui.items()[0]!.getAttribute("role")).toBe("alert");
    expect(ui.items()[0]!.className).toContain("bg-destructive");
    await act(async () => (ui.container.querySelector("button[aria-label='Dismiss notification']") as HTMLButtonElement).click());
    expect(ui.items()).toHaveLength(0);
    await ui.unmount();
  });

  test("a notification stays 5000 ms by default and leaves by itself", async () => {
    const ui = await mount();
    await ui.push({ title: "Default" });
    expect(ui.store.get(toastQueueAtom)[0]!.duration).toBe(TOAST_DURATION_MS);
    expect(TOAST_DURATION_MS).toBe(5000);

    await ui.push({ title: "Quick", duration: 30 });
    expect(ui.items()[0]!.textContent).toContain("Quick");
    await act(async () => Bun.sleep(80));
    expect(ui.items()).toHaveLength(0);
    await ui.unmount();
  });

  test("a swipe right past 50 px dismisses; a shorter one snaps back", async () => {
    const ui = await mount();
    await ui.push({ title: "Swipe me" });
    const swipe = async (dx: number) => {
      const li = ui.items()[0]!;
      await act(async () => {
        li.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, clientX: 100, pointerId: 1 }));
        li.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, clientX: 100 + dx, pointerId: 1 }));
        li.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, clientX: 100 + dx, pointerId: 1 }));
      });
    };
    await swipe(40);
    expect(ui.items()).toHaveLength(1);
    expect(ui.items()[0]!.style.transform).toBe("");
    await swipe(60);
    expect(ui.items()).toHaveLength(0);
    await ui.unmount();
  });

  test("F8 moves focus to the notification viewport, which is at most 420 px wide", async () => {
    const ui = await mount();
    const viewport = ui.container.querySelector("[data-testid='toast-viewport']") as HTMLElement;
    expect(viewport.className).toContain("max-w-[420px]");
    expect(ui.container.querySelector("section")!.getAttribute("aria-label")).toBe("Notifications (F8)");
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "F8" }));
    });
    expect(document.activeElement).toBe(viewport);
    await ui.unmount();
  });
});
