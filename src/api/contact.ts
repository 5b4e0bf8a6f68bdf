import { Hono } from "hono";
import type { AppContext } from "../context.ts";

export function contactRouter(_ctx: AppContext) {
  return new Hono();
}
