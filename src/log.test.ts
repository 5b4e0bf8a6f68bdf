import { describe, expect, test } from "bun:test";
import { consoleLogger, createConsoleLogger } from "./log.ts";

/** What the console received while `fn` ran, one string per call. */
function captured(fn: () => void): string[] {
  const written: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = console.error = (...args: unknown[]) => void written.push(args.map(String).join(" "));
  try {
    fn();
  } finally {
    [console.log, console.error] = [log, error];
  }
  return written;
}

interface Entry {
  time: string;
  level: string;
  msg: string;
  error?: { name?: string; code?: string; message: string; cause?: { message: string; cause?: unknown }; stack?: string[] };
}

describe("JSON logs (production)", () => {
  const json = createConsoleLogger("json");

  test("an entry is one JSON object on one line, whatever line breaks the message holds", () => {
    const message = "GET /x\r\n2026-01-01T00:00:00.000Z forged\u2028line\u0085next\u007f\u0000end";
    const [line] = captured(() => json.info(message));
    expect(line).not.toMatch(/[\x00-\x1f\x7f-\x9f\u2028\u2029]/);
    const entry = JSON.parse(line!) as Entry;
    expect(entry).toEqual({ time: entry.time, level: "info", msg: message });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
  });

  test("an error carries name, code, message, its cause and its own stack frames as a list", () => {
    const cause = new Error("disk\nfull");
    const err = Object.assign(new Error("could not save", { cause }), { code: "ENOSPC" });
    const [line] = captured(() => json.error("uploads: saving failed", err));
    expect(line!.split("\n")).toHaveLength(1);
    const entry = JSON.parse(line!) as Entry;
    expect(entry.level).toBe("error");
    expect(entry.msg).toBe("uploads: saving failed");
    expect(entry.error).toMatchObject({ name: "Error", code: "ENOSPC", message: "could not save", cause: { name: "Error", message: "disk\nfull" } });
    expect(entry.error!.stack!.length).toBeGreaterThan(0);
    expect(entry.error!.stack!.every((frame) => frame.startsWith("at "))).toBe(true);
  });

  test("a cause that is the error itself ends; thrown values that are not errors are shown", () => {
    const loop = new Error("loops");
    (loop as { cause?: unknown }).cause = loop;
    const lines = captured(() => {
      json.error("a", loop);
      json.error("b", "a plain string");
      json.error("c", { status: 500 });
      json.error("d");
    });
    const [looped, text, object, bare] = lines.map((line) => JSON.parse(line) as Entry);
    expect(looped!.error!.cause!.cause).toMatchObject({ message: "loops" });
    expect((looped!.error!.cause!.cause as { cause?: unknown }).cause).toBeUndefined();
    expect(text!.error).toEqual({ message: "a plain string" });
    expect(object!.error!.message).toContain("status: 500");
    expect(bare).toEqual({ time: bare!.time, level: "error", msg: "d" });
  });
});

describe("the console logger follows NODE_ENV", () => {
  test("JSON under production, the human line otherwise", () => {
    const before = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = "production";
      const [jsonLine] = captured(() => consoleLogger.info("hello"));
      expect(JSON.parse(jsonLine!)).toMatchObject({ level: "info", msg: "hello" });
      process.env.NODE_ENV = "development";
      const [textLine] = captured(() => consoleLogger.info("hello"));
      expect(textLine).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z hello$/);
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
