import { describe, expect, test } from "bun:test";
import { parseGuide, parseNumberedList } from "./markdown.ts";

describe("parseNumberedList", () => {
  test("reads the numbered list the optimiser writes and an admin edits", () => {
    expect(parseNumberedList("1. First?\n2. Second?\n\n3) Third?")).toEqual(["First?", "Second?", "Third?"]);
  });

  test("a line that starts no item continues the one before; bullets count as items", () => {
    expect(parseNumberedList("1. Ask about\nthe bakery\n- Or the hike")).toEqual(["Ask about the bakery", "Or the hike"]);
  });

  test("markup stays text", () => {
    expect(parseNumberedList("1. <img src=x onerror=alert(1)>")).toEqual(["<img src=x onerror=alert(1)>"]);
  });

  test("empty text has no starters", () => {
    expect(parseNumberedList("  \n")).toEqual([]);
  });
});

describe("parseGuide", () => {
  test("reads the guide the optimiser writes: title, sections, points", () => {
    expect(parseGuide("# Your Hinge plan\n\n## Timing\n- Be active in the evening.\n- Reply within a day.\n\n## Photos\n- Lead with a smile.")).toEqual([
      { kind: "title", text: "Your Hinge plan" },
      { kind: "heading", text: "Timing" },
      { kind: "list", ordered: false, items: ["Be active in the evening.", "Reply within a day."] },
      { kind: "heading", text: "Photos" },
      { kind: "list", ordered: false, items: ["Lead with a smile."] },
    ]);
  });

  test("paragraphs join their lines, numbered points make an ordered list, deeper headings are sections", () => {
    expect(parseGuide("Some words\nmore words\n\n### Steps ###\n1. One\n2. Two")).toEqual([
      { kind: "paragraph", text: "Some words more words" },
      { kind: "heading", text: "Steps" },
      { kind: "list", ordered: true, items: ["One", "Two"] },
    ]);
  });
});
