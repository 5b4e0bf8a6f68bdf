import { describe, expect, test } from "bun:test";
import { PROFILE_STATUSES } from "../profiles/statuses.ts";
import { sampleInput, sampleResult } from "../../testing/optimisation.ts";
import { ACTION_STATES, ADMIN_STATES, FILTER_STATES, MOVING_STATES, RULES, resultSignals, reviewState, type AdminState, type ReviewFacts } from "./review-state.ts";

const base: ReviewFacts = { status: "completed", emailSent: false, needsRevision: false, refunded: false, mailQueued: false, needsWriter: false, flagged: false, fellBack: false };

describe("reviewState", () => {
  // Each row: the facts that differ from a completed, unsent, unflagged result; the state the admin sees.
  const TABLE: [Partial<ReviewFacts>, AdminState, string][] = [
    [{}, "awaiting_review", "a new result, read by no one yet"],
    [{ needsWriter: true }, "needs_attention", "the analyser could not write a better bio"],
    [{ flagged: true }, "needs_attention", "the AI answer failed the checks"],
    [{ needsWriter: true, flagged: true }, "needs_attention", "both"],
    [{ fellBack: true }, "ai_failed", "the AI service failed: a basic result is the local draft, to write from"],
    [{ fellBack: true, needsWriter: true }, "ai_failed", "the AI service failed: a premium result's parts are the local draft"],
    [{ fellBack: true, mailQueued: true }, "sending", "sent as the admin approved it"],
    [{ fellBack: true, emailSent: true }, "sent", "delivered: the fallback no longer asks for anything"],
    [{ fellBack: true, status: "processing" }, "in_progress", "regenerated after the failure"],
    [{ mailQueued: true }, "sending", "Send pressed, the job not run yet"],
    [{ mailQueued: true, needsWriter: true }, "sending", "sent as the admin approved it, writer flag or not"],
    [{ emailSent: true }, "sent", "delivered"],
    [{ emailSent: true, needsWriter: true, flagged: true }, "sent", "delivered: the flags no longer ask for anything"],
    [{ emailSent: true, mailQueued: true }, "sent", "the mail job's row not yet marked done"],
    [{ emailSent: false, needsRevision: true }, "awaiting_review", "a revision's new draft"],
    [{ emailSent: false, needsRevision: true, flagged: true }, "needs_attention", "a revision's new draft, flagged"],
    [{ emailSent: true, needsRevision: true }, "awaiting_review", "sent, then a revision asked for and made"],
    [{ status: "revision_requested", emailSent: true, needsRevision: true }, "revision_requested", "the customer asked for changes"],
    [{ status: "processing", needsRevision: true }, "in_progress", "the revision being made"],
    [{ status: "pending" }, "in_progress", "paid, queued"],
    [{ status: "processing" }, "in_progress", "being optimised"],
    [{ status: "failed" }, "failed", "the optimiser gave up"],
    [{ status: "failed", needsWriter: true }, "failed", "failed, an old result's flag ignored"],
    [{ status: "created" }, "awaiting_payment", "not paid"],
    [{ refunded: true }, "refunded", "refunded before sending"],
    [{ refunded: true, emailSent: true }, "refunded", "refunded after delivery: it no longer looks delivered"],
    [{ refunded: true, status: "revision_requested", needsRevision: true }, "refunded", "refunded with a revision waiting"],
    [{ refunded: true, status: "failed" }, "refunded", "refunded after failing"],
    [{ refunded: true, mailQueued: true }, "refunded", "refunded while an e-mail was queued (the job sends nothing)"],
  ];
  for (const [facts, state, why] of TABLE) {
    test(`${why}: ${state}`, () => expect(reviewState({ ...base, ...facts })).toBe(state));
  }

  test("every combination of facts: a refund always wins, only a completed result awaits review, every state is reachable", () => {
    const reached = new Set<AdminState>();
    const flags = ["emailSent", "needsRevision", "refunded", "mailQueued", "needsWriter", "flagged", "fellBack"] as const;
    for (const status of PROFILE_STATUSES) {
      for (let bits = 0; bits < 1 << flags.length; bits++) {
        const facts: ReviewFacts = { ...base, status };
        flags.forEach((f, i) => (facts[f] = (bits & (1 << i)) !== 0));
        const state = reviewState(facts);
        reached.add(state);
        if (facts.refunded) expect(state).toBe("refunded");
        else if (status !== "completed") expect(state).not.toBe("awaiting_review");
      }
    }
    expect([...reached].sort()).toEqual([...ADMIN_STATES].sort());
  });

  test("the lists of states: each state once; the admin's turn first, the filters in urgency order", () => {
    expect(new Set(ADMIN_STATES).size).toBe(ADMIN_STATES.length);
    expect(new Set(RULES.map(([s]) => s))).toEqual(new Set(ADMIN_STATES));
    expect(ADMIN_STATES.slice(0, ACTION_STATES.length)).toEqual([...ACTION_STATES]);
    expect(FILTER_STATES.map((s) => ADMIN_STATES.indexOf(s))).toEqual(FILTER_STATES.map((s) => ADMIN_STATES.indexOf(s)).sort((a, b) => a - b));
    for (const s of MOVING_STATES) expect(FILTER_STATES as readonly string[]).not.toContain(s);
  });
});

describe("resultSignals", () => {
  test("reads the stored result as it is: a part still to write for needsWriter, exactly true for checks.flagged, an untouched fallback", () => {
    const none = { needsWriter: false, flagged: false, fellBack: false };
    const premium = sampleResult(sampleInput("premium"));
    expect(resultSignals({ ...premium, checks: { flagged: true, problems: [] } })).toEqual({ ...none, needsWriter: true, flagged: true });
    // Basic is never held for a writer, whatever the machine said.
    expect(resultSignals({ ...sampleResult(sampleInput("basic")), needsWriter: { reason: "x" } })).toEqual(none);
    expect(resultSignals({ needsWriter: { reason: "x" }, checks: { flagged: true, problems: [] } })).toEqual({ ...none, flagged: true });
    expect(resultSignals({ needsWriter: null, checks: { flagged: false, problems: [] } })).toEqual(none);
    expect(resultSignals({ checks: null })).toEqual(none);
    expect(resultSignals({ needsWriter: "yes", checks: { flagged: "true" } })).toEqual(none);
    expect(resultSignals({ needsWriter: [], checks: { flagged: 1 } })).toEqual(none);
    for (const odd of [null, undefined, "text", 3, [], [{ needsWriter: {} }]]) expect(resultSignals(odd)).toEqual(none);
    // A fallback is the AI engine's failure until a person writes or keeps a part of its draft.
    const basic = sampleResult(sampleInput("basic"), { fallback: { reason: "The AI service failed 3 times." } });
    expect(resultSignals(basic)).toEqual({ ...none, fellBack: true });
    const at = new Date().toISOString();
    expect(resultSignals({ ...basic, editorial: { edited: ["bio"], recommendations: null, editedAt: at } })).toEqual(none);
    expect(resultSignals({ ...basic, editorial: { edited: [], recommendations: null, editedAt: at, stands: [{ part: "bio", reason: "Fine as it is.", by: "ann", at }] } })).toEqual(none);
    expect(resultSignals({ ...basic, editorial: { edited: "bio" } })).toEqual({ ...none, fellBack: true });
    expect(resultSignals({ fallback: "yes" })).toEqual(none);
  });
});
