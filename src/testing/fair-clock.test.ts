import { describe, expect, test } from "bun:test";
import { availableParallelism } from "node:os";
import { createFairClock, fairClock, fairDeadline, MAX_STRETCH, runnableTasks } from "./fair-clock.ts";

/** A clock driven by hand: `advance(ms, runnable)` moves the wall clock with that many runnable tasks, sampled once. */
function manual(cores: number) {
  let wall = 0;
  let tasks: number | undefined = 1;
  const clock = createFairClock({ cores, runnable: () => tasks, wall: () => wall, tickMs: 60_000 });
  return {
    clock,
    wall: () => wall,
    /** Moves the wall clock on at the current share, then samples `next` tasks (as the sampler's tick does). */
    at(ms: number, next: number | undefined) {
      wall += ms;
      tasks = next;
    },
  };
}

describe("the fair clock: time counted at the share of a core a runnable task gets", () => {
  test("runs as the wall clock while no more tasks want a core than there are cores", () => {
    const m = manual(2);
    const release = m.clock.hold();
    m.at(1000, 2);
    expect(m.clock.now()).toBe(1000);
    release();
  });

  test("runs at cores / runnable when the machine is oversubscribed, and as the wall clock again after", () => {
    const m = manual(2);
    const release = m.clock.hold();
    // Samples are taken by the tick; release() takes one last sample, hold() the first.
    m.at(0, 8);
    release();
    const hold2 = m.clock.hold();
    const start = m.clock.now();
    m.at(4000, 8);
    // 4 s with 8 tasks on 2 cores: 1 s of fair time.
    expect(m.clock.now() - start).toBe(1000);
    expect(m.clock.share()).toBe(0.25);
    hold2();
  });

  test("is the wall clock where the count of runnable tasks cannot be read", () => {
    const m = manual(2);
    m.at(0, undefined);
    const release = m.clock.hold();
    m.at(2500, undefined);
    expect(m.clock.now()).toBe(2500);
    release();
  });

  test("a deadline passes after its time in fair time, or after MAX_STRETCH times it on the wall clock", () => {
    const m = manual(2);
    m.at(0, 2);
    const idle = fairDeadline(1000, m.clock, m.wall);
    m.at(999, 2);
    expect(idle.passed()).toBe(false);
    m.at(1, 2);
    expect(idle.passed()).toBe(true);
    idle.release();

    m.at(0, 20);
    const busy = fairDeadline(1000, m.clock, m.wall);
    // With 20 tasks on 2 cores a wall second is a tenth of a fair one: not passed after 2 s …
    m.at(2000, 20);
    expect(busy.passed()).toBe(false);
    expect(busy.fairElapsed()).toBeCloseTo(200);
    // … but passed after MAX_STRETCH seconds of wall time, however busy the machine.
    m.at(1000 * MAX_STRETCH - 2000, 20);
    expect(busy.passed()).toBe(true);
    busy.release();
  });

  test.skipIf(process.platform !== "linux")("on this machine, with twice as many busy processes as cores, it runs at well under the wall clock's pace", async () => {
    const hogs = Array.from({ length: availableParallelism() * 2 + 1 }, () => Bun.spawn([process.execPath, "-e", "for (;;) {}"], { stdout: "ignore", stderr: "ignore" }));
    try {
      await Bun.sleep(100);
      const deadline = fairDeadline(60_000, fairClock);
      await Bun.sleep(500);
      const fair = deadline.fairElapsed();
      const wall = deadline.wallElapsed();
      deadline.release();
      // At most cores / (2 * cores + 1) of a core each: under half the wall clock's pace, whatever else runs.
      expect(fair).toBeLessThan(wall * 0.6);
      expect(fair).toBeGreaterThan(0);
    } finally {
      for (const hog of hogs) hog.kill();
      await Promise.all(hogs.map((h) => h.exited));
    }
  });

  test("the process's reading of /proc/loadavg is a positive count on Linux", () => {
    const tasks = runnableTasks();
    if (process.platform === "linux") expect(tasks).toBeGreaterThanOrEqual(1);
    else expect(tasks).toBeUndefined();
  });
});
