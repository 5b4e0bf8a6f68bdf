import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { ADMIN_STATES } from "../../shared/admin/review-state.ts";
import { DeadlineText, EmailBadge, STATE_LABELS, StateBadge, StatusAndState } from "./badges.tsx";

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
  test("time left, or overdue in the danger colour, while something is due", () => {
    const left = renderToStaticMarkup(<DeadlineText deadline="2026-07-14T17:30:00Z" state="awaiting_review" now={now} />);
    expect(text(left)).toBe("5 h left");
    expect(left).not.toContain("text-danger");
    const overdue = renderToStaticMarkup(<DeadlineText deadline="2026-07-14T09:45:00Z" state="needs_attention" now={now} />);
    expect(text(overdue)).toBe("overdue 2 h");
    expect(overdue).toContain("text-danger");
    for (const state of ["failed", "revision_requested", "sending", "in_progress"] as const) {
      expect([state, text(renderToStaticMarkup(<DeadlineText deadline="2026-07-14T17:30:00Z" state={state} now={now} />))]).toEqual([state, "5 h left"]);
    }
  });

  test("a dash, with words for a screen reader, once delivered or refunded, or without a deadline (unpaid)", () => {
    expect(text(renderToStaticMarkup(<DeadlineText deadline="2026-07-14T09:45:00Z" state="sent" now={now} />))).toBe("—Delivered");
    expect(text(renderToStaticMarkup(<DeadlineText deadline="2026-07-14T09:45:00Z" state="refunded" now={now} />))).toBe("—Refunded");
    expect(text(renderToStaticMarkup(<DeadlineText deadline={null} state="awaiting_payment" now={now} />))).toBe("—No deadline");
    expect(text(renderToStaticMarkup(<DeadlineText deadline={null} state="in_progress" now={now} />))).toBe("—No deadline");
  });
});

describe("StateBadge", () => {
  test("every state has its own label, in words an administrator reads", () => {
    const labels = ADMIN_STATES.map((state) => text(renderToStaticMarkup(<StateBadge state={state} />)));
    expect(labels).toEqual(ADMIN_STATES.map((s) => STATE_LABELS[s]));
    expect(new Set(labels).size).toBe(ADMIN_STATES.length);
    expect(STATE_LABELS).toMatchObject({ awaiting_review: "Awaiting Review", needs_attention: "Needs Writer or Flagged", ai_failed: "AI Failed: Write from Local Draft", sent: "Sent", refunded: "Refunded" });
    expect(renderToStaticMarkup(<StateBadge state="sent" />)).toContain('data-state="sent"');
  });
});

describe("StatusAndState: one badge per state in the list", () => {
  const badges = (html: string) => [...html.matchAll(/<span[^>]*>([^<]*)<\/span>/g)].map((m) => m[1]);

  test("a refunded profile shows only Refunded, never struck through, never beside Completed", () => {
    const html = renderToStaticMarkup(<StatusAndState status="completed" state="refunded" />);
    expect(badges(html)).toEqual(["Refunded"]);
    expect(html).not.toContain("line-through");
    expect(html).toContain('data-status="completed"');
    expect(html).toContain('data-state="refunded"');
  });

  test("a state that says what the status says is one badge; otherwise the status and the state", () => {
    expect(badges(renderToStaticMarkup(<StatusAndState status="failed" state="failed" />))).toEqual(["Failed"]);
    expect(badges(renderToStaticMarkup(<StatusAndState status="revision_requested" state="revision_requested" />))).toEqual(["Revision Requested"]);
    expect(badges(renderToStaticMarkup(<StatusAndState status="completed" state="sent" />))).toEqual(["Completed", "Sent"]);
    expect(badges(renderToStaticMarkup(<StatusAndState status="pending" state="in_progress" />))).toEqual(["Pending", "In Progress"]);
  });

  test("no state badge is struck through", () => {
    for (const state of ADMIN_STATES) expect([state, renderToStaticMarkup(<StateBadge state={state} />).includes("line-through")]).toEqual([state, false]);
  });
});
