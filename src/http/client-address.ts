import type { Context } from "hono";
import { getConnInfo } from "hono/bun";
import { BlockList, isIP } from "node:net";
import type { TrustProxy } from "../config.ts";

/**
 * The client's address as a rate-limit key, the one every limit and the admin sign-in throttle use.
 *
 * Which address: the socket's, unless `TRUST_PROXY` says reverse proxies stand in front. Then the addresses are read
 * from the right of `X-Forwarded-For` (each proxy appends the address it saw; whatever the client wrote itself stays
 * on the left): with a number N of proxies the Nth entry from the right, with a list of proxy addresses the rightmost
 * entry not in the list (and only when the socket itself is one of them). Unset, the header is ignored, so nobody
 * can choose their own key by sending it. An entry that is not an address is never used; the nearest address a
 * trusted proxy gave stands in.
 *
 * The key: an IPv6 address is cut to its /64 network (one customer line usually gets a whole /64, so counting
 * single addresses would give one sender 2^64 separate allowances). Requests made without a server (app.request
 * in tests) share the key "no-connection".
 */
export function clientAddress(c: Context, trust: TrustProxy | undefined): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    return "no-connection";
  }
  if (socket === undefined) return "unknown";
  return networkOf(trust ? forwardedClient(socket, c.req.header("x-forwarded-for"), trust) : socket);
}

/** Walks from the socket leftwards through X-Forwarded-For while the hop is a trusted proxy. */
function forwardedClient(socket: string, header: string | undefined, trust: TrustProxy): string {
  const chain = (header ?? "").split(",").map((entry) => bareAddress(entry.trim())).filter((entry) => entry !== "");
  const hops = [unmapped(socket), ...chain.reverse()];
  let client = hops[0]!;
  for (let i = 1; i < hops.length; i++) {
    const trusted = "hops" in trust ? i <= trust.hops : isTrustedProxy(client, trust.addresses);
    if (!trusted) break;
    const next = hops[i]!;
    if (isIP(next) === 0) break;
    client = next;
  }
  return client;
}

const blockLists = new WeakMap<string[], BlockList>();

function isTrustedProxy(address: string, addresses: string[]): boolean {
  let list = blockLists.get(addresses);
  if (!list) {
    list = new BlockList();
    for (const entry of addresses) {
      const [base = "", prefix] = entry.split("/");
      const type = isIP(base) === 4 ? "ipv4" : "ipv6";
      if (prefix === undefined) list.addAddress(unmapped(base), type);
      else list.addSubnet(base, Number(prefix), type);
    }
    blockLists.set(addresses, list);
  }
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** `1.2.3.4:5678` and `[2001:db8::1]:443` (proxies that add the port) as plain addresses. */
function bareAddress(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return unmapped(bracketed[1]!);
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry);
  return unmapped(v4WithPort ? v4WithPort[1]! : entry);
}

function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function networkOf(address: string): string {
  address = unmapped(address);
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.split("%")[0]!.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
