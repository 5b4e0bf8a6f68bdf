/**
 * The estimated delivery time as a customer reads it, in the browser's own time zone and clock (24-hour or AM/PM,
 * as its locale has it): "by 14:30 today", "by 9:00 tomorrow", "by Tuesday 14:30". Only ever called in the browser
 * once the deadline's island has hydrated (src/web/results/DeliveryTime.tsx), so hydration never compares a time zone.
 */
export function deliveryTime(by: Date, now: Date, options: { locale?: string; timeZone?: string } = {}): string {
  const { locale, timeZone } = options;
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone }).format(by);
  const days = calendarDaysBetween(now, by, timeZone);
  if (days === 0) return `by ${time} today`;
  if (days === 1) return `by ${time} tomorrow`;
  // Within the coming week the weekday is unambiguous; further out (or a date gone by) it needs the date.
  const day = new Intl.DateTimeFormat(locale, days > 1 && days < 7 ? { weekday: "long", timeZone } : { weekday: "long", day: "numeric", month: "long", timeZone }).format(by);
  return `by ${day} ${time}`;
}

/** Whole calendar days from `from` to `to` in the time zone (0: the same day, 1: the next one). */
function calendarDaysBetween(from: Date, to: Date, timeZone: string | undefined): number {
  // en-CA writes dates as YYYY-MM-DD, whatever the customer's own locale.
  const day = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone });
  const midnight = (d: Date) => Date.parse(`${day.format(d)}T00:00:00Z`);
  return Math.round((midnight(to) - midnight(from)) / 86_400_000);
}
