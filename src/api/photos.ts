import { Hono } from "hono";
import type { AppContext } from "../context.ts";

export function photosRouter(_ctx: AppContext) {
  return new Hono();
}
