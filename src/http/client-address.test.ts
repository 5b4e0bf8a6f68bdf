import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { loadConfig } from "../config.ts";
import { clientAddress } from "./client-address.ts";

const app = new Hono().get("/", (c) => c.text(clientAddress(c, undefined)));

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

describe("clientAddress behind a proxy (TRUST_PROXY)", () => {
  const trusting = (value?: string) => {
    const trust = loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    return new Hono().get("/", (c) => c.text(clientAddress(c, trust)));
  };
  /** A request arriving from the socket address `from` with the given X-Forwarded-For header. */
  async function keyFor(value: string | undefined, from: string, forwardedFor?: string): Promise<string> {
    const server = { requestIP: () => ({ address: from, family: from.includes(":") ? "IPv6" : "IPv4", port: 40000 }) };
    const headers: Record<string, string> = forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor };
    return (await trusting(value).request("/", { headers }, server)).text();
  }

  test("unset: the socket address, whatever X-Forwarded-For says (a spoofed header is ignored)", async () => {
    expect(await keyFor(undefined, "203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
    expect(await keyFor(undefined, "10.0.0.2", "198.51.100.1, 198.51.100.2")).toBe("10.0.0.2");
  });

  test("a number of proxies: that many entries from the right, so what the client itself wrote is passed over", async () => {
    // One proxy appends the address it saw; the client's own forged entry stays on the left.
    expect(await keyFor("1", "10.0.0.2", "6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
    expect(await keyFor("2", "10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.9")).toBe("198.51.100.7");
    // Two clients behind the one proxy are two keys, and IPv6 keeps its /64 grouping.
    expect(await keyFor("1", "10.0.0.2", "2001:db8:5:6::1")).toBe("2001:db8:5:6::/64");
    expect(await keyFor("1", "::ffff:10.0.0.2", "::ffff:198.51.100.8")).toBe("198.51.100.8");
    // No header (the request did not come through the proxy): the socket address.
    expect(await keyFor("1", "203.0.113.9")).toBe("203.0.113.9");
    // Fewer entries than proxies: the leftmost, which a proxy wrote.
    expect(await keyFor("3", "10.0.0.2", "198.51.100.7, 10.0.0.9")).toBe("198.51.100.7");
  });

  test("proxy addresses and networks: the rightmost entry that is not one of them", async () => {
    const list = "10.0.0.0/8, 192.0.2.1, 2001:db8:ffff::/48";
    expect(await keyFor(list, "10.0.0.2", "6.6.6.6, 198.51.100.7, 192.0.2.1")).toBe("198.51.100.7");
    expect(await keyFor(list, "2001:db8:ffff::1", "198.51.100.7")).toBe("198.51.100.7");
    expect(await keyFor(list, "::ffff:10.1.2.3", "198.51.100.7")).toBe("198.51.100.7");
    // A request straight from a client not in the list: its header is ignored.
    expect(await keyFor(list, "203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
    // Every entry a proxy: the leftmost.
    expect(await keyFor(list, "10.0.0.2", "10.0.0.3")).toBe("10.0.0.3");
  });

  test("an entry that is not an address is never a key: the nearest trusted address is used instead", async () => {
    expect(await keyFor("1", "10.0.0.2", "not-an-address")).toBe("10.0.0.2");
    expect(await keyFor("10.0.0.0/8", "10.0.0.2", "198.51.100.7, garbage")).toBe("10.0.0.2");
  });

  test("forms proxies write: a port, brackets", async () => {
    expect(await keyFor("1", "10.0.0.2", "198.51.100.7:4711")).toBe("198.51.100.7");
    expect(await keyFor("1", "10.0.0.2", "[2001:db8:5:6::1]:4711")).toBe("2001:db8:5:6::/64");
  });
});
