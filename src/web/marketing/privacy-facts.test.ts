import { describe, expect, test } from "bun:test";
import { notStored } from "./privacy-facts.ts";

describe("notStored", () => {
  test("under Stripe, card details never reach our server", () => {
    expect(notStored("stripe")[0]).toContain("never touch our server");
  });

  test("under the built-in test provider, the policy says the test number reaches the server and is not kept", () => {
    const line = notStored("local")[0]!;
    expect(line).toContain("takes no real payments");
    expect(line).toContain("never stored or logged");
    expect(line).not.toContain("never touch our server");
  });

  test("the other lines are the same for both", () => {
    expect(notStored("local").slice(1)).toEqual(notStored("stripe").slice(1));
  });
});
