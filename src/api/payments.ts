import { Hono } from "hono";
import type { AppContext } from "../context.ts";

export function paymentsRouter(_ctx: AppContext) {
  return new Hono();
}
