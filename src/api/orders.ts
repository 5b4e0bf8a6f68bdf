import { Hono } from "hono";
import type { AppContext } from "../context.ts";

export function ordersRouter(_ctx: AppContext) {
  return new Hono();
}
