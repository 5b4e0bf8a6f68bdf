import { describe, expect, test } from "bun:test";
import { analyseText } from "./analyse.ts";
import { CORPUS, inputFor } from "./corpus.fixture.ts";
import { norm } from "./match.ts";
import { readRevision } from "./revision.ts";

const entry = (name: string) => CORPUS.find((e) => e.name === name)!;
const revise = (name: string, notes: string, plan: "basic" | "premium" | "elite" = "premium") =>
  analyseText(inputFor(entry(name), plan, { reason: "revision", revisionNotes: notes }));
const hasWord = (text: string, word: string) => ` ${norm(text)} `.includes(` ${norm(word)} `);

describe("reading a revision note", () => {
  test("recognises each request in one note", () => {
    const r = readRevision("Too long, please make it shorter. Also mention that I play cello, and don't mention my ex. Make it funnier!")!;
    expect(r.shorter).toBe(true);
    expect(r.tone).toBe("playful");
    expect(r.stated).toEqual(["I play cello."]);
    expect(r.leaveOut).toEqual(["ex"]);
    expect(r.unread).toEqual([]);
  });

  test("a plain noun to mention is an interest, a field name brings that field forward", () => {
    const r = readRevision("please add cello and mention my job")!;
    expect(r.things).toEqual(["cello"]);
    expect(r.focus).toEqual(["job"]);
  });

  test("what no rule recognises is kept for the editor", () => {
    expect(readRevision("make me sound sportier")!.unread).toEqual(["make me sound sportier"]);
  });

  test("a cliché or demand cannot be slipped in through a note", () => {
    expect(readRevision("mention that I love to travel")!.stated).toEqual([]);
  });
});

describe("a revision run", () => {
  const long = "tinder: 600 characters";

  test("shorter: the bio gets shorter and the notes say so", () => {
    const before = analyseText(inputFor(entry(long), "premium")).bio!.optimised;
    const after = revise(long, "It's too long, please make it shorter.").bio!;
    expect(after.optimised.length).toBeLessThan(before.length);
    expect(after.notes.join(" ")).toContain("You asked for it shorter");
  });

  test("a fact the customer states is added in their words", () => {
    const bio = revise(long, "Please mention that I play cello in a community orchestra.").bio!;
    expect(bio.optimised).toContain("I play cello in a community orchestra.");
    expect(bio.notes.join(" ")).toContain("Added, as you asked");
  });

  test("a thing to mention goes in as an interest, claiming nothing more", () => {
    const bio = revise("tinder: no bio, interests only", "please add cello").bio!.optimised;
    expect(bio).toContain("cello");
    expect(bio).not.toMatch(/play(s|ing)? (the )?cello/i);
  });

  test("leave out removes every line that mentions it, the wish included", () => {
    const r = revise("tinder: demands, and a dog the customer mentions", "Don't mention my dog please");
    expect(hasWord(r.bio!.optimised, "dog")).toBe(false);
    expect(hasWord(r.bio!.optimised, "dogs")).toBe(false);
    expect(r.conversationStarters.some((s) => hasWord(s, "dog"))).toBe(false);
  });

  test("tone: a funnier note changes our closing line, never adds claims", () => {
    const plain = analyseText(inputFor(entry("tinder: no bio, interests only"), "premium")).bio!.optimised;
    const funny = revise("tinder: no bio, interests only", "Can you make it funnier?").bio!;
    expect(funny.optimised).not.toBe(plain);
    expect(funny.notes.join(" ")).toContain("You asked for it funnier");
  });

  test("a request we cannot act on goes to the writer, not into a promise to the customer, and nothing is invented for it", () => {
    const r = revise("hinge: weak answers", "make me sound sportier", "elite");
    const notes = r.prompts.flatMap((p) => p.notes).join(" ");
    expect(notes).not.toMatch(/editor|writer|will read|by hand|your note/i);
    expect(r.analysis.summary).not.toMatch(/editor|writer|your note|revision/i);
    const marked = r.prompts.find((p) => p.needsWriter?.reason.includes("“make me sound sportier”"));
    expect(marked).toBeDefined();
    expect(r.needsWriter).not.toBeNull();
    for (const word of ["gym", "football", "tennis", "running", "sporty", "sportier"]) {
      expect(r.prompts.some((p) => p.rewritten && hasWord(p.optimised, word))).toBe(false);
    }
  });

  test("on Hinge (no bio) the notes go with the first rewritten answer", () => {
    const r = revise("hinge: weak answers", "mention that I coach an under-11s netball team", "premium");
    const first = r.prompts.find((p) => p.rewritten)!;
    expect(first.optimised).toContain("I coach an under-11s netball team.");
    expect(first.notes.join(" ")).toContain("Added, as you asked");
  });

  test("notes are ignored when the run is not a revision", () => {
    const input = inputFor(entry(long), "premium", { reason: "regenerate", revisionNotes: "mention that I play cello" });
    expect(analyseText(input).bio!.optimised).not.toContain("cello");
  });

  test("the summary never claims to follow the note: the local analyser cannot know that it did", () => {
    const r = revise(long, "shorter please, and mention that I play cello in a community orchestra");
    expect(r.analysis.summary).not.toMatch(/follows your note|revision|editor|writer/i);
  });

  test("a note claims a change only where the part changed that way", () => {
    // The bio already says it, so adding it changes nothing: no "Added, as you asked".
    const bio = "Nurse in Leeds. I play cello in a community orchestra. Tell me your favourite piece of music.";
    const kept = analyseText(inputFor({ app: "tinder", profile: { bio } }, "premium", { reason: "revision", revisionNotes: "Please mention that I play cello in a community orchestra." }));
    expect(kept.bio!.notes.join(" ")).not.toContain("Added, as you asked");
    // Nothing about a dog was there to leave out: no "Left out".
    const left = analyseText(inputFor({ app: "tinder", profile: { bio } }, "premium", { reason: "revision", revisionNotes: "Don't mention my dog." }));
    expect(left.bio!.notes.join(" ")).not.toContain("Left out");
  });

  test("a recognised request the text does not show is the writer's, named in the part's reason", () => {
    const bio = "Nurse in Leeds. I play cello in a community orchestra. Tell me your favourite piece of music.";
    const r = analyseText(inputFor({ app: "tinder", profile: { bio } }, "premium", { reason: "revision", revisionNotes: "Please mention my job." }));
    expect(r.bio!.notes.join(" ")).not.toMatch(/brought your job/i);
    expect(r.bio!.needsWriter?.reason).toContain("bring the job forward");
  });
});
