import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { fieldErrors } from "./field-errors.ts";

describe("fieldErrors", () => {
  test("keys each field's first message by the field's name", () => {
    const schema = z.object({ email: z.string().email("Please enter a valid email address").min(10, "Too short"), name: z.string().min(1, "Name is required") });
    const result = schema.safeParse({ email: "x", name: "" });
    expect(fieldErrors(result.error!)).toEqual({ email: "Please enter a valid email address", name: "Name is required" });
  });

  test("a problem that belongs to no field is keyed 'form'", () => {
    const result = z.string().refine(() => false, "Something is off").safeParse("x");
    expect(fieldErrors(result.error!)).toEqual({ form: "Something is off" });
  });
});
