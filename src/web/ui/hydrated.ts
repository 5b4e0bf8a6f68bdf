import { useEffect, useState } from "react";

/**
 * False on the server and in the browser's first render, true once the island has hydrated: what depends on the
 * browser alone (its time zone, its locale, the clock) is drawn only after that, so hydration never compares it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A day: in the customer's own calendar once hydrated, in UTC ("27 November 2026") before that and without
 * JavaScript, the same on the server and in the first render.
 */
export function calendarDay(iso: string, local: boolean): string {
  const options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };
  return new Date(iso).toLocaleDateString(local ? undefined : "en-GB", local ? options : { ...options, timeZone: "UTC" });
}
