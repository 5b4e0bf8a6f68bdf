import { Hono } from "hono";
import type { AppContext } from "../context.ts";

export function profilesRouter(_ctx: AppContext) {
  return new Hono();
}
