/**
 * What React does that the browser's runtime (preact/compat, scripts/build.ts) leaves to the browser: `autoFocus`.
 * React focuses an element drawn with `autoFocus` when it is mounted; a browser honours the attribute only when a page
 * loads or a dialog opens, so a "Try Again" button or a reason field drawn later would not take focus. Imported first
 * by every browser entry that draws with React components.
 */
import { options, type VNode } from "preact";

const mounted = new WeakSet<Element>();
const toFocus: HTMLElement[] = [];
const previousDiffed = options.diffed;

options.diffed = (vnode: VNode) => {
  // `__e` is the element Preact drew for the vnode (the name is part of its published build).
  const element = (vnode as VNode & { __e?: unknown }).__e;
  if (typeof vnode.type === "string" && element instanceof HTMLElement && !mounted.has(element)) {
    mounted.add(element);
    // Only on mount, as React: a prop that turns true later focuses nothing.
    if ((vnode.props as { autoFocus?: unknown }).autoFocus === true) {
      // After the render is committed: a new subtree is attached to the page only once it is whole.
      if (toFocus.push(element) === 1) queueMicrotask(focusMounted);
    }
  }
  previousDiffed?.(vnode);
};

function focusMounted(): void {
  const elements = toFocus.splice(0);
  // The last one drawn wins, as when React focuses several in one commit.
  elements.reverse().find((e) => e.isConnected)?.focus();
}
