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
