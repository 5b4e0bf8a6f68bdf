/**
 * The documentation holds together: every relative link in README.md and docs/**\/*.md names a file that exists (and a
 * heading of it, when it names one), every docs/….md that a comment in src/, scripts/, deploy/ or the Dockerfile
 * names exists, and the decision records and their index (docs/decisions/README.md) match one to one, each record in
 * the shape the index describes.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const DECISIONS = join(ROOT, "docs", "decisions");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return /\.(ts|tsx)$/.test(name) && path !== import.meta.path ? [path] : [];
  });
}

/** The text a reader sees as prose: fenced blocks and inline code hold examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** Link targets of `[text](target)`, skipping images' remote sources and absolute URLs. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .replace(/`/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(markdown: string): Set<string> {
  return new Set([...prose(markdown).matchAll(/^#{1,6} +(.+?) *$/gm)].map((match) => anchor(match[1]!)));
}

const pages = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];

describe("documentation links", () => {
  test("README.md and the pages under docs/ are all read", () => {
    expect(pages.length).toBeGreaterThan(100);
  });

  test("every relative link names a file that exists, and a heading of it when it names one", () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(page, "utf8");
      for (const target of relativeLinks(text)) {
        const [path = "", hash] = target.split("#");
        const file = path === "" ? page : resolve(dirname(page), decodeURIComponent(path));
        const where = `${relative(ROOT, page)} → ${target}`;
        if (!existsSync(file)) {
          broken.push(`${where} (no such file)`);
        } else if (hash && file.endsWith(".md") && !anchors(readFileSync(file, "utf8")).has(hash)) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("documentation named in code", () => {
  const sources = [
    ...["src", "scripts"].flatMap((dir) => codeFiles(join(ROOT, dir))),
    ...readdirSync(join(ROOT, "deploy")).map((name) => join(ROOT, "deploy", name)),
    join(ROOT, "Dockerfile"),
  ];

  test("every docs/….md a comment names exists", () => {
    const missing = sources.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bdocs\/[\w./-]+?\.md\b/g)]
        .map((match) => match[0])
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${relative(ROOT, file)} → ${path}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("decision records", () => {
  const index = readFileSync(join(DECISIONS, "README.md"), "utf8");
  // An entry ends with its record's link, or with "(superseded by [NNN](NNN-slug.md))" when the record's status says so.
  const entries = [...index.matchAll(/^- (\d{3})\. \[(.+?)\]\((\d{3}-[a-z0-9-]+\.md)\)(?: \(superseded by (\[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\))\))?$/gm)].map((match) => ({
    number: match[1]!,
    title: match[2]!,
    file: match[3]!,
    supersededBy: match[4],
  }));
  const records = readdirSync(DECISIONS)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .sort();

  test("the index lists every record once, in order, numbered from 001 without a gap", () => {
    expect(entries.length).toBeGreaterThanOrEqual(102);
    expect(entries.map((entry) => entry.file)).toEqual(records);
    expect(entries.map((entry) => Number(entry.number))).toEqual(entries.map((_, i) => i + 1));
    for (const entry of entries) expect(entry.file.startsWith(`${entry.number}-`)).toBe(true);
  });

  test("each record has its number and title, a status, then context, decision and consequences", () => {
    for (const { number, title, file, supersededBy } of entries) {
      const text = readFileSync(join(DECISIONS, file), "utf8");
      const lines = text.split("\n");
      expect(`${file}: ${lines[0]}`).toBe(`${file}: # ${number}. ${title}`);
      // Accepted, or superseded by the record the index names beside it.
      expect(`${file}: ${lines[2]}`).toBe(`${file}: Status: ${supersededBy ? `superseded by ${supersededBy}` : "accepted"}`);
      const sections = lines.filter((line) => line.startsWith("## "));
      expect(`${file}: ${sections.join(" | ")}`).toBe(`${file}: ## Context | ## Decision | ## Consequences`);
    }
  });
});
