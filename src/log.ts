export interface Logger {
  info(message: string): void;
  error(message: string, err?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(`${new Date().toISOString()} ${message}`),
  error: (message, err) => console.error(`${new Date().toISOString()} ERROR ${message}`, err ?? ""),
};

export const silentLogger: Logger = { info() {}, error() {} };

/** Keeps what was logged, for tests that assert on it. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(message),
    error: (message, err) => lines.push(`ERROR ${message} ${err instanceof Error ? err.message : String(err ?? "")}`),
  };
}
