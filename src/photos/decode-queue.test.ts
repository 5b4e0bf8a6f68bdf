import { describe, expect, test } from "bun:test";
import { FairQueue } from "./decode-queue.ts";

/** A job that runs until the test finishes it; records when it started. */
function controlledJob(name: string, log: string[]) {
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    job: () => {
      log.push(name);
      return done;
    },
    finish,
    fail,
  };
}

/** Lets every promise callback that is ready run (a finished job hands its slot on through a few of them). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("FairQueue", () => {
  test("a second client's job runs before the first client's 8 queued ones finish, and one client never holds both slots", async () => {
    const queue = new FairQueue({ slots: 2, perClient: 1 });
    const started: string[] = [];
    const a = Array.from({ length: 8 }, (_, i) => controlledJob(`a${i + 1}`, started));
    const aRuns = a.map((j) => queue.run("198.51.100.7", j.job));
    await settle();
    // The second slot stays free for someone else.
    expect(started).toEqual(["a1"]);
    expect(queue.queued).toBe(7);

    const b = controlledJob("b1", started);
    const bRun = queue.run("203.0.113.9", b.job);
    await settle();
    expect(started).toEqual(["a1", "b1"]);
    b.finish();
    expect(await bRun).toBe("b1");

    // The first client's photos then go one at a time, in order.
    for (let i = 0; i < 8; i++) {
      expect(started).toEqual(["a1", "b1", ...a.slice(1, i + 1).map((_, k) => `a${k + 2}`)]);
      a[i]!.finish();
      await settle();
    }
    expect(await Promise.all(aRuns)).toEqual(a.map((_, i) => `a${i + 1}`));
    expect(queue.queued).toBe(0);
  });

  test("waiting clients take turns, round-robin, whatever order their jobs were queued in", async () => {
    let now = 0;
    const queue = new FairQueue({ slots: 1, perClient: 1, now: () => now });
    const started: string[] = [];
    const blocker = controlledJob("x", started);
    const runs = [queue.run("x", blocker.job)];
    const jobs = new Map<string, ReturnType<typeof controlledJob>>();
    for (const name of ["a1", "a2", "a3", "b1", "b2", "b3", "c1"]) {
      const job = controlledJob(name, started);
      jobs.set(name, job);
      runs.push(queue.run(name[0]!, job.job));
    }
    await settle();
    // Every job holds its slot for 100 ms.
    now += 100;
    blocker.finish();
    for (let i = 0; i < 7; i++) {
      await settle();
      now += 100;
      jobs.get(started.at(-1)!)!.finish();
    }
    await Promise.all(runs);
    expect(started).toEqual(["x", "a1", "b1", "c1", "a2", "b2", "a3", "b3"]);
  });

  test("a client that has used the slots little lately goes ahead of one that has used them a lot; use fades with time", async () => {
    let now = 0;
    const queue = new FairQueue({ slots: 1, perClient: 1, halfLifeMs: 1000, now: () => now });
    const started: string[] = [];
    // The busy client has had ten decodes of 100 ms each; the customer arrives after it has queued ten more.
    for (let i = 0; i < 10; i++) {
      await queue.run("busy", async () => {
        now += 100;
      });
    }
    const blocker = controlledJob("blocker", started);
    const runs = [queue.run("other", blocker.job)];
    const busy = Array.from({ length: 10 }, (_, i) => controlledJob(`busy${i + 1}`, started));
    runs.push(...busy.map((j) => queue.run("busy", j.job)));
    const customer = ["c1", "c2"].map((name) => controlledJob(name, started));
    runs.push(...customer.map((j) => queue.run("customer", j.job)));
    await settle();
    const finish = async (job: ReturnType<typeof controlledJob>) => {
      now += 100;
      job.finish();
      await settle();
    };
    await finish(blocker);
    expect(started).toEqual(["blocker", "c1"]);
    await finish(customer[0]!);
    expect(started).toEqual(["blocker", "c1", "c2"]);
    await finish(customer[1]!);
    await finish(busy[0]!);
    expect(started.slice(3)).toEqual(["busy1", "busy2"]);

    // A minute later (60 half-lives) every client's use has faded and is forgotten, but the one just served.
    for (const j of busy.slice(1)) await finish(j);
    await Promise.all(runs);
    now += 60_000;
    await queue.run("someone", async () => {
      now += 100;
    });
    expect(queue.remembered).toBe(1);
  });

  test("two clients each get a slot at once; a free slot is never left idle while an allowed job waits", async () => {
    const queue = new FairQueue({ slots: 2, perClient: 1 });
    const started: string[] = [];
    const a = controlledJob("a", started);
    const b = controlledJob("b", started);
    const c = controlledJob("c", started);
    const runs = [queue.run("A", a.job), queue.run("B", b.job), queue.run("C", c.job)];
    await settle();
    expect(started).toEqual(["a", "b"]);
    a.finish();
    await settle();
    expect(started).toEqual(["a", "b", "c"]);
    b.finish();
    c.finish();
    await Promise.all(runs);
  });

  test("a job that fails rejects its own run and frees its slot for the next", async () => {
    const queue = new FairQueue({ slots: 1, perClient: 1, now: () => 0 });
    const started: string[] = [];
    const bad = controlledJob("bad", started);
    const next = controlledJob("next", started);
    const badRun = queue.run("A", bad.job);
    const nextRun = queue.run("A", next.job);
    await settle();
    bad.fail(new Error("corrupt PNG"));
    await expect(badRun).rejects.toThrow("corrupt PNG");
    await settle();
    expect(started).toEqual(["bad", "next"]);
    next.finish();
    expect(await nextRun).toBe("next");
  });
});
