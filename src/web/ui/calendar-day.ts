/**
 * A day: in the customer's own calendar once the island has hydrated (`useHydrated`), in UTC ("27 November 2026")
 * before that and without JavaScript, so the server's HTML and the browser's first render draw the same text and
 * hydration never compares a time zone.
 */
export function calendarDay(iso: string, local: boolean): string {
  const options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };
  return new Date(iso).toLocaleDateString(local ? undefined : "en-GB", local ? options : { ...options, timeZone: "UTC" });
}
