/**
 * The import graph of a source tree, read from the files themselves, for the architecture tests
 * (src/architecture.test.ts). Type imports count: a type from another module is a dependency too, and a cycle made
 * of them still means neither module can be understood, or moved, without the other.
 */
import { Glob } from "bun";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";

const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };

/** The modules a file imports at run time (the parser drops type-only imports; comments and strings are no imports). */
export function runtimeImports(code: string, file = "x.ts"): string[] {
  return transpilers[file.endsWith(".tsx") ? "tsx" : "ts"].scanImports(code).map((i) => i.path);
}

/** The modules a file names, type-only imports included: without their `type` keyword the parser keeps them. */
export function allImports(code: string, file = "x.ts"): string[] {
  const untyped = code
    .replace(/\bimport\s+type\b(?=\s*[{*\w])/g, "import")
    .replace(/\bexport\s+type\s*(?=[{*])/g, "export ")
    .replace(/([{,]\s*)type\s+(?=[\w$])/g, "$1");
  return runtimeImports(untyped, file);
}

/** file → the files it imports, both relative to `root` with "/" separators; test files (`*.test.ts(x)`) are left out. */
export type ImportGraph = Map<string, string[]>;

export function importGraph(root: string): ImportGraph {
  const name = (file: string) => relative(root, file).split(sep).join("/");
  const graph: ImportGraph = new Map();
  for (const rel of new Glob("**/*.{ts,tsx}").scanSync(root)) {
    if (/\.test\.tsx?$/.test(rel)) continue;
    const file = resolve(root, rel);
    const targets = new Set<string>();
    for (const specifier of allImports(readFileSync(file, "utf8"), file)) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      if (!existsSync(target) || !statSync(target).isFile()) throw new Error(`${name(file)} imports ${specifier}, which does not exist`);
      if (/\.tsx?$/.test(target) && target.startsWith(root + sep)) targets.add(name(target));
    }
    graph.set(name(file), [...targets].sort());
  }
  return graph;
}

export interface ImportCycle {
  /** The shortest cycle through the group's first file, that file repeated at the end: ["a.ts", "b.ts", "a.ts"]. */
  cycle: string[];
  /** Every file of the group: each reaches every other through imports. */
  files: string[];
}

/** One cycle for each group of files that import one another (a strongly connected component); empty when none. */
export function findCycles(graph: ImportGraph): ImportCycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const strongConnect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) strongConnect(v);
  return groups.map((files) => ({ cycle: shortestCycle(graph, new Set(files), files[0]!), files })).sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** "a.ts → b.ts → a.ts", and the group's other files when the cycle does not pass through them all. */
export function describeCycle({ cycle, files }: ImportCycle): string {
  const others = files.filter((file) => !cycle.includes(file));
  return `${cycle.join(" → ")}${others.length ? ` (tangled with it: ${others.join(", ")})` : ""}`;
}

/** Breadth-first from `start` inside its group, back to `start`. */
function shortestCycle(graph: ImportGraph, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  throw new Error(`${start} is in an import cycle but no path leads back to it`);
}
