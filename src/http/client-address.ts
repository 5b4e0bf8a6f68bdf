import type { Context } from "hono";
import { getConnInfo } from "hono/bun";

/**
 * The client's address as a rate-limit key: the socket's address, an IPv6 one cut to its /64 network (one customer
 * line usually gets a whole /64, so counting single addresses would give one sender 2^64 separate allowances).
 * Requests made without a server (app.request in tests) share the key "no-connection". Behind a reverse proxy
 * every client has the proxy's address; see the README for that deployment.
 */
export function clientAddress(c: Context): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return "no-connection";
  }
  return address === undefined ? "unknown" : networkOf(address);
}

function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
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
