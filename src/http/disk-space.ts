import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import type { MiddlewareHandler } from "hono";
import type { AppContext } from "../context.ts";
import { errorMessage } from "../shared/error-message.ts";
import { ApiError } from "./errors.ts";

export const STORAGE_FULL_MESSAGE = "We cannot accept photos right now because our storage is full. Please try again later; nothing was saved.";

/**
 * Refuses an upload (503) before its body is read when the file system holding UPLOADS_DIR has less than
 * MIN_FREE_DISK_MB free: a full disk would also stop SQLite, so the last space is kept for the orders and results
 * already made. Logged as an error each time, since someone has to free space or grow the disk.
 */
export function requireFreeDisk(ctx: AppContext): MiddlewareHandler {
  return async (_c, next) => {
    const { uploadsDir, minFreeDiskBytes } = ctx.config;
    const free = await freeBytes(uploadsDir).catch((err: unknown) => {
      // Not knowing is no reason to turn customers away; the write itself still fails cleanly on a full disk.
      ctx.log.error(`uploads: could not read the free space under ${uploadsDir}: ${errorMessage(err)}`);
      return Infinity;
    });
    if (free < minFreeDiskBytes) {
      ctx.log.error(
        `uploads refused: ${Math.floor(free / 2 ** 20)} MB free under ${uploadsDir}, below MIN_FREE_DISK_MB=${minFreeDiskBytes / 2 ** 20}`,
      );
      throw new ApiError(503, STORAGE_FULL_MESSAGE);
    }
    await next();
  };
}

/** Bytes an unprivileged process may still write on the file system of `dir` (or of its nearest existing parent). */
export async function freeBytes(dir: string): Promise<number> {
  for (let path = dir; ; path = dirname(path)) {
    try {
      const s = await statfs(path);
      return Number(s.bavail) * Number(s.bsize);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT" || dirname(path) === path) throw err;
    }
  }
}
