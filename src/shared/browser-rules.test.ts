/**
 * The results page checks its three fields in the browser without zod (issue 31's budget): each plain check must give
 * the same answer, in the same words, as the schema the API reads the same field with.
 */
import { describe, expect, test } from "bun:test";
import { revisionNotesProblem } from "./delivery/revision-rules.ts";
import { revisionRequestSchema } from "./delivery/revision-schema.ts";
import { MAX_EMAIL_LENGTH } from "./email.ts";
import { beforeAnswerSchema } from "./outcomes/answers.ts";
import { matchesProblem } from "./outcomes/questions.ts";
import { confirmationProblem } from "./privacy/confirmation-rules.ts";
import { confirmationSchema } from "./privacy/confirmation.ts";

const HOSTILE = `<script>alert(1)</script>`;
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error!.issues[0]!.message);

describe("the browser's checks agree with the API's schemas", () => {
  test("revision notes: empty, blank, short, at the limits, too long, hostile", () => {
    const inputs = ["", "   ", "Too short", "x".repeat(10), `  ${"x".repeat(9)}  `, "x".repeat(2000), "x".repeat(2001), ` ${"y".repeat(2000)} `, HOSTILE, "😀".repeat(5), "😀".repeat(10), "😀".repeat(2001)];
    for (const notes of inputs) expect(`${notes.length}: ${revisionNotesProblem(notes)}`).toBe(`${notes.length}: ${firstMessage(revisionRequestSchema.safeParse({ notes }))}`);
    expect(revisionNotesProblem("Too short")).toBe("Please describe what you would like changed in at least 10 characters");
  });

  test("the confirming address: empty, blank, at the limit, too long", () => {
    const inputs = ["", "  ", "a@b.c", "x".repeat(MAX_EMAIL_LENGTH), "x".repeat(MAX_EMAIL_LENGTH + 1), ` ${"x".repeat(MAX_EMAIL_LENGTH)} `, HOSTILE, "😀".repeat(MAX_EMAIL_LENGTH)];
    for (const email of inputs) expect(`${email.length}: ${confirmationProblem(email)}`).toBe(`${email.length}: ${firstMessage(confirmationSchema.safeParse({ email }))}`);
  });

  test("matches before: words, decimals, negatives, the limits", () => {
    const inputs = ["", " ", "lots", "12", " 12 ", "0", "999", "1000", "-1", "1.5", "1e3", "012", HOSTILE];
    for (const text of inputs) {
      const t = text.trim();
      const schema = firstMessage(beforeAnswerSchema.safeParse({ matches: /^\d+$/.test(t) ? Number(t) : text }));
      expect(`${text}: ${matchesProblem(text)}`).toBe(`${text}: ${schema}`);
    }
  });
});
