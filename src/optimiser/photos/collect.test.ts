import { describe, expect, test } from "bun:test";
import { collectorOnGrowth } from "./faces.ts";

describe("full collections after face detection", () => {
  test("one on the first photo, then only once the process has grown by the threshold since the last", () => {
    let resident = 200;
    let collections = 0;
    // A collection hands back 30 of whatever the process holds above 200.
    const collect = collectorOnGrowth(32, () => resident, () => {
      collections++;
      resident = Math.max(200, resident - 30);
    });
    collect();
    expect(collections).toBe(1);
    for (const grown of [210, 231]) {
      resident = grown;
      collect();
    }
    expect(collections).toBe(1);
    resident = 232;
    collect();
    expect(collections).toBe(2);
    // Measured from what the collection left (202), not from where it started.
    resident = 233;
    collect();
    expect(collections).toBe(2);
    resident = 234;
    collect();
    expect(collections).toBe(3);
  });
});
