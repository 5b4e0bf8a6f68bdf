import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { z } from "zod";
import { silentLogger } from "../log.ts";
import { errorHandler } from "./errors.ts";
import { jsonBody } from "./validate.ts";

// A router built the way every API router is: jsonBody at the edge and the shared error handler.
const app = new Hono();
app.onError(errorHandler(silentLogger));
app.post("/echo", jsonBody(z.object({ name: z.string().min(1, "Name is required"), age: z.number().int() })), (c) =>
  c.json(c.req.valid("json")),
);

const post = (body: string, type = "application/json") =>
  app.request("/echo", { method: "POST", body, headers: { "Content-Type": type } });

describe("jsonBody", () => {
  test("passes a valid body through, typed", async () => {
    const res = await post(JSON.stringify({ name: "Ada", age: 36 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "Ada", age: 36 });
  });

  test("malformed JSON is a 400 with a clear message and no stack trace", async () => {
    const res = await post("{bad json");
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(/JSON/);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });

  test("a missing field names the field", async () => {
    const res = await post(JSON.stringify({ age: 3 }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "name is required" });
  });

  test("a wrong type names the field", async () => {
    const res = await post(JSON.stringify({ name: "Ada", age: "old" }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^age: /);
  });

  test("the schema's own message is used as is", async () => {
    const res = await post(JSON.stringify({ name: "", age: 1 }));
    expect(await res.json()).toEqual({ message: "Name is required" });
  });

  test("a camelCase field named in the message is not repeated", async () => {
    const camel = new Hono();
    camel.post("/x", jsonBody(z.object({ lastName: z.string().min(1, "Last name is required") })), (c) => c.json({}));
    const res = await camel.request("/x", { method: "POST", body: JSON.stringify({ lastName: "" }), headers: { "Content-Type": "application/json" } });
    expect(await res.json()).toEqual({ message: "Last name is required" });
  });

  test("an array or a bare string is refused", async () => {
    expect((await post("[1,2]")).status).toBe(400);
    expect((await post('"hello"')).status).toBe(400);
  });
});
