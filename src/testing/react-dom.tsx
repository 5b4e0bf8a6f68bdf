/**
 * A React tree mounted in happy-dom for a component test, and the few ways such a test acts on it (typing, clicking,
 * finding a field by its label or a button by its name). The DOM must be registered first
 * (`GlobalRegistrator.register` in the test file): react-dom/client is loaded here only then.
 */
import { act } from "react";
import type { Root } from "react-dom/client";

/** react-dom/client is loaded once the DOM is registered: it decides at load time which events it listens to. */
export async function mount(node: React.ReactNode) {
  const { createRoot } = await import("react-dom/client");
  const container = document.createElement("div");
  document.body.append(container);
  let root!: Root;
  await act(async () => {
    root = createRoot(container);
    root.render(node);
  });
  return {
    container,
    rerender: (next: React.ReactNode) => act(async () => root.render(next)),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

const valueSetter = (el: HTMLTextAreaElement | HTMLInputElement) => Object.getOwnPropertyDescriptor(el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype, "value")!.set!;
export async function type(el: HTMLTextAreaElement | HTMLInputElement, value: string) {
  await act(async () => {
    el.focus();
    valueSetter(el).call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
export const click = (el: Element) => act(async () => (el as HTMLElement).click());
export const byLabel = (root: ParentNode, text: string) => {
  const label = [...root.querySelectorAll("label")].find((l) => l.textContent?.trim() === text);
  if (!label) throw new Error(`no label "${text}"`);
  return document.getElementById(label.htmlFor) as HTMLTextAreaElement;
};
export const button = (root: ParentNode, name: string) => {
  const found = [...root.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};

