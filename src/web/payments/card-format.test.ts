import { describe, expect, test } from "bun:test";
import { formatCardNumber, formatCvc, formatExpiry, lastFour } from "./card-format.ts";

describe("card input formatting", () => {
  test("card numbers are grouped in fours and capped at 19 characters", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242 42x42-4242")).toBe("4242 4242 4242");
    expect(formatCardNumber("42424242424242429999")).toHaveLength(19);
    expect(formatCardNumber("4242")).toBe("4242");
  });

  test("expiry becomes MM/YY", () => {
    expect(formatExpiry("1234")).toBe("12/34");
    expect(formatExpiry("12/345")).toBe("12/34");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12");
  });

  test("CVC keeps three digits", () => {
    expect(formatCvc("12a34")).toBe("123");
  });

  test("only the last four digits leave the manual form", () => {
    expect(lastFour("4242 4242 4242 0002")).toBe("0002");
  });
});
