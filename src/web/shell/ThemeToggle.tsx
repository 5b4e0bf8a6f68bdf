import { THEME_TOGGLE_ATTRIBUTE } from "../dom-markers.ts";
import { themeToggleLabel, themeToggleTitle } from "../theme.ts";

/**
 * Cycles light → dark → system. Server HTML only, never hydrated: src/client/shell.ts (a few hundred bytes, no React)
 * reads the stored choice, keeps `data-theme` and the label current and handles the press. The server draws "light";
 * the icon shown follows `data-theme` in CSS, so the script changes one attribute, not the markup.
 */
export function ThemeToggle() {
  return (
    <button
      type="button"
      {...{ [THEME_TOGGLE_ATTRIBUTE]: "" }}
      data-theme="light"
      aria-label={themeToggleLabel("light")}
      title={themeToggleTitle("light")}
      className="group/theme inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 group-data-[theme=dark]/theme:hidden group-data-[theme=system]/theme:hidden" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="hidden h-5 w-5 group-data-[theme=dark]/theme:block" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="hidden h-5 w-5 group-data-[theme=system]/theme:block" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8M12 16v4" />
      </svg>
    </button>
  );
}
