/**
 * Times as the dashboard shows them. Called only in the browser after the list arrives, so the server's markup never
 * holds a time that hydration would contradict.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago": the e-mail badge's "Sent …". */
export function timeAgo(at: Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - at.getTime());
  if (ms < MINUTE) return "just now";
  if (ms < HOUR) return relative.format(-Math.floor(ms / MINUTE), "minute");
  if (ms < DAY) return relative.format(-Math.floor(ms / HOUR), "hour");
  return relative.format(-Math.floor(ms / DAY), "day");
}

/** A span of time in the largest unit that keeps it readable: "45 min", "5 h", "3 d" (rounded down). */
function span(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.floor(ms / MINUTE))} min`;
  if (ms < 2 * DAY) return `${Math.floor(ms / HOUR)} h`;
  return `${Math.floor(ms / DAY)} d`;
}

/** The delivery deadline as time left ("5 h left") or past ("overdue 2 h"). */
export function deadlineLeft(deadline: Date, now: Date): { text: string; overdue: boolean } {
  const ms = deadline.getTime() - now.getTime();
  return ms >= 0 ? { text: `${span(ms)} left`, overdue: false } : { text: `overdue ${span(-ms)}`, overdue: true };
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A moment in the administrator's own time zone and clock. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
