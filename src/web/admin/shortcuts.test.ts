import { describe, expect, test } from "bun:test";
import { nextPartToWrite } from "./focus-field.ts";
import { ariaKeysOf, keysOf, SHORTCUTS, shortcutOf } from "./shortcuts.ts";

const key = (code: string, mods: Partial<Record<"altKey" | "shiftKey" | "ctrlKey" | "metaKey", boolean>> = {}, altGraph = false) => ({
  code,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
  getModifierState: (m: string) => m === "AltGraph" && altGraph,
});

describe("the review dialog's keys (decision 121)", () => {
  test("Alt+Shift with the letter on Linux and Windows, Control+Command on macOS; save is Ctrl+S or Command+S", () => {
    expect(shortcutOf(key("KeyN", { altKey: true, shiftKey: true }), false)).toBe("nextPart");
    expect(shortcutOf(key("KeyN", { ctrlKey: true, metaKey: true }), true)).toBe("nextPart");
    expect(shortcutOf(key("KeyS", { ctrlKey: true }), false)).toBe("save");
    expect(shortcutOf(key("KeyS", { metaKey: true }), true)).toBe("save");
    expect(shortcutOf(key("KeyP", { altKey: true, shiftKey: true }), false)).toBe("preview");
    expect(keysOf(SHORTCUTS[0]!, false)).toBe("Alt+Shift+N");
    expect(keysOf(SHORTCUTS[0]!, true)).toBe("Ctrl+Cmd+N");
    expect(ariaKeysOf("save", true)).toBe("Meta+S");
  });

  test("nothing a text field types or edits with: plain and shifted letters, Option on macOS, Ctrl+Alt and AltGr, the browser's Ctrl+Shift", () => {
    expect(shortcutOf(key("KeyN"), false)).toBeNull();
    expect(shortcutOf(key("KeyN", { shiftKey: true }), false)).toBeNull();
    expect(shortcutOf(key("KeyN", { altKey: true, shiftKey: true }), true)).toBeNull();
    expect(shortcutOf(key("KeyN", { ctrlKey: true }), true)).toBeNull();
    expect(shortcutOf(key("KeyN", { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(shortcutOf(key("KeyN", { altKey: true, shiftKey: true }, true), false)).toBeNull();
    expect(shortcutOf(key("KeyN", { ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(shortcutOf(key("KeyS", { ctrlKey: true, shiftKey: true }), false)).toBeNull();
  });

  test("the next part to write follows the focused one, skips what the form has written, and goes round", () => {
    const list = [{ part: "bio" as const }, { part: "prompt1" as const }, { part: "prompt2" as const }];
    expect(nextPartToWrite(list, [], "review-part-bio")).toBe("review-part-prompt1");
    expect(nextPartToWrite(list, ["prompt1"], "review-part-bio")).toBe("review-part-prompt2");
    expect(nextPartToWrite(list, [], "review-part-prompt2")).toBe("review-part-bio");
    expect(nextPartToWrite(list, ["bio"], "elsewhere")).toBe("review-part-prompt1");
    // Everything written: the next one round, to read it again.
    expect(nextPartToWrite(list, ["bio", "prompt1", "prompt2"], "review-part-bio")).toBe("review-part-prompt1");
    expect(nextPartToWrite([], [], "review-part-bio")).toBeNull();
  });
});
