import { describe, expect, test } from "bun:test";
import { deliveryTime } from "./delivery.ts";

// Tuesday 14 July 2026, 10:00 in London (09:00 UTC).
const now = new Date("2026-07-14T09:00:00Z");
const london = { locale: "en-GB", timeZone: "Europe/London" };

describe("deliveryTime", () => {
  test("today, tomorrow, then the weekday, in the customer's time zone and clock", () => {
    expect(deliveryTime(new Date("2026-07-14T13:30:00Z"), now, london)).toBe("by 14:30 today");
    expect(deliveryTime(new Date("2026-07-15T08:05:00Z"), now, london)).toBe("by 09:05 tomorrow");
    expect(deliveryTime(new Date("2026-07-16T09:00:00Z"), now, london)).toBe("by Thursday 10:00");
    expect(deliveryTime(new Date("2026-07-16T09:00:00Z"), now, { locale: "en-US", timeZone: "America/New_York" })).toBe("by Thursday 5:00 AM");
  });

  test("the calendar day is the customer's: 23:30 UTC is already tomorrow in Tokyo", () => {
    expect(deliveryTime(new Date("2026-07-14T23:30:00Z"), now, { locale: "en-GB", timeZone: "Asia/Tokyo" })).toBe("by 08:30 tomorrow");
  });

  test("a week or more away names the date", () => {
    expect(deliveryTime(new Date("2026-07-22T09:00:00Z"), now, london)).toBe("by Wednesday 22 July 10:00");
  });
});
