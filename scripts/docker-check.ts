/**
 * The Docker build check that `.ci/run` runs after `npm test` (not inside it: a cold build takes minutes).
 *
 *   bun scripts/docker-check.ts
 *
 * With a working Docker (`docker info` answers) it builds the image from the Dockerfile and runs it as a deployment
 * would: production mode, the db/ and uploads/ volumes, the port on loopback only. It then checks that /healthz and
 * /readyz answer 200, that the process is not root, that a backup runs inside the container, that `docker stop`
 * ends it cleanly (exit 0) and that every line it logged is one JSON object. Everything it made (container,
 * volumes, image) is removed afterwards. Prints one line per step; exits 1 when a step fails.
 *
 * Without Docker (no `docker` command, or no daemon behind it) it prints why and exits 0: skipped, not failed.
 */
import { ROOT_DIR } from "../src/ssr/assets.ts";

const name = `profileboost-check-${process.pid}`;
const image = `${name}:latest`;
const volumes = [`${name}-db`, `${name}-uploads`];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function docker(args: string[], timeoutMs = 60_000): Run {
  const run = Bun.spawnSync(["docker", ...args], { cwd: ROOT_DIR, stdout: "pipe", stderr: "pipe", timeout: timeoutMs });
  return { code: run.exitCode ?? 1, stdout: run.stdout.toString().trim(), stderr: run.stderr.toString().trim() };
}

class CheckFailed extends Error {}

function must(what: string, run: Run): string {
  if (run.code !== 0) throw new CheckFailed(`${what} failed (exit ${run.code}):\n${(run.stderr || run.stdout).split("\n").slice(-30).join("\n")}`);
  return run.stdout;
}

function step(message: string): void {
  console.log(`docker check: ${message}`);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function waitFor(url: string, deadlineMs: number): Promise<Response> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
      if (Date.now() > deadline) throw new CheckFailed(`${url} answered ${res.status}: ${await res.text()}`);
    } catch (err) {
      if (err instanceof CheckFailed) throw err;
      if (Date.now() > deadline) throw new CheckFailed(`${url} did not answer: ${err instanceof Error ? err.message : String(err)}`);
    }
    await Bun.sleep(500);
  }
}

/** Why Docker cannot be used here, or null when it can. */
function unavailable(): string | null {
  if (!Bun.which("docker")) return "no docker command on this machine";
  const info = docker(["info", "--format", "{{.ServerVersion}}"], 20_000);
  if (info.code !== 0) return `docker info failed: ${(info.stderr || info.stdout).split("\n").find((line) => line.trim() !== "") ?? `exit ${info.code}`}`;
  return null;
}

async function check(): Promise<void> {
  const started = performance.now();
  must("docker build", docker(["build", "--quiet", "--tag", image, "."], 30 * 60_000));
  step(`image built (${seconds(started)})`);

  const run = must(
    "docker run",
    docker([
      "run",
      "--detach",
      "--name",
      name,
      "--publish",
      "127.0.0.1::3000",
      "--env",
      "PAYMENT_PROVIDER=local",
      "--env",
      "MIN_FREE_DISK_MB=1",
      "--volume",
      `${volumes[0]}:/app/db`,
      "--volume",
      `${volumes[1]}:/app/uploads`,
      image,
    ]),
  );
  step(`container ${run.slice(0, 12)} started`);
  const address = must("docker port", docker(["port", name, "3000/tcp"])).split("\n")[0]!;
  const url = `http://${address}`;

  const booted = performance.now();
  await waitFor(`${url}/healthz`, 60_000);
  const ready = (await (await waitFor(`${url}/readyz`, 30_000)).json()) as { status: string };
  if (ready.status !== "ready") throw new CheckFailed(`/readyz answered ${JSON.stringify(ready)}`);
  step(`/healthz and /readyz answer 200 (${seconds(booted)} after start)`);
  const page = await fetch(`${url}/`);
  if (page.status !== 200) throw new CheckFailed(`GET / answered ${page.status}`);

  const uid = must("docker exec id", docker(["exec", name, "id", "-u"]));
  if (uid === "0") throw new CheckFailed("the service runs as root");
  step(`the service runs as uid ${uid}`);

  const backup = must("backup inside the container", docker(["exec", name, "bun", "scripts/backup.ts", "--dir", "/app/backups"], 120_000));
  if (!backup.startsWith("Backup written:")) throw new CheckFailed(`the backup printed: ${backup}`);
  step("a backup runs inside the container");

  must("docker stop", docker(["stop", "--time", "30", name], 60_000));
  const exitCode = must("docker inspect", docker(["inspect", "--format", "{{.State.ExitCode}}", name]));
  if (exitCode !== "0") throw new CheckFailed(`after docker stop the process exited with ${exitCode}`);
  const logs = docker(["logs", name]);
  const lines = `${logs.stdout}\n${logs.stderr}`.split("\n").filter((line) => line.trim() !== "");
  const notJson = lines.filter((line) => {
    try {
      const entry = JSON.parse(line) as { time?: unknown; level?: unknown; msg?: unknown };
      return typeof entry.time !== "string" || typeof entry.level !== "string" || typeof entry.msg !== "string";
    } catch {
      return true;
    }
  });
  if (notJson.length > 0) throw new CheckFailed(`log lines that are not one JSON entry:\n${notJson.slice(0, 5).join("\n")}`);
  step(`docker stop ends it with exit 0; its ${lines.length} log lines are JSON`);
}

function cleanUp(): void {
  docker(["rm", "--force", "--volumes", name]);
  docker(["volume", "rm", ...volumes]);
  docker(["image", "rm", image]);
}

const reason = unavailable();
if (reason) {
  step(`skipped (${reason})`);
  process.exit(0);
}

try {
  await check();
  step("passed");
} catch (err) {
  if (!(err instanceof CheckFailed)) throw err;
  const logs = docker(["logs", "--tail", "40", name]);
  console.error(`docker check: FAILED: ${err.message}`);
  if (logs.code === 0 && (logs.stdout || logs.stderr)) console.error(`last log lines of the container:\n${logs.stdout}\n${logs.stderr}`);
  process.exitCode = 1;
} finally {
  cleanUp();
}
