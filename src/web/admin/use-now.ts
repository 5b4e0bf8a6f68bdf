import { useEffect, useState } from "react";

/** The current time, moving on every minute, so "5 h left" and "Sent 3 minutes ago" stay true while the page is open. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
