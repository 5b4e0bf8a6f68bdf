/**
 * Page-serving benchmark (issue 14, cached marketing pages): requests per second and latency for `/` and `/pricing`
 * beside a static file of the same bytes served by the same process, side by side in one run, and each page's ratio
 * to its static twin. Target: at least 0.8. Two reference rows show what the figures mean: `/pricing` with a query
 * string (rendered by React per request, as every page was before the cache) and `/` as a browser asks for it (brotli).
 *
 *   bun scripts/bench-ssr.ts [--seconds 10] [--concurrency 32]
 *
 * How it measures: the real server (`src/server.ts`, NODE_ENV=production, built assets, its log written to a file as
 * journald would take it) runs as its own process on a temp database. The static twins are the pages' own bytes,
 * written for the run into public/ (removed afterwards) and served by the same process's static-file route. The load
 * comes from this process: `--concurrency` keep-alive HTTP/1.1 connections over raw sockets, each sending its next
 * request as soon as the previous response is complete (no fetch, no body parsing: light, but it shares the machine's
 * cores with the server, so the figures are a floor). Requests ask for no compression: the static route compresses
 * per request when asked, which would not be a ceiling. Each target gets a one-second warm-up, then `--seconds` of
 * measurement. The load average before and after is printed, since other work on the machine moves the figures.
 */
import type { Socket } from "bun";
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, cpus } from "node:os";
import { join } from "node:path";
import { buildAssets } from "./build.ts";
import { MANIFEST_PATH, PUBLIC_DIR, ROOT_DIR } from "../src/ssr/assets.ts";
import { freePort } from "../src/testing/server.ts";
import { tempDir } from "../src/testing/context.ts";

const TARGET_RATIO = 0.8;
const WARM_UP_SECONDS = 1;

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
};
const SECONDS = option("seconds", 10);
const CONCURRENCY = option("concurrency", 32);

interface Target {
  label: string;
  path: string;
  headers?: Record<string, string>;
  /** The row this one is compared with. */
  twinOf?: string;
}

