import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { clientAddress } from "./client-address.ts";

const app = new Hono().get("/", (c) => c.text(clientAddress(c)));

/** What Bun passes as fetch's second argument: the server, which knows the socket's address. */
async function keyFor(address: string | null): Promise<string> {
  const server = { requestIP: () => (address === null ? null : { address, family: address.includes(":") ? "IPv6" : "IPv4", port: 40000 }) };
  return (await app.request("/", {}, server)).text();
}

describe("clientAddress", () => {
  test("an IPv4 address is its own key", async () => {
    expect(await keyFor("203.0.113.9")).toBe("203.0.113.9");
  });

  test("an IPv4-mapped IPv6 address is keyed as the IPv4 address", async () => {
    expect(await keyFor("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  test("an IPv6 address is keyed by its /64 network, however it is written", async () => {
    expect(await keyFor("2001:db8:5:6::1")).toBe("2001:db8:5:6::/64");
    expect(await keyFor("2001:0DB8:0005:0006:ffff:1:2:3")).toBe("2001:db8:5:6::/64");
    expect(await keyFor("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(await keyFor("2001:0DB8:0000:0000:aaaa::1")).toBe("2001:db8:0:0::/64");
    expect(await keyFor("2001:db8:1:2::")).toBe("2001:db8:1:2::/64");
    expect(await keyFor("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(await keyFor("::1")).toBe("0:0:0:0::/64");
    expect(await keyFor("2001:db8:5:7::1")).not.toBe(await keyFor("2001:db8:5:6::1"));
  });

  test("no known address, or no server at all (app.request in tests): one shared key each", async () => {
    expect(await keyFor(null)).toBe("unknown");
    expect(await (await app.request("/")).text()).toBe("no-connection");
  });
});
