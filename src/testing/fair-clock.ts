/**
 * Time as a test gets it on a shared machine, for the browser tests' limits and waits: wall time counted at the share
 * of a core each runnable task has, `min(1, cores / runnable)`, sampled every 100 ms from the kernel's count of
 * runnable tasks (the fourth field of /proc/loadavg). On an idle machine it runs as fast as the wall clock; with twelve
 * tasks wanting two cores it runs at a sixth of it, so the time a test spends queueing for a core does not count
 * against its limit. A hang waits on something and wants no core: it is counted in full and fails on time.
 * Where /proc/loadavg cannot be read (not Linux) it is the wall clock.
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

export interface FairClock {
  /** Milliseconds of fair time since the clock was made (read between samples at the last sample's share). */
  now(): number;
  /** The share of a core a runnable task had at the last sample (1 when the machine is not oversubscribed). */
  share(): number;
  /** Keeps sampling while something waits; the returned function ends that hold (the sampler stops with the last). */
  hold(): () => void;
}

export interface FairClockSource {
  cores: number;
  /** Tasks that are running or waiting for a core right now, the reader itself included; undefined if unknown. */
  runnable(): number | undefined;
  /** The wall clock, in milliseconds. */
  wall(): number;
  tickMs?: number;
}

/** The kernel's count of runnable tasks, from /proc/loadavg ("0.52 0.58 0.59 3/467 12345"). */
export function runnableTasks(): number | undefined {
  try {
    const running = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[3]?.split("/")[0]);
    return Number.isFinite(running) && running > 0 ? running : undefined;
  } catch {
    return undefined;
  }
}

export function createFairClock({ cores, runnable, wall, tickMs = 100 }: FairClockSource): FairClock {
  let fair = 0;
  let last = wall();
  let share = 1;
  let holds = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const shareNow = () => {
    const tasks = runnable();
    return tasks === undefined ? 1 : Math.min(1, cores / Math.max(1, tasks));
  };
  const tick = () => {
    const at = wall();
    fair += (at - last) * share;
    last = at;
    share = shareNow();
  };
  return {
    now: () => fair + (wall() - last) * share,
    share: () => share,
    hold() {
      if (holds++ === 0) {
        // The time nobody watched counts at the last share seen; from here it is sampled.
        tick();
        timer = setInterval(tick, tickMs);
        (timer as { unref?: () => void }).unref?.();
      }
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        if (--holds === 0) {
          tick();
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}

/** This process's fair clock. */
export const fairClock = createFairClock({ cores: availableParallelism(), runnable: runnableTasks, wall: () => performance.now() });

/** How far past its limit, in wall time, a wait may stretch on a busy machine before it fails anyway. */
export const MAX_STRETCH = 4;

/**
 * A deadline of `ms` in fair time, and at most `ms * MAX_STRETCH` of wall time (a machine busy for good still ends
 * the wait). `release()` must be called when the wait is over.
 */
export function fairDeadline(ms: number, clock: FairClock = fairClock, wall: () => number = () => performance.now()) {
  const release = clock.hold();
  const fairStart = clock.now();
  const wallStart = wall();
  return {
    /** Fair milliseconds since the start. */
    fairElapsed: () => clock.now() - fairStart,
    /** Wall milliseconds since the start. */
    wallElapsed: () => wall() - wallStart,
    passed: () => clock.now() - fairStart >= ms || wall() - wallStart >= ms * MAX_STRETCH,
    release,
  };
}
