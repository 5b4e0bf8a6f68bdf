/**
 * `bun dev` / `npm run dev`: builds the assets, runs the server under `bun --watch` (restarts when server code changes)
 * and rebuilds the client bundle and CSS when anything under src/ changes. The server reads the manifest per request
 * in development, so a rebuild shows on the next page load.
 */
import { watch } from "node:fs";
import { join } from "node:path";
import { ROOT_DIR } from "../src/ssr/assets.ts";
import { buildAssets } from "./build.ts";

await buildAssets({ dev: true });

const server = Bun.spawn([process.execPath, "--watch", "src/server.ts"], {
  cwd: ROOT_DIR,
  stdio: ["inherit", "inherit", "inherit"],
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development" },
});

let pending: ReturnType<typeof setTimeout> | undefined;
watch(join(ROOT_DIR, "src"), { recursive: true }, (_event, file) => {
  if (!file || /\.test\.tsx?$/.test(file)) return;
  clearTimeout(pending);
  pending = setTimeout(() => {
    buildAssets({ dev: true }).then(
      (m) => console.log(`assets rebuilt: ${m.shell} ${m.css}`),
      (err) => console.error("asset build failed:", err),
    );
  }, 150);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.kill(signal);
    process.exit(0);
  });
}
await server.exited;
