import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { allImports, runtimeImports } from "../testing/import-graph.ts";

/*
 * The layers of src/web, read from the import statements. `ui/` holds the shared parts and imports nothing else
 * from src/web; pages sit on top and only the route table reaches them; no folder depends on itself through another.
 * And the browser's share of the code is visible: everything the browser bundle reaches, type imports included, is in
 * src/web or src/shared, and src/shared (what an island may import) imports nothing else from src/ and no package but zod.
 */

const WEB = import.meta.dir;
const SRC = resolve(WEB, "..");
const SHARED = resolve(SRC, "shared");
const CLIENT = resolve(SRC, "client");
const SHELL_ENTRY = resolve(CLIENT, "shell.ts");
const ISLAND_LOADER = resolve(SRC, "client/islands.tsx");

const modulesIn = (dir: string) => [...new Glob("**/*.{ts,tsx}").scanSync(dir)].filter((f) => !/\.test\.tsx?$/.test(f)).map((f) => resolve(dir, f));
const sourceFiles = modulesIn(WEB);

function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const target = resolve(dirname(from), specifier);
  if (!existsSync(target)) throw new Error(`${relative(SRC, from)} imports ${specifier}, which does not exist`);
  return target;
}

/** A module's place in the layering: its folder under src/web, or the file itself for modules at the top level. */
const layerOf = (file: string) => relative(WEB, file).split(sep)[0]!;

/** layer → the layers it imports (type imports included: a type from a higher layer is a dependency too). */
function layerGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles) {
    const from = layerOf(file);
    for (const specifier of allImports(readFileSync(file, "utf8"), file)) {
      const target = resolveRelative(file, specifier);
      if (!target?.startsWith(WEB + sep)) continue;
      const to = layerOf(target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      // Remember one file per edge, to name it when a rule fails.
      graph.get(from)!.set(to, relative(WEB, file));
    }
  }
  return graph;
}

/** The first cycle found, as the layers along it ("profile → payments → profile"), or null. */
function findCycle(graph: Map<string, Map<string, string>>): string | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (layer: string): string | null => {
    if (state.get(layer) === "open") return [...path.slice(path.indexOf(layer)), layer].join(" → ");
    if (state.get(layer) === "done") return null;
    state.set(layer, "open");
    path.push(layer);
    for (const next of graph.get(layer)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(layer, "done");
    return null;
  };
  for (const layer of graph.keys()) {
    const cycle = visit(layer);
    if (cycle) return cycle;
  }
  return null;
}

/** The only packages the browser bundle may contain; anything else (hono, drizzle-orm, node:*, bun:*) is server code. */
const BROWSER_PACKAGES = new Set(["react", "react-dom", "react-router", "jotai", "zod", "@stripe/stripe-js"]);

/** "react-dom/client" → "react-dom", "@stripe/stripe-js" → itself, "node:fs" → "node:fs". */
const packageOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/** The modules that declare islands (`export const X = island(`): each is the start of a browser entry. */
const islandModules = sourceFiles.filter((f) => /export const \w+ = island\(/.test(readFileSync(f, "utf8")));

/** Every browser entry: the shell script on every page, the island loader, and each island. */
const ENTRIES = [SHELL_ENTRY, ISLAND_LOADER, ...islandModules];

/**
 * Every module reached from `starts` by `importsOf` (relative imports followed, packages not), each with the chain of
 * files that leads to it ("client/islands.tsx → web/… → …"), and every package named on the way, with its chain.
 */
function reach(starts: string[], importsOf: (code: string, file: string) => string[]) {
  const modules = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  const walk = (file: string, chain: string[]) => {
    if (modules.has(file)) return;
    const here = [...chain, relative(SRC, file)];
    modules.set(file, here);
    for (const specifier of importsOf(readFileSync(file, "utf8"), file)) {
      const target = resolveRelative(file, specifier);
      if (target) walk(target, here);
      else if (!packages.has(specifier)) packages.set(specifier, here);
    }
  };
  for (const start of starts) walk(start, []);
  return { modules, packages };
}

const inside = (dir: string, file: string) => file.startsWith(dir + sep);

describe("src/web layers", () => {
  const graph = layerGraph();

  test("the folders import one another without a cycle", () => {
    expect(findCycle(graph)).toBeNull();
  });

  test("ui/ imports nothing else from src/web", () => {
    expect([...(graph.get("ui") ?? new Map())].map(([to, file]) => `${file} → ${to}`)).toEqual([]);
  });

  test("only the route table and the app frame import pages", () => {
    const allowed = new Set(["routes.tsx", "App.tsx", "internal-page.tsx"]);
    const offenders = [...graph].filter(([from, to]) => !allowed.has(from) && to.has("pages")).map(([, to]) => to.get("pages"));
    expect(offenders).toEqual([]);
  });

  test("the browser reaches no server package", () => {
    expect(islandModules.length).toBeGreaterThan(0);
    const { packages } = reach(ENTRIES, runtimeImports);
    const server = [...packages].filter(([name]) => !BROWSER_PACKAGES.has(packageOf(name))).map(([name, chain]) => `${chain.join(" → ")} → ${name}`);
    expect(server).toEqual([]);
  });

  test("the shell script, on every page, reaches no package at all: no React on a page without islands", () => {
    // Its first load, that is: a toast carried over from the previous page loads the toaster (and React) on demand.
    const staticImports = (code: string) => new Bun.Transpiler({ loader: "ts" }).scanImports(code).filter((i) => i.kind !== "dynamic-import").map((i) => i.path);
    expect([...reach([SHELL_ENTRY], staticImports).packages.keys()]).toEqual([]);
  });
});

describe("the browser's share of src/", () => {
  test("everything the browser reaches, type imports included, is in src/web or src/shared", () => {
    const { modules } = reach(ENTRIES, allImports);
    const browserSide = (file: string) => inside(CLIENT, file) || inside(WEB, file) || inside(SHARED, file);
    // Only the first step out is named, with the chain that leads to it: what lies beyond it is the server's business.
    const outside = [...modules].filter(([file, chain]) => !browserSide(file) && browserSide(resolve(SRC, chain.at(-2)!))).map(([, chain]) => chain.join(" → "));
    expect(outside).toEqual([]);
  });

  test("src/shared imports nothing else from src/ and no package but zod, type imports included", () => {
    const offences = modulesIn(SHARED).flatMap((file) =>
      allImports(readFileSync(file, "utf8"), file)
        .filter((specifier) => {
          const target = resolveRelative(file, specifier);
          return target ? !inside(SHARED, target) : packageOf(specifier) !== "zod";
        })
        .map((specifier) => `${relative(SRC, file)} → ${specifier}`),
    );
    expect(offences).toEqual([]);
  });

  test("the rules above catch a server module reached through a type import", () => {
    // The scanner drops type-only imports; allImports must keep them, or the two tests above pass on anything.
    expect(allImports(`import type { DB } from "../db/client.ts";\nimport { x, type Y } from "./y.ts";`)).toEqual(["../db/client.ts", "./y.ts"]);
    expect(runtimeImports(`import type { DB } from "../db/client.ts";`)).toEqual([]);
  });
});
