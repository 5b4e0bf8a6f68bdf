import { fairDeadline } from "./fair-clock.ts";

/**
 * Waits until `check` holds (read every `everyMs`), failing after `ms` of fair time with "timed out waiting for `what`".
 * For states outside the page (a database row, a file, a log line); a page's own state is read with `poll`.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, { ms = 20_000, everyMs = 50 }: { ms?: number; everyMs?: number } = {}): Promise<void> {
  const deadline = fairDeadline(ms);
  try {
    while (!(await check())) {
      if (deadline.passed()) throw new Error(`timed out waiting for ${what} (${ms / 1000} s)`);
      await Bun.sleep(everyMs);
    }
  } finally {
    deadline.release();
  }
}
