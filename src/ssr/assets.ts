import { readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT_DIR = join(import.meta.dir, "..", "..");
export const PUBLIC_DIR = join(ROOT_DIR, "public");
export const ASSETS_DIR = join(PUBLIC_DIR, "assets");
export const MANIFEST_PATH = join(ASSETS_DIR, "manifest.json");

/** URLs of the hashed browser scripts and stylesheet, written by scripts/build.ts. */
export interface AssetManifest {
  /** The script of every page (src/client/shell.ts): theme toggle, menu, no React. */
  shell: string;
  /** React, React DOM and the scheduler, one file every island imports (scripts/build.ts). */
  react: string;
  /** Each island's entry script by the island's name (its file name in src/web/islands/). */
  islands: Record<string, string>;
  css: string;
  /** Every file of the build (entries, chunks, stylesheet), as URLs. */
  files: string[];
}

export function readManifest(): AssetManifest {
  let text: string;
  try {
    text = readFileSync(MANIFEST_PATH, "utf8");
  } catch {
    throw new Error(`No built assets at ${MANIFEST_PATH}: run \`npm run build\` first (npm start and npm run dev do it for you).`);
  }
  return JSON.parse(text) as AssetManifest;
}
