import { Hono } from "hono";
import type { AppContext } from "../context.ts";

export function resultsRouter(_ctx: AppContext) {
  return new Hono();
}
