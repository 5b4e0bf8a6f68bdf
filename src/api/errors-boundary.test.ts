/**
 * Where HTTP errors may be thrown, read from the source. Domain code throws `DomainError` and knows no status codes
 * (only src/http/errors.ts maps its kinds), so a job or a script can call it; and a router never throws `ApiError`
 * from inside a database transaction: a refusal there belongs to a domain function, which says it in its own words.
 */
import { expect, test } from "bun:test";

const SRC = `${import.meta.dir}/..`;

async function sources(): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for await (const file of new Bun.Glob("**/*.{ts,tsx}").scan({ cwd: SRC })) {
    if (/\.test\.tsx?$/.test(file)) continue;
    out.push({ file, text: await Bun.file(`${SRC}/${file}`).text() });
  }
  return out;
}

/** The argument list of each `writeTransaction(` call: from its opening parenthesis to the matching closing one. */
function transactionBodies(text: string): string[] {
  const bodies: string[] = [];
  for (const match of text.matchAll(/\bwriteTransaction\(/g)) {
    let depth = 0;
    for (let i = match.index + match[0].length - 1; i < text.length; i++) {
      if (text[i] === "(") depth++;
      else if (text[i] === ")" && --depth === 0) {
        bodies.push(text.slice(match.index, i + 1));
        break;
      }
    }
  }
  return bodies;
}

test("ApiError is named only in src/http and the routers of src/api", async () => {
  const offenders = (await sources()).filter(({ file, text }) => !file.startsWith("http/") && !file.startsWith("api/") && /\bApiError\b/.test(text)).map((s) => s.file);
  expect(offenders).toEqual([]);
});

test("no router throws ApiError inside a database transaction", async () => {
  const offenders = (await sources()).filter(({ file, text }) => file.startsWith("api/") && transactionBodies(text).some((body) => /\bApiError\b/.test(body))).map((s) => s.file);
  expect(offenders).toEqual([]);
});

test("the transaction reader finds a throw inside a callback, nested calls included", () => {
  const router = `writeTransaction(db, (tx) => { const a = f(g(1)); if (!a) throw new ApiError(409, "x"); return a; });\nthrow new ApiError(400, "outside")`;
  expect(transactionBodies(router)).toHaveLength(1);
  expect(transactionBodies(router)[0]).toContain("ApiError(409");
  expect(transactionBodies(router)[0]).not.toContain("outside");
});
