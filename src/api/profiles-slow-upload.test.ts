/**
 * Slow uplinks against a real listening server (Bun.serve over the app, as src/server.ts runs it) and a throttled
 * raw TCP client. Bun's idle timeout is set to 1 s here and the minimum-rate window to 1 s, so what takes minutes in
 * production (a 7 MB photo set at 10 KB/s) is shown in seconds: a slow but steady upload outlives the idle timeout,
 * one that stops or trickles is answered 408 and leaves nothing behind.
 */
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { photos, profiles } from "../db/schema.ts";
import { testApp, testContext } from "../testing/context.ts";
import { noisyJpeg } from "../testing/test-images.ts";
import { UPLOAD_STALLED } from "./profiles.ts";

const ctx = testContext({ UPLOAD_RATE_WINDOW_SECONDS: "1", UPLOAD_MIN_BYTES_PER_SECOND: "2048" });
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: testApp(ctx).fetch, idleTimeout: 1 });
afterAll(() => {
  server.stop(true);
  ctx.cleanup();
});

function uploadedFiles(): string[] {
  const root = ctx.config.uploadsDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" }).filter((p) => statSync(join(root, p)).isFile());
}
const rows = () => ({ profiles: ctx.store.db.select().from(profiles).all().length, photos: ctx.store.db.select().from(photos).all().length });

beforeEach(() => {
  ctx.store.sqlite.run("DELETE FROM photos");
  ctx.store.sqlite.run("DELETE FROM profiles");
  rmSync(ctx.config.uploadsDir, { recursive: true, force: true });
  ctx.log.lines.length = 0;
});

/** A three-photo submission as multipart/form-data: the request head (with its length) and the body. */
async function submission(photoSide = 110) {
  const boundary = "----slow-uplink-boundary";
  const part = (headers: string, data: Buffer | string) => [Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(data), Buffer.from("\r\n")];
  const profile = JSON.stringify({ email: "slow@example.com", dating_app: "tinder", bio: "Uploading from a field." });
  const parts = [part('Content-Disposition: form-data; name="profile"', profile)];
  for (let i = 0; i < 3; i++) {
    const jpeg = await noisyJpeg(photoSide, photoSide, { amplitude: 90, quality: 95 });
    parts.push(part(`Content-Disposition: form-data; name="photos"; filename="p${i}.jpg"\r\nContent-Type: image/jpeg`, jpeg));
  }
  const body = Buffer.concat([...parts.flat(), Buffer.from(`--${boundary}--\r\n`)]);
  const head = `POST /api/profiles HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return { head, body };
}

interface Answer {
  status: number;
  body: string;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/**
 * Sends `head`, then `body` in `chunk`-byte pieces every `everyMs` until `stopAfter` bytes (the client stalls there,
 * socket still open), and waits for the answer and the connection's end (at most `waitMs`).
 */
async function throttledPost(head: string, body: Buffer, { chunk, everyMs, stopAfter = body.length, waitMs = 15_000 }: { chunk: number; everyMs: number; stopAfter?: number; waitMs?: number }): Promise<Answer> {
  const socket = connect(server.port!, "127.0.0.1");
  let received = "";
  let closed = false;
  socket.on("data", (d) => (received += d.toString("latin1")));
  socket.on("error", () => {});
  const ended = new Promise<void>((resolve) => socket.on("close", () => ((closed = true), resolve())));
  socket.write(head);
  for (let sent = 0; sent < stopAfter && !closed && received === ""; sent += chunk) {
    socket.write(body.subarray(sent, Math.min(sent + chunk, stopAfter)));
    await Bun.sleep(everyMs);
  }
  const deadline = Date.now() + waitMs;
  while (!closed && !complete(received) && Date.now() < deadline) await Bun.sleep(20);
  // A kept-alive connection stays open after a complete answer; the server's own close is given a moment.
  await Promise.race([ended, Bun.sleep(300)]);
  socket.destroy();
  const [statusLine = "", ...rest] = received.split("\r\n");
  return { status: Number(statusLine.split(" ")[1] ?? 0), body: rest.join("\r\n").split("\r\n\r\n").slice(1).join("\r\n\r\n"), closed };
}

function complete(response: string): boolean {
  const end = response.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const length = /^content-length:\s*(\d+)/im.exec(response.slice(0, end))?.[1];
  return length !== undefined && Buffer.byteLength(response.slice(end + 4), "latin1") >= Number(length);
}

describe("POST /api/profiles from a slow uplink", () => {
  test("a steady upload at about 10 KB/s that outlasts Bun's idle timeout is stored", async () => {
    const { head, body } = await submission(150);
    // Bun checks its timeouts every 4 s, so a 1 s idle timeout ends an unanswered request at about 4 s: this upload
    // takes over 5 s, and would be cut off if the route did not lift the timeout.
    expect(body.length).toBeGreaterThan(52_000);
    const started = Date.now();
    const answer = await throttledPost(head, body, { chunk: 1024, everyMs: 100 });
    expect(Date.now() - started).toBeGreaterThan(5000);
    expect(answer.status).toBe(201);
    expect(rows()).toEqual({ profiles: 1, photos: 3 });
    expect(uploadedFiles()).toHaveLength(6);
  }, 30_000);

  test("a client that stops sending mid-photo gets a 408 with a clear message; no file, no row, no error logged", async () => {
    const { head, body } = await submission();
    const answer = await throttledPost(head, body, { chunk: 1024, everyMs: 50, stopAfter: Math.floor(body.length / 2) });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: UPLOAD_STALLED });
    expect(UPLOAD_STALLED).toBe("The upload stalled. Please check your connection and try again.");
    expect(answer.closed).toBe(true);
    expect(rows()).toEqual({ profiles: 0, photos: 0 });
    expect(uploadedFiles()).toEqual([]);
    expect(ctx.log.lines.filter((l) => l.startsWith("ERROR"))).toEqual([]);
    expect(ctx.log.lines.some((l) => /^POST \/api\/profiles 408 /.test(l))).toBe(true);
  });

  test("a trickle under the minimum rate (a slowloris, 500 bytes/s) gets a 408 and leaves nothing", async () => {
    const { head, body } = await submission();
    const answer = await throttledPost(head, body, { chunk: 100, everyMs: 200 });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: UPLOAD_STALLED });
    expect(rows()).toEqual({ profiles: 0, photos: 0 });
    expect(uploadedFiles()).toEqual([]);
  });

  test("a client that sends the head and no body at all gets a 408", async () => {
    const { head, body } = await submission();
    const answer = await throttledPost(head, body, { chunk: 1024, everyMs: 50, stopAfter: 0 });
    expect(answer.status).toBe(408);
    expect(uploadedFiles()).toEqual([]);
  });
});
