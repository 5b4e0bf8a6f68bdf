/**
 * How long a paid profile's data is kept (PHOTO_RETENTION_DAYS, PROFILE_RETENTION_DAYS): the defaults and the
 * longest a setting may ask for. Plain data: the configuration, the retention pass (src/privacy/retention.ts) and the privacy
 * policy in the browser read these same numbers.
 */

/** Photo files and thumbnails go this many days after the results e-mail was sent. */
export const DEFAULT_PHOTO_RETENTION_DAYS = 30;
/** The free text and the e-mail address go this many days after the photos. */
export const DEFAULT_PROFILE_RETENTION_DAYS = 365;
/** Ten years: more is a typo, not a policy. */
export const MAX_RETENTION_DAYS = 3650;

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionPeriods {
  /** 0: at once, right after the results e-mail. */
  photoDays: number;
  /** Counted from the photos' deletion; 0: together with them. */
  profileDays: number;
}

/** "3 May 2026": a deletion's day as every reader sees it, whatever their time zone (UTC). */
export function deletionDay(at: Date): string {
  return at.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}
