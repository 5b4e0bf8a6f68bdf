import { Hono } from "hono";
import type { AppContext } from "../context.ts";

/**
 * GET /api/photos/:id — customer photos are only ever shown to a signed-in administrator. Until admin sign-in
 * exists nobody qualifies, so every request is refused; photos are never served from public/.
 */
export function photosRouter(_ctx: AppContext) {
  const r = new Hono();
  r.get("/:id", (c) => c.json({ message: "Sign in as an administrator to view customer photos." }, 401));
  return r;
}
