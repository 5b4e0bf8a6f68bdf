/**
 * Mail about a customer in the outbox folder (OUTBOX_DIR, where every e-mail is written as an `.eml` file when
 * SMTP_URL is unset), removed on erasure: a message goes when any of the given words (the address, the profile id)
 * appears anywhere in it, headers or body, after its encodings are undone (quoted-printable may break a word across
 * lines, base64 hides it whole). With SMTP the folder is empty and what was sent is in the recipients' mailboxes.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/** The `.eml` files in `dir` that mention one of `words` (compared without case), as paths. */
export function findOutboxMail(dir: string, words: string[]): string[] {
  const needles = words.map((w) => w.trim().toLowerCase()).filter(Boolean);
  if (needles.length === 0) return [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  return names
    .filter((name) => name.endsWith(".eml") || name.endsWith(".eml.tmp"))
    .map((name) => join(dir, name))
    .filter((path) => {
      const text = searchableText(readFileSync(path, "latin1"));
      return needles.some((n) => text.includes(n));
    });
}

/** Removes every `.eml` file in `dir` that mentions one of `words`; answers how many. */
export function removeOutboxMail(dir: string, words: string[]): number {
  const found = findOutboxMail(dir, words);
  for (const path of found) rmSync(path, { force: true });
  return found.length;
}

/** The message as written, plus its quoted-printable, base64 and encoded-word parts decoded; lower case. */
export function searchableText(raw: string): string {
  const utf8 = (bytes: Buffer) => bytes.toString("utf8");
  const quotedPrintable = utf8(Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1"));
  const base64Blocks = [...raw.matchAll(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n)+/gm)].map((m) => utf8(Buffer.from(m[0].replace(/\s+/g, ""), "base64")));
  const encodedWords = [...raw.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)].map(([, encoding, data = ""]) =>
    encoding!.toUpperCase() === "B" ? utf8(Buffer.from(data, "base64")) : data.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
  return [raw, quotedPrintable, ...base64Blocks, ...encodedWords].join("\n").toLowerCase();
}
