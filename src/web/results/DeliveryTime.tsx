import { island } from "../island.tsx";
import { useHydrated } from "../ui/hydrated.ts";
import { deliveryTime } from "./delivery.ts";

/** "27 November 2026, 14:30 UTC": the deadline before the browser's own clock and time zone are known. */
function inUtc(by: Date): string {
  const date = by.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const time = by.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `by ${date}, ${time} UTC`;
}

/**
 * The deadline in the customer's own time ("by 14:30 today"). The server decides whether it has passed (`overdue`);
 * it and the browser's first render draw the deadline in UTC, and the browser then redraws it in its own time zone
 * and clock, so hydration never compares a time zone.
 */
function DeliveryTime({ by, overdue }: { by: string; overdue: boolean }) {
  const local = useHydrated();
  if (overdue) {
    return <span className="block text-sm text-muted-foreground">Taking a little longer than planned: we'll e-mail you as soon as it's ready.</span>;
  }
  const deadline = new Date(by);
  return (
    <time dateTime={by} className="block text-sm text-muted-foreground" data-testid="delivery-time">
      {local ? deliveryTime(deadline, new Date()) : inUtc(deadline)}
    </time>
  );
}

export const DeliveryTimeIsland = island("DeliveryTimeIsland", DeliveryTime);
