import { Hono } from "hono";
import type { AppContext } from "../context.ts";

export function adminRouter(_ctx: AppContext) {
  return new Hono();
}
