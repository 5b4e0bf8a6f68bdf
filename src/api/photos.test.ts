import { afterAll, expect, test } from "bun:test";
import { newId } from "../db/ids.ts";
import { testApp, testContext } from "../testing/context.ts";

const ctx = testContext();
const app = testApp(ctx);
afterAll(() => ctx.cleanup());

test("GET /api/photos/:id refuses everyone with a 401 JSON message", async () => {
  const res = await app.request(`/api/photos/${newId()}`);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ message: "Sign in as an administrator to view customer photos." });
});

test("uploads are not reachable as static files", async () => {
  const res = await app.request("/uploads/anything.jpg");
  expect(res.headers.get("content-type")).not.toStartWith("image/");
});
