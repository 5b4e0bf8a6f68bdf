/**
 * The process's log. In development (and tests) one human line per entry: `<ISO time> <message>`, errors as
 * `<time> ERROR <message> <Name>: <error message>` with the stack's own frames on the lines after. In production
 * (NODE_ENV=production) one JSON object per line, for journald, `docker logs` and log shippers:
 * `{"time","level","msg"}`, and for errors an `error` object with `name`, `code`, `message`, `cause` and `stack`
 * (the frames as an array, so the entry stays on its line).
 */
export interface Logger {
  info(message: string): void;
  error(message: string, err?: unknown): void;
}

export type LogFormat = "text" | "json";

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

/**
 * An error as the JSON log carries it; the stack keeps only its own frames, as in the text format, and a chain of
 * causes is followed three deep (a cause may be the error itself).
 */
function errorFields(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: typeof err === "string" ? err : Bun.inspect(err) };
  const code = (err as NodeJS.ErrnoException).code;
  const stack = (err.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
  return {
    name: err.name,
    ...(code ? { code } : {}),
    message: err.message,
    ...(err.cause === undefined || depth >= 2 ? {} : { cause: errorFields(err.cause, depth + 1) }),
    stack,
  };
}

/**
 * One JSON object as one line. JSON.stringify already escapes C0 controls (so `\n` can never end the line early);
 * DEL, C1 and the Unicode line and paragraph separators, which some readers also break lines on, are escaped too.
 */
function jsonLine(entry: Record<string, unknown>): string {
  return JSON.stringify(entry).replace(/[\x7f-\x9f\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const textLogger: Logger = {
  info: (message) => console.log(`${new Date().toISOString()} ${escapeControl(message)}`),
  error: (message, err) => console.error(`${new Date().toISOString()} ERROR ${escapeControl(message)}${err === undefined ? "" : ` ${describeError(err)}`}`),
};

const jsonLogger: Logger = {
  info: (message) => console.log(jsonLine({ time: new Date().toISOString(), level: "info", msg: message })),
  error: (message, err) =>
    console.error(jsonLine({ time: new Date().toISOString(), level: "error", msg: message, ...(err === undefined ? {} : { error: errorFields(err) }) })),
};

/** The console logger of one format, for the server and for tests of that format. */
export function createConsoleLogger(format: LogFormat): Logger {
  return format === "json" ? jsonLogger : textLogger;
}

/**
 * The console logger the environment asks for: JSON lines under NODE_ENV=production, the human format otherwise.
 * Decided at each entry, so modules that log without a context (the photo analyser's default) follow it too.
 */
export const consoleLogger: Logger = {
  info: (message) => createConsoleLogger(logFormat()).info(message),
  error: (message, err) => createConsoleLogger(logFormat()).error(message, err),
};

function logFormat(): LogFormat {
  return process.env.NODE_ENV === "production" ? "json" : "text";
}

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
