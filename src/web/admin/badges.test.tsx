import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { DeadlineText, EmailBadge } from "./badges.tsx";

const now = new Date("2026-07-14T12:00:00Z");
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("EmailBadge", () => {
  test("spec: Sent (with relative time), Not Sent, Unknown", () => {
    expect(text(renderToStaticMarkup(<EmailBadge sent={true} sentAt="2026-07-14T09:00:00Z" now={now} />))).toBe("Sent 3 hours ago");
    expect(text(renderToStaticMarkup(<EmailBadge sent={true} sentAt={null} now={now} />))).toBe("Sent");
    expect(text(renderToStaticMarkup(<EmailBadge sent={false} sentAt={null} now={now} />))).toBe("Not Sent");
    expect(text(renderToStaticMarkup(<EmailBadge sent={null} sentAt={null} now={now} />))).toBe("Unknown");
  });
});

describe("DeadlineText", () => {
  test("time left, or overdue in the danger colour", () => {
    const left = renderToStaticMarkup(<DeadlineText deadline="2026-07-14T17:30:00Z" released={false} now={now} />);
    expect(text(left)).toBe("5 h left");
    expect(left).not.toContain("text-danger");
    const overdue = renderToStaticMarkup(<DeadlineText deadline="2026-07-14T09:45:00Z" released={false} now={now} />);
    expect(text(overdue)).toBe("overdue 2 h");
    expect(overdue).toContain("text-danger");
  });

  test("a dash, with words for a screen reader, once released or without a deadline (unpaid)", () => {
    expect(text(renderToStaticMarkup(<DeadlineText deadline="2026-07-14T09:45:00Z" released={true} now={now} />))).toBe("—Delivered");
    expect(text(renderToStaticMarkup(<DeadlineText deadline={null} released={false} now={now} />))).toBe("—No deadline");
  });
});
