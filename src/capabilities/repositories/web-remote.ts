// A remote added from the web app is stricter than an operator's: the server fetches it, so a member
// of the web could otherwise make it read its own disk (file://, a local path: other workspaces'
// mirrors) or reach inside its network (loopback, private ranges, the cloud metadata address).
// Only https to a host whose every address is public, unless the operator allows more
// (CRS_WEB_REMOTE_ALLOW: ssh, http, git, private-hosts). File remotes stay operator-only.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { parseRemote } from "../../platform/codehost/index.ts";
import { invalidField } from "../../kernel/errors.ts";

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, 169.254.169.254 metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64: an IPv4 address inside
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23], // IETF protocol assignments (Teredo and others)
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4: an IPv4 address inside
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10],
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:a.b.c.d, ::ffff:7f00:1), else null. */
function embeddedV4(v6: string): string | null {
  const m = /^::(?:ffff:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(v6);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = Number.parseInt(m[2]!, 16);
  const lo = Number.parseInt(m[3]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedV4(address.toLowerCase());
  if (v4 !== null) return isIP(v4) === 4 && !blocked.check(v4, "ipv4");
  return !blocked.check(address, "ipv6");
}

const refuse = (message: string) => invalidField("remote", message);

/**
 * Checks a remote typed in the web app against the policy; throws 400 invalid_request saying why.
 * `resolve` finds a host's addresses (DNS by default; tests pass their own).
 */
export async function checkWebRemote(
  remote: string,
  allow: readonly string[],
  resolve: (host: string) => Promise<string[]> = async (h) => (await lookup(h, { all: true, verbatim: true })).map((a) => a.address),
): Promise<void> {
  const r = parseRemote(remote);
  if (r.kind === "file" || r.kind === "path") {
    throw refuse("file:// remotes and local paths can only be added by an operator (crs admin repo add): they read the server's own disk.");
  }
  const kind = r.kind === "scp" ? "ssh" : r.kind;
  if (kind !== "https" && !allow.includes(kind)) {
    throw refuse(`Only https:// remotes can be added here; ${kind} remotes need the operator's CRS_WEB_REMOTE_ALLOW=${kind}.`);
  }
  if (allow.includes("private-hosts")) return;
  const host = (r.host ?? "").replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw refuse(`The host ${host} does not resolve.`);
    }
  }
  if (!addresses.length) throw refuse(`The host ${host} does not resolve.`);
  const inside = addresses.find((a) => !isPublicAddress(a));
  if (inside !== undefined) {
    throw refuse(
      `The host ${host} resolves to ${inside}, a private, loopback or reserved address; only public hosts can be added here ` +
        "(the operator can allow private hosts with CRS_WEB_REMOTE_ALLOW=private-hosts).",
    );
  }
}
