/**
 * The script of every page (issue 22): the page's shell without React. It makes the server-drawn theme toggle work,
 * gives the phone menu (a <details>, which opens and closes without any script) Escape and click-outside closing, and
 * on a page without islands sets the `data-hydrated` marker at once (src/client/islands.tsx sets it on the others).
 * Budget: the marketing pages' whole first-load JavaScript is at most 5 KB gzipped (scripts/bundle-size.ts).
 */
import { CARRIED_TOAST_KEY, ISLAND_ATTRIBUTE, THEME_TOGGLE_ATTRIBUTE } from "../web/dom-markers.ts";
import { applyTheme, NEXT_THEME, readStoredTheme, THEME_STORAGE_KEY, themeToggleLabel, themeToggleTitle, type Theme } from "../web/theme.ts";

const systemDark = matchMedia("(prefers-color-scheme: dark)");

function enhanceThemeToggle(button: HTMLButtonElement): void {
  let theme: Theme = readStoredTheme();
  const show = () => {
    button.dataset.theme = theme;
    button.setAttribute("aria-label", themeToggleLabel(theme));
    button.title = themeToggleTitle(theme);
  };
  show();
  // "System" follows the operating system while the page is open.
  systemDark.addEventListener("change", () => theme === "system" && applyTheme("system"));
  button.addEventListener("click", () => {
    theme = NEXT_THEME[theme];
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage can be unavailable (private mode); the theme still applies for this page.
    }
    applyTheme(theme);
    show();
  });
}

function enhanceMenu(details: HTMLDetailsElement): void {
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || !details.open) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  });
  document.addEventListener("pointerdown", (e) => {
    if (details.open && !details.contains(e.target as Node)) details.open = false;
  });
}

for (const button of document.querySelectorAll<HTMLButtonElement>(`[${THEME_TOGGLE_ATTRIBUTE}]`)) enhanceThemeToggle(button);
for (const details of document.querySelectorAll<HTMLDetailsElement>("header details")) enhanceMenu(details);
if (!document.querySelector(`[${ISLAND_ATTRIBUTE}]`)) document.documentElement.dataset.hydrated = "true";

// A toast the previous page carried over (it showed one as it sent the customer here), on a page without a toaster:
// the toaster is loaded for it, and React with it, only then; a first visit loads nothing more.
if (!document.querySelector(`[${ISLAND_ATTRIBUTE}="Toaster"]`) && hasCarriedToast()) void import("./carried-toast.tsx");

function hasCarriedToast(): boolean {
  try {
    return sessionStorage.getItem(CARRIED_TOAST_KEY) !== null;
  } catch {
    return false;
  }
}
