/**
 * Written once, said everywhere (issue 28, item 4): what one result has already said, so a later part refers to it
 * instead of saying it again. The bio and the answers are written first; a starter, a guide point or a prompt
 * suggestion that would repeat one of their lines (a sentence, or a clause between colons, brackets or quotation
 * marks, of three words or more; or a run of five words inside a longer line) is left out or worded as a reference
 * ("your first-date idea, in your answer to “…”"). Lines are compared with case, punctuation and apostrophes
 * ignored, and each text is split once: the cost grows with the result's length, not with its square.
 */

/** A line this short is a fact named again ("five-a-side"), not a line copied. */
const LINE_WORDS = 3;
/** A run this long inside a longer line is a copy ("My pitch: <their first-date idea>. Deal?"). */
const COPY_WORDS = 5;

/** Lowercase letters and digits, words separated by single spaces; apostrophes dropped ("I'm" is "im"). */
export function plain(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’‘`´ʼ]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A text's lines: each sentence, and each piece of one between colons, semicolons, brackets and quotation marks. */
export function linesOf(text: string): string[] {
  const out = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?…])\s+|\n+/u)) {
    for (const piece of [sentence, ...sentence.split(/[:;()“”"]|\s[–—-]\s/u)]) {
      const line = plain(piece);
      if (line && line.split(" ").length >= LINE_WORDS) out.add(line);
    }
  }
  return [...out];
}

export interface Said {
  /** Does this text repeat a line already said (the same line, or a run of five words or more either way)? */
  repeats(text: string): boolean;
  /** Record a text as said. */
  add(...texts: string[]): void;
  /** Is this fact (a first-date idea, a job title) already said, word for word, somewhere? */
  has(fact: string): boolean;
}

/**
 * What the given texts say; more can be added as later parts are written. `names`: the prompts' titles, which name a
 * part ("your answer to “My happy place is”") and are never a line of their own.
 */
export function said(texts: readonly string[] = [], names: readonly string[] = []): Said {
  const lines = new Set<string>();
  let whole = " ";
  const named = (text: string) => names.reduce((t, name, i) => t.replaceAll(`“${name}”`, `part${i + 1}`), text);
  const add = (...more: string[]) => {
    for (const text of more) {
      for (const line of linesOf(named(text))) lines.add(line);
      whole += `${plain(text)} | `;
    }
  };
  add(...texts);
  return {
    add,
    repeats(text) {
      const own = linesOf(named(text));
      if (own.some((l) => lines.has(l) || (l.split(" ").length >= COPY_WORDS && whole.includes(` ${l} `)))) return true;
      const mine = ` ${plain(text)} `;
      for (const l of lines) if (l.split(" ").length >= COPY_WORDS && mine.includes(` ${l} `)) return true;
      return false;
    },
    has(fact) {
      const f = plain(fact);
      return f.length > 0 && whole.includes(` ${f} `);
    },
  };
}
