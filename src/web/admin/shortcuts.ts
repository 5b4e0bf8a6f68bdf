/**
 * The review dialog's keyboard shortcuts (issue 29, item 3; decision 121). Each works inside a text field without
 * taking a key the writer types or edits with: the pair of modifiers is one no text field on Linux, Windows or macOS
 * uses for editing, and that types nothing on any layout. Alt+Shift with a letter on Linux and Windows (Ctrl+Alt is
 * AltGr there, which types on many layouts; Ctrl+Shift+N and +P are the browser's); Control+Command with the letter on
 * macOS (Option types a character there, Option+Shift+N is "˜"; Control alone is the text fields' Emacs keys). The
 * key is read by its place on the keyboard (`code`), so it is the same on every layout. Save is the platform's own
 * (Ctrl+S, Command+S). `?` lists them, outside text fields only.
 */
export type ShortcutId = "nextPart" | "save" | "preview" | "saveAndSend" | "nextProfile" | "previousProfile";

interface Shortcut {
  id: ShortcutId;
  /** What it does, in the list `?` shows. */
  does: string;
  /** The key's `code`. */
  code: string;
  /** The platform's save modifier (Ctrl, Command) instead of the pair. */
  primary?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: "nextPart", does: "Next part to write", code: "KeyN" },
  { id: "save", does: "Save changes", code: "KeyS", primary: true },
  { id: "preview", does: "Preview, or back to the editor", code: "KeyP" },
  { id: "saveAndSend", does: "Save and send", code: "KeyE" },
  { id: "nextProfile", does: "Next profile in the list", code: "KeyJ" },
  { id: "previousProfile", does: "Previous profile in the list", code: "KeyK" },
];

export const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent);

/** The keys to press, in words: "Alt+Shift+N", "Ctrl+Cmd+N", "Ctrl+S", "Cmd+S". */
export function keysOf(shortcut: Shortcut, mac = isMac()): string {
  const letter = shortcut.code.replace(/^Key/, "");
  if (shortcut.primary) return `${mac ? "Cmd" : "Ctrl"}+${letter}`;
  return `${mac ? "Ctrl+Cmd" : "Alt+Shift"}+${letter}`;
}

/** The same in `aria-keyshortcuts`' words. */
export function ariaKeysOf(id: ShortcutId, mac = isMac()): string {
  const shortcut = SHORTCUTS.find((s) => s.id === id)!;
  return keysOf(shortcut, mac).replace("Ctrl", "Control").replace("Cmd", "Meta");
}

/** The shortcut a key press is, or null: never a plain or shifted character, never AltGr. */
export function shortcutOf(e: Pick<KeyboardEvent, "code" | "altKey" | "shiftKey" | "ctrlKey" | "metaKey" | "getModifierState">, mac = isMac()): ShortcutId | null {
  if (e.getModifierState?.("AltGraph")) return null;
  const primary = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  const pair = mac ? e.ctrlKey && e.metaKey && !e.altKey && !e.shiftKey : e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey;
  for (const s of SHORTCUTS) {
    if (s.code !== e.code) continue;
    if (s.primary ? primary && !e.altKey && !e.shiftKey : pair) return s.id;
  }
  return null;
}

/** Whether the focus is where a key types: `?` is a character there, not the list of shortcuts. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["button", "checkbox", "radio", "submit", "reset", "file", "range", "color"].includes(target.type);
}
