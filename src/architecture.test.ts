/**
 * Which way the wiring of src/ points, read from the import statements (type imports included). No module reaches
 * itself through others; the job loop and queue (src/jobs) know no feature, which declares its own kinds and is
 * bound to them in src/background.ts; the order module knows neither delivery nor mail (what a payment sets in
 * motion is src/fulfilment/order-paid.ts); and the context carries interfaces, never the services' implementations.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempDir } from "./testing/context.ts";
import { describeCycle, findCycles, importGraph, runtimeImports, type ImportGraph } from "./testing/import-graph.ts";

const SRC = import.meta.dir;

/** "from → to" for every import of a file under `from` that `forbidden` refuses. */
function offending(graph: ImportGraph, from: string, forbidden: (target: string) => boolean): string[] {
  return [...graph]
    .filter(([file]) => file.startsWith(from))
    .flatMap(([file, targets]) => targets.filter(forbidden).map((target) => `${file} → ${target}`));
}

describe("the wiring of src/", () => {
  const graph = importGraph(SRC);

  test("no import cycle among the modules (type imports count)", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(findCycles(graph).map(describeCycle)).toEqual([]);
  });

  test("src/jobs imports nothing but itself, the database and the logger: no feature", () => {
    const infrastructure = (target: string) => target.startsWith("jobs/") || target.startsWith("db/") || target === "errors.ts" || target === "shared/error-message.ts" || target === "log.ts";
    expect(graph.get("jobs/loop.ts")).toContain("db/client.ts");
    expect(offending(graph, "jobs/", (target) => !infrastructure(target))).toEqual([]);
  });

  test("src/orders imports neither delivery nor mail", () => {
    expect(offending(graph, "orders/", (target) => target.startsWith("delivery/") || target.startsWith("mail/"))).toEqual([]);
  });

  test("the context and the services' interfaces import no implementation: only types", () => {
    for (const file of ["context.ts", "mail/mailer.ts", "optimiser/optimiser.ts", "payments/payments.ts", "payments/provider.ts"]) {
      expect({ file, imports: runtimeImports(readFileSync(join(SRC, file), "utf8")) }).toEqual({ file, imports: [] });
    }
  });
});

describe("the cycle finder", () => {
  const dir = tempDir("import-graph-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), code);
    }
  };

  test("finds a cycle made of type imports across folders, names its files, and ignores test files", () => {
    write({
      "a.ts": `import type { B } from "./b/b.ts";\nexport type A = B;\n`,
      "b/b.ts": `import { type C } from "../c.tsx";\nexport type B = C;\n`,
      "c.tsx": `import type { A } from "./a.ts";\nexport type C = A | number;\nexport const X = <b />;\n`,
      "d.ts": `import { X } from "./c.tsx";\nexport const D = X;\n`,
      "d.test.ts": `import { D } from "./d.ts";\nimport "./e.test.ts";\n`,
      "e.test.ts": `import "./d.test.ts";\n`,
    });
    const graph = importGraph(dir);
    expect([...graph.keys()].sort()).toEqual(["a.ts", "b/b.ts", "c.tsx", "d.ts"]);
    expect(findCycles(graph).map(describeCycle)).toEqual(["a.ts → b/b.ts → c.tsx → a.ts"]);
  });

  test("one shortest cycle for each group of files tangled together; a module importing itself is one too", () => {
    const graph: ImportGraph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "a.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts", "e.ts"]],
      ["e.ts", ["f.ts"]],
      ["f.ts", ["e.ts"]],
      ["g.ts", ["g.ts"]],
    ]);
    expect(findCycles(graph)).toEqual([
      { cycle: ["a.ts", "b.ts", "a.ts"], files: ["a.ts", "b.ts", "c.ts"] },
      { cycle: ["e.ts", "f.ts", "e.ts"], files: ["e.ts", "f.ts"] },
      { cycle: ["g.ts", "g.ts"], files: ["g.ts"] },
    ]);
    expect(findCycles(graph).map(describeCycle)).toEqual(["a.ts → b.ts → a.ts (tangled with it: c.ts)", "e.ts → f.ts → e.ts", "g.ts → g.ts"]);
    expect(findCycles(new Map([["a.ts", ["b.ts"]], ["b.ts", []]]))).toEqual([]);
  });

  test("an import of a file that does not exist is an error, not a missing edge", () => {
    write({ "broken/x.ts": `import { y } from "./y.ts";\nexport const x = y;\n` });
    expect(() => importGraph(join(dir, "broken"))).toThrow(/x\.ts imports \.\/y\.ts, which does not exist/);
  });
});
