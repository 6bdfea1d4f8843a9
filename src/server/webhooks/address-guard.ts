import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { webhookAttemptError } from '#src/shared/webhooks/messages.ts';

// Product rules H6 (SSRF): a webhook may only reach the public internet. The URL's host is resolved at
// send time, every address it resolves to is checked, and the request connects to the checked address
// (no second look-up an attacker's DNS could answer differently).
// Only globally routable unicast is allowed, checked against the IANA special-purpose address registries
// (IPv4 and IPv6) with Node's BlockList, never by comparing text ("0::1" is "::1"). IPv6 outside global
// unicast (2000::/3) is refused outright, which covers the IPv4-compatible, IPv4-mapped and -translated
// forms, NAT64 (64:ff9b::/96 and 64:ff9b:1::/48), site-local fec0::/10, unique local and link-local.
// One list per family: Node checks an IPv4 address against IPv6 rules as IPv4-mapped, so a mapped range
// in one shared list would refuse every IPv4 address.
const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['100.100.100.200', 32], // a cloud metadata service outside link-local
  ['127.0.0.0', 8], // loopback (allowed only by the loopback policy below)
  ['169.254.0.0', 16], // link-local, the usual cloud metadata address 169.254.169.254 included
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 embeds an IPv4 address
  ['3fff::', 20], // documentation
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}
const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');
const loopbackV6 = new BlockList();
loopbackV6.addAddress('::1', 'ipv6');

// Ports of services that commonly listen on internal networks: a webhook must not become a way to talk to
// a database, cache, queue, mail server or orchestrator.
const SERVICE_PORTS = new Set([
  1080, 1433, 1521, 2049, 2375, 2376, 2379, 2380, 3000, 3306, 3389, 4369, 5000, 5432, 5601, 5672, 5900, 5984, 6379, 6443, 7001, 8009, 8086,
  8500, 8983, 9000, 9042, 9092, 9200, 9300, 10250, 11211, 15672, 25672, 27017, 50070,
]);

export interface AddressPolicy {
  // Local development and tests only: http, any port and loopback addresses allowed.
  allowLoopback: boolean;
}

function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

// Whether a webhook may connect to this literal address.
export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  const kind = family(address);
  if (!kind) return false;
  if (kind === 'ipv4') return loopbackV4.check(address, 'ipv4') ? policy.allowLoopback : !refusedV4.check(address, 'ipv4');
  if (loopbackV6.check(address, 'ipv6')) return policy.allowLoopback;
  return globalUnicastV6.check(address, 'ipv6') && !refusedV6.check(address, 'ipv6');
}

// Whether a webhook may use the URL's port: 443, or 1024-65535 minus service ports. Where loopback is
// allowed (development, tests) any port is, 80 included: the machine's own services are reachable anyway.
export function isAllowedPort(url: URL, policy: AddressPolicy): boolean {
  if (policy.allowLoopback) return true;
  const port = url.port === '' ? (url.protocol === 'http:' ? 80 : 443) : Number(url.port);
  return port === 443 || (port >= 1024 && port <= 65535 && !SERVICE_PORTS.has(port));
}

// An endpoint only a development server may send to: plain http, or a host on this machine. Its owner
// sees a warning beside it, since a production server refuses it.
export function isLocalUrl(raw: string): boolean {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const kind = family(host);
  if (url.protocol === 'http:' || /(^|\.)localhost\.?$/i.test(host)) return true;
  return kind === 'ipv4' ? loopbackV4.check(host, 'ipv4') : kind === 'ipv6' && loopbackV6.check(host, 'ipv6');
}

export class RefusedUrl extends Error {}

export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

// Resolves the URL's host and checks every address: one refused address refuses the URL, so a host
// cannot mix a public address with a private one and hope the private one is picked.
export async function checkTarget(raw: string, policy: AddressPolicy, resolve: Resolver = systemResolver): Promise<CheckedTarget> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(policy.allowLoopback && url.protocol === 'http:')) throw new RefusedUrl(webhookAttemptError.notHttps);
  if (!isAllowedPort(url, policy)) throw new RefusedUrl(webhookAttemptError.refusedPort);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new RefusedUrl(webhookAttemptError.unresolved);
    }
  }
  if (addresses.length === 0) throw new RefusedUrl(webhookAttemptError.unresolved);
  if (!addresses.every((entry) => isAllowedAddress(entry.address, policy))) throw new RefusedUrl(webhookAttemptError.refusedAddress);
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
