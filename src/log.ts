export interface Logger {
  info(message: string): void;
  error(message: string, err?: unknown): void;
}

/**
 * Control characters (C0, DEL, C1, and Unicode's line and paragraph separators) written as escapes, so one log entry
 * is always one line: a path or a customer's text with `\r\n` in it cannot forge a line of its own.
 */
export function escapeControl(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f\u2028\u2029]/g, (ch) => ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
const ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** An error as the log shows it: name, code and message on the entry's line, then only the stack's own frames. */
function describeError(err: unknown): string {
  if (!(err instanceof Error)) return escapeControl(typeof err === "string" ? err : Bun.inspect(err));
  const code = (err as NodeJS.ErrnoException).code;
  const frames = (err.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .map((line) => `    ${escapeControl(line.trim())}`);
  const cause = err.cause === undefined ? "" : ` (cause: ${describeError(err.cause).split("\n")[0]})`;
  return [`${err.name}${code ? ` [${code}]` : ""}: ${escapeControl(err.message)}${cause}`, ...frames].join("\n");
}

export const consoleLogger: Logger = {
  info: (message) => console.log(`${new Date().toISOString()} ${escapeControl(message)}`),
  error: (message, err) => console.error(`${new Date().toISOString()} ERROR ${escapeControl(message)}${err === undefined ? "" : ` ${describeError(err)}`}`),
};

export const silentLogger: Logger = { info() {}, error() {} };

/** Keeps what was logged, for tests that assert on it; escaped as the console logger escapes it. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(escapeControl(message)),
    error: (message, err) => lines.push(escapeControl(`ERROR ${message} ${err instanceof Error ? err.message : String(err ?? "")}`)),
  };
}
