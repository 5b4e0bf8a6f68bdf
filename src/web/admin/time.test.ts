import { describe, expect, test } from "bun:test";
import { deadlineLeft, timeAgo } from "./time.ts";

const now = new Date("2026-07-14T12:00:00Z");
const before = (ms: number) => new Date(now.getTime() - ms);
const after = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;
const H = 60 * MIN;

describe("timeAgo", () => {
  test("just now, then minutes, hours and days", () => {
    expect(timeAgo(before(20_000), now)).toBe("just now");
    expect(timeAgo(before(MIN), now)).toBe("1 minute ago");
    expect(timeAgo(before(59 * MIN), now)).toBe("59 minutes ago");
    expect(timeAgo(before(3 * H + 10 * MIN), now)).toBe("3 hours ago");
    expect(timeAgo(before(50 * H), now)).toBe("2 days ago");
  });

  test("a clock slightly behind the server's reads as just now, not in the future", () => {
    expect(timeAgo(after(5_000), now)).toBe("just now");
  });
});

describe("deadlineLeft", () => {
  test("time left in minutes, hours, then days", () => {
    expect(deadlineLeft(after(5 * H + 30 * MIN), now)).toEqual({ text: "5 h left", overdue: false });
    expect(deadlineLeft(after(45 * MIN), now)).toEqual({ text: "45 min left", overdue: false });
    expect(deadlineLeft(after(10_000), now)).toEqual({ text: "1 min left", overdue: false });
    expect(deadlineLeft(after(47 * H), now)).toEqual({ text: "47 h left", overdue: false });
    expect(deadlineLeft(after(72 * H), now)).toEqual({ text: "3 d left", overdue: false });
  });

  test("past the deadline it is overdue", () => {
    expect(deadlineLeft(before(2 * H + 5 * MIN), now)).toEqual({ text: "overdue 2 h", overdue: true });
    expect(deadlineLeft(before(3 * MIN), now)).toEqual({ text: "overdue 3 min", overdue: true });
  });
});
