/**
 * Whose photo is decoded next. Decoding is the costly step of an upload (CPU and memory), so only a few run at once,
 * and the queue in front of them is fair across clients (the client address of src/http/client-address.ts, the key
 * the rate limits use):
 * - no client holds more than `perClient` of the slots, so one client's photos can never take them all;
 * - when a slot frees, the waiting client that has used the slots least in the recent past goes next (the time its
 *   jobs held a slot, halving every `halfLifeMs`); clients with equal use take turns in the order they came.
 * So a customer sending six phone photos goes ahead of clients that keep sending large ones, and clients that keep
 * sending take turns. Plain round-robin gave the customer one turn in nine among eight busy clients sending the
 * costliest photos the decode budget allowed: 12 s for an upload (scripts/bench-upload.ts, hostile-at-cap).
 */
export interface FairQueueOptions {
  slots: number;
  perClient: number;
  /** How fast a client's past use is forgotten. */
  halfLifeMs?: number;
  /** A clock in milliseconds; performance.now() by default. */
  now?: () => number;
}

interface Waiting {
  start: (startedAt: number) => void;
  /** Order of arrival, for turns between clients with equal use. */
  seq: number;
}

/** Below this many milliseconds a client's use is forgotten (with nothing waiting or running): it starts afresh. */
const FORGET_BELOW_MS = 1;

export class FairQueue {
  private readonly slots: number;
  private readonly perClient: number;
  private readonly halfLifeMs: number;
  private readonly now: () => number;
  private running = 0;
  private seq = 0;
  private readonly runningByClient = new Map<string, number>();
  private readonly waiting = new Map<string, Waiting[]>();
  /** Slot time used per client, decayed: the milliseconds and when they were last brought up to date. */
  private readonly used = new Map<string, { ms: number; at: number }>();

  constructor(options: FairQueueOptions) {
    this.slots = options.slots;
    this.perClient = options.perClient;
    this.halfLifeMs = options.halfLifeMs ?? 30_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Runs `job` once a slot is free and it is `client`'s turn; resolves or rejects as the job does. */
  async run<T>(client: string, job: () => Promise<T>): Promise<T> {
    const startedAt = await new Promise<number>((start) => {
      const entry = { start, seq: this.seq++ };
      const queue = this.waiting.get(client);
      if (queue) queue.push(entry);
      else this.waiting.set(client, [entry]);
      this.dispatch();
    });
    try {
      return await job();
    } finally {
      const now = this.now();
      this.used.set(client, { ms: this.use(client, now) + (now - startedAt), at: now });
      this.running--;
      const left = (this.runningByClient.get(client) ?? 1) - 1;
      if (left > 0) this.runningByClient.set(client, left);
      else this.runningByClient.delete(client);
      this.dispatch();
    }
  }

  /** Jobs waiting for a slot, all clients together. */
  get queued(): number {
    let n = 0;
    for (const queue of this.waiting.values()) n += queue.length;
    return n;
  }

  /** The number of clients whose past use is still remembered (memory is bounded by recent clients). */
  get remembered(): number {
    return this.used.size;
  }

  private dispatch(): void {
    const now = this.now();
    while (this.running < this.slots) {
      const client = this.nextClient(now);
      if (client === undefined) break;
      const queue = this.waiting.get(client)!;
      queue.shift()!.start(now);
      if (queue.length === 0) this.waiting.delete(client);
      this.running++;
      this.runningByClient.set(client, (this.runningByClient.get(client) ?? 0) + 1);
    }
    this.forgetIdle(now);
  }

  /** Among clients with a job waiting and a slot of their own to spare: the least recent use, then the earliest. */
  private nextClient(now: number): string | undefined {
    let best: { client: string; use: number; seq: number } | undefined;
    for (const [client, queue] of this.waiting) {
      if ((this.runningByClient.get(client) ?? 0) >= this.perClient) continue;
      const use = this.use(client, now);
      const seq = queue[0]!.seq;
      if (!best || use < best.use || (use === best.use && seq < best.seq)) best = { client, use, seq };
    }
    return best?.client;
  }

  private use(client: string, now: number): number {
    const u = this.used.get(client);
    return u ? u.ms * 0.5 ** ((now - u.at) / this.halfLifeMs) : 0;
  }

  private forgetIdle(now: number): void {
    for (const client of this.used.keys()) {
      if (this.waiting.has(client) || this.runningByClient.has(client)) continue;
      if (this.use(client, now) < FORGET_BELOW_MS) this.used.delete(client);
    }
  }
}
