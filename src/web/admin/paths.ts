/**
 * The admin area's addresses (docs/decisions/146-admin-urls.md): the server's route table (src/web/routes.tsx) serves
 * the admin document at each, and the admin's router (./AdminRouter.tsx) draws its page there.
 */
export const ADMIN_PATHS = {
  dashboard: "/admin",
  outcomes: "/admin/outcomes",
  profile: "/admin/profiles/:id",
} as const;

/** The tab's title of each admin page, the same on the server's document and after a move within the area. */
export const ADMIN_TITLES = {
  dashboard: "Admin Dashboard | ProfileBoost",
  outcomes: "Outcomes | ProfileBoost",
  profile: "Review Profile | ProfileBoost",
} as const;

/** A profile's review dialog: a link one writer can paste to another. */
export const profilePath = (id: string): string => `${ADMIN_PATHS.dashboard}/profiles/${encodeURIComponent(id)}`;

/**
 * An id worth asking the API about: what the path holds is never trusted, and `.`, `..` or a slash would make the
 * request's URL another one. Profile ids are 26 base32 characters today; anything of letters, digits, `_` and `-` is
 * asked about, and the API's answer decides.
 */
export const plausibleId = (id: string): boolean => /^[A-Za-z0-9_-]{1,64}$/.test(id);

/** History state of an entry that opens a profile over the list: Close and Escape go back to the list's entry. */
export interface OverList {
  overList: true;
}

export const isOverList = (state: unknown): state is OverList => typeof state === "object" && state !== null && (state as OverList).overList === true;
