/**
 * The throughput and the at-risk estimate (issue 29, item 4) on a fixed queue and a fixed clock: Wednesday
 * 2026-11-25 10:00 UTC (the week began Monday 23rd).
 */
import { describe, expect, test } from "bun:test";
import type { PlanId } from "../shared/orders/plans.ts";
import { DEFAULT_MINUTES, periodStarts, throughput, type QueueItem, type SentRecord } from "./throughput.ts";

const NOW = new Date("2026-11-25T10:00:00Z");
const at = (iso: string) => new Date(`2026-11-${iso}Z`);
const minutesFromNow = (m: number) => new Date(NOW.getTime() + m * 60_000);

const sent = (writer: string, plan: PlanId, sentAt: string, minutes: number | null): SentRecord => ({
  writer,
  plan,
  sentAt: at(sentAt),
  claimedAt: minutes === null ? null : new Date(at(sentAt).getTime() - minutes * 60_000),
});
const queued = (profileId: string, plan: PlanId, deadlineInMinutes: number | null, claim: QueueItem["claim"] = null): QueueItem => ({
  profileId,
  plan,
  deadlineAt: deadlineInMinutes === null ? null : minutesFromNow(deadlineInMinutes),
  claim,
});

describe("per writer and plan", () => {
  test("today, this week and the median minutes from claim to send; untimed sends count but are not timed", () => {
    const answer = throughput({
      now: NOW,
      sends: [
        sent("sam", "premium", "25T09:00:00", 8),
        sent("sam", "premium", "25T09:30:00", 12),
        sent("sam", "premium", "24T15:00:00", 10),
        sent("sam", "premium", "23T00:00:00", 30),
        // Last week: in the median (30 days), not in this week's count.
        sent("sam", "premium", "20T12:00:00", 6),
        sent("sam", "elite", "25T08:00:00", null),
        sent("kim", "basic", "01T12:00:00", 4),
      ],
      queue: [],
      activeWriters: ["sam"],
    });
    expect(answer.writers).toEqual([
      { writer: "kim", plan: "basic", sentToday: 0, sentThisWeek: 0, medianMinutes: 4 },
      { writer: "sam", plan: "elite", sentToday: 1, sentThisWeek: 1, medianMinutes: null },
      { writer: "sam", plan: "premium", sentToday: 2, sentThisWeek: 4, medianMinutes: 10 },
    ]);
    expect(periodStarts(NOW)).toEqual({ day: Date.parse("2026-11-25T00:00:00Z"), week: Date.parse("2026-11-23T00:00:00Z") });
    // On a Sunday the week is the one that began on the Monday before.
    expect(periodStarts(new Date("2026-11-29T23:59:00Z")).week).toBe(Date.parse("2026-11-23T00:00:00Z"));
  });
});

describe("deadlines at risk", () => {
  // Two premium profiles, due in 25 and 30 minutes: one writer at 15 minutes each finishes them at 15 and 30; the
  // third, an elite due in 40 minutes, takes a writer 30 more.
  const queue = [queued("p-late", "premium", 30), queued("e", "elite", 40), queued("p-soon", "premium", 25), queued("b-none", "basic", null)];
  const history = [sent("sam", "premium", "25T09:00:00", 15), sent("kim", "premium", "25T09:20:00", 15), sent("kim", "elite", "25T08:00:00", 20)];

  test("no writer active today: every deadline in the queue is at risk, and the method says so", () => {
    const answer = throughput({ now: NOW, sends: history, queue, activeWriters: [] });
    expect(answer.estimate.atRisk.map((r) => [r.profileId, r.expectedAt, r.writer])).toEqual([
      ["p-soon", null, null],
      ["p-late", null, null],
      ["e", null, null],
    ]);
    expect(answer.estimate.queued).toBe(4);
    expect(answer.estimate.method).toContain("with no writer active today, every deadline in the queue is");
  });

  test("one writer: the queue in urgency order, their own medians; the elite deadline is missed", () => {
    const answer = throughput({ now: NOW, sends: history, queue, activeWriters: ["sam"] });
    // sam: p-soon done at +15, p-late at +30 (met), e at +30 + 30 (sam's elite default) = +60 > +40.
    expect(answer.estimate.atRisk).toEqual([{ profileId: "e", plan: "elite", deadlineAt: minutesFromNow(40).toISOString(), expectedAt: minutesFromNow(60).toISOString(), writer: "sam" }]);
    expect(answer.estimate.activeWriters).toEqual(["sam"]);
  });

  test("two writers: the deadline one writer misses is met", () => {
    const answer = throughput({ now: NOW, sends: history, queue, activeWriters: ["sam", "kim"] });
    // kim takes p-soon (+15) and then e (+35 with her 20-minute median); sam p-late (+15).
    expect(answer.estimate.atRisk).toEqual([]);
  });

  test("a profile being written now stays with its writer, less the time spent; defaults for a writer with no history", () => {
    const answer = throughput({
      now: NOW,
      sends: [],
      queue: [queued("claimed", "elite", 10, { by: "lee", since: minutesFromNow(-25) }), queued("next", "premium", 12)],
      activeWriters: ["lee"],
    });
    // lee: 5 minutes left of the 30-minute elite default (+5, met), then the premium default of 10 (+15 > +12).
    expect(answer.estimate.atRisk.map((r) => [r.profileId, r.expectedAt])).toEqual([["next", minutesFromNow(15).toISOString()]]);
    expect(answer.estimate.method).toContain(`${DEFAULT_MINUTES.basic} minutes for basic, ${DEFAULT_MINUTES.premium} for premium and ${DEFAULT_MINUTES.elite} for elite`);
    expect(answer.estimate.method.split(/\n/)).toHaveLength(1);
  });

  test("a deadline already past is at risk whoever works", () => {
    const answer = throughput({ now: NOW, sends: [], queue: [queued("late", "basic", -5)], activeWriters: ["sam", "kim"] });
    expect(answer.estimate.atRisk.map((r) => r.profileId)).toEqual(["late"]);
  });
});