interface Result {
  requests: number;
  errors: number;
  bytes: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const dir = tempDir("bench-ssr-");
const twins: string[] = [];
let server: ReturnType<typeof Bun.spawn> | undefined;

function cleanup() {
  for (const file of twins) rmSync(file, { force: true });
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

try {
  try {
    readFileSync(MANIFEST_PATH);
  } catch {
    console.log("no built assets: building them");
    await buildAssets();
  }
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await startProductionServer(port);

  const pages = [
    { label: "/", path: "/" },
    { label: "/pricing", path: "/pricing" },
  ];
  const targets: Target[] = [];
  for (const page of pages) {
    const res = await fetch(`${base}${page.path}`, { headers: { "Accept-Encoding": "identity" } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200 || res.headers.get("content-encoding")) throw new Error(`${page.path}: ${res.status} ${res.headers.get("content-encoding") ?? ""}`);
    const name = `bench-ssr-${process.pid}${page.path === "/" ? "-home" : page.path.replaceAll("/", "-")}.html`;
    const file = join(PUBLIC_DIR, name);
    writeFileSync(file, bytes);
    twins.push(file);
    const twinLabel = `static twin of ${page.label} (${bytes.byteLength} B)`;
    targets.push({ label: twinLabel, path: `/${name}` }, { label: `${page.label} (${bytes.byteLength} B)`, path: page.path, twinOf: twinLabel });
  }
  targets.push(
    { label: "reference: /pricing?ref=bench, rendered per request", path: "/pricing?ref=bench" },
    { label: "reference: / with Accept-Encoding: br (browsers)", path: "/", headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } },
  );

  const before = loadavg();
  console.log(`bench-ssr: ${cpus().length} CPU(s), load average ${fmtLoad(before)}; ${CONCURRENCY} connections, ${WARM_UP_SECONDS} s warm-up + ${SECONDS} s per target`);
  const results = new Map<string, Result>();
  for (const target of targets) {
    await load(port, target, WARM_UP_SECONDS);
    const result = await load(port, target, SECONDS);
    results.set(target.label, result);
    const errors = result.errors > 0 ? `, ${result.errors} ERRORS` : "";
    console.log(`  ${target.label.padEnd(54)} ${result.perSecond.toFixed(0).padStart(7)} req/s  p50 ${fmtMs(result.p50)}  p99 ${fmtMs(result.p99)}${errors}`);
  }
  console.log(`load average after: ${fmtLoad(loadavg())}`);

  console.log(`\nratio to the static ceiling (target ≥ ${TARGET_RATIO}):`);
  for (const target of targets.filter((t) => t.twinOf)) {
    const ratio = results.get(target.label)!.perSecond / results.get(target.twinOf!)!.perSecond;
    console.log(`  ${target.path.padEnd(10)} ${ratio.toFixed(2)}  ${ratio >= TARGET_RATIO ? "met" : "NOT MET"}`);
  }
  const uncached = results.get(targets.at(-2)!.label)!.perSecond;
  const pricingTwin = targets.find((t) => t.path === "/pricing")!.twinOf!;
  console.log(`  (/pricing rendered per request: ${(uncached / results.get(pricingTwin)!.perSecond).toFixed(2)} of its static twin)`);
} finally {
  cleanup();
}

/** The real server, production settings, on a temp database; its log goes to a file (a pipe left unread would stall it). */
async function startProductionServer(port: number) {
  const logPath = join(dir, "server.log");
  const log = openSync(logPath, "w");
  const proc = Bun.spawn([process.execPath, join(ROOT_DIR, "src/server.ts")], {
    cwd: ROOT_DIR,
    stdin: "ignore",
    stdout: log,
    stderr: log,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "local",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: join(dir, "app.sqlite"),
      UPLOADS_DIR: join(dir, "uploads"),
      OUTBOX_DIR: join(dir, "outbox"),
      ADMIN_PASSWORD: "bench-ssr-not-a-real-password",
    },
  });
  closeSync(log);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill();
      throw new Error(`server did not start:\n${readFileSync(logPath, "utf8").slice(-2000)}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await Bun.sleep(50);
  }
}

/** `CONCURRENCY` connections, each one request in flight, for `seconds`; a response counts when complete in time. */
async function load(port: number, target: Target, seconds: number): Promise<Result> {
  const extra = Object.entries(target.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  const request = Buffer.from(`GET ${target.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/html\r\n${extra}\r\n`);
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  await Promise.all(
    Array.from(
      { length: CONCURRENCY },
      () =>
        new Promise<void>((resolve, reject) => {
          let buffer: Buffer = Buffer.alloc(0);
          let sentAt = 0;
          const send = (socket: Socket) => {
            if (performance.now() >= deadline) {
              socket.end();
              resolve();
              return;
            }
            sentAt = performance.now();
            socket.write(request);
          };
          void Bun.connect({
            hostname: "127.0.0.1",
            port,
            socket: {
              open: send,
              data(socket, chunk) {
                buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
                for (;;) {
                  const response = completeResponse(buffer);
                  if (!response) return;
                  const now = performance.now();
                  if (now <= deadline) {
                    latencies.push(now - sentAt);
                    bytes += response.length;
                    if (response.status !== 200) errors++;
                  }
                  buffer = buffer.subarray(response.length);
                  send(socket);
                }
              },
              close: () => resolve(),
              error: (_socket, err) => reject(err),
              connectError: (_socket, err) => reject(err),
            },
          });
        }),
    ),
  );

  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
  return { requests: sorted.length, errors, bytes, perSecond: sorted.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** The status and total length of the response at the start of `buffer`, once all of it has arrived. */
function completeResponse(buffer: Buffer): { status: number; length: number } | null {
  const headerEnd = buffer.indexOf("\r\n\r\n");
  if (headerEnd < 0) return null;
  const head = buffer.toString("latin1", 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + 4;
  const contentLength = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (contentLength) {
    const length = bodyStart + Number(contentLength[1]);
    return buffer.length >= length ? { status, length } : null;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return { status, length: bodyStart };
  // Chunked (a page rendered per request streams): size line, data, CRLF, … until the empty chunk and its CRLF.
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString("latin1", at, lineEnd), 16);
    if (size === 0) return buffer.length >= lineEnd + 4 ? { status, length: lineEnd + 4 } : null;
    at = lineEnd + 2 + size + 2;
    if (buffer.length < at) return null;
  }
}

function fmtMs(ms: number): string {
  return `${ms.toFixed(2).padStart(6)} ms`;
}

function fmtLoad(load: number[]): string {
  return load.map((l) => l.toFixed(2)).join(" ");
}
