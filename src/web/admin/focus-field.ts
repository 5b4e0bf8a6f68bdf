import type { ToWrite } from "../../shared/admin/desk.ts";
import { fieldId } from "./parts-form.ts";

/**
 * Going to a part's field in the review dialog (issue 28, item 5): the part navigator's links, the "Still to write"
 * links, the dialog opening on a part still to write and the "next part to write" shortcut all do the same: the field
 * in view, focused, its text selected, so a paste or typing replaces it (an arrow key keeps it).
 */
export function focusField(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
  if (target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === "text")) target.select();
  return true;
}

/** `focusField`, with the editor's tab chosen first when the preview shows (its fields are hidden then). */
export function goToField(id: string): void {
  const field = document.getElementById(id);
  if (field && field.offsetParent !== null) {
    focusField(id);
    return;
  }
  const edit = [...document.querySelectorAll<HTMLElement>('[role="dialog"] [role="tab"]')].find((t) => t.textContent?.trim() === "Edit");
  edit?.click();
  requestAnimationFrame(() => focusField(id));
}

/**
 * The part to write after the one with the focus, in the desk's order, skipping the parts already written in the form
 * (unsaved); round to the first again. Null when nothing is left to write.
 */
export function nextPartToWrite(list: readonly Pick<ToWrite, "part">[], written: readonly string[], focused = document.activeElement?.id ?? ""): string | null {
  const ids = list.map((p) => fieldId.part(p.part));
  if (ids.length === 0) return null;
  const at = ids.indexOf(focused);
  const order = [...ids.slice(at + 1), ...ids.slice(0, at + 1)];
  const open = new Set(list.filter((p) => !written.includes(p.part)).map((p) => fieldId.part(p.part)));
  return order.find((id) => open.has(id)) ?? order[0]!;
}
