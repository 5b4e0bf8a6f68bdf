/**
 * Attributes the server draws and the browser's scripts look for. A module of its own, without React, so that the
 * shell script (src/client/shell.ts) can name them and stay a few hundred bytes.
 */

/** On the element an island is drawn in: the island's name (src/web/island.tsx). */
export const ISLAND_ATTRIBUTE = "data-island";
/** On the JSON script element right after an island's element: its props. */
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
/** On the header's theme toggle button (src/web/shell/ThemeToggle.tsx). */
export const THEME_TOGGLE_ATTRIBUTE = "data-theme-toggle";
/**
 * The session-storage key of a toast shown just before a navigation: pages are documents, so the next page shows it
 * (src/web/toast.ts carries it; its Toaster island, or the shell script on a page without one, shows it).
 */
export const CARRIED_TOAST_KEY = "carried-toast";
/**
 * How the island loader (src/client/islands.tsx) begins the console error it writes when React reports that the
 * server's HTML and the browser's first render differ; the browser tests fail a test whose pages wrote it.
 */
export const HYDRATION_MISMATCH = "hydration mismatch";
