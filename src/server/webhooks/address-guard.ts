import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { webhookAttemptError } from '#src/shared/webhook-messages.ts';

// Product rules H6 (SSRF): a webhook may only reach the public internet. The URL's host is resolved at
// send time, every address it resolves to is checked, and the request connects to the checked address
// (no second look-up an attacker's DNS could answer differently).
// One list per family: Node checks an IPv4 address against IPv6 rules as IPv4-mapped, so the mapped
// range below would refuse every IPv4 address if both sat in one list.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['100.100.100.200', 32], // a cloud metadata service outside link-local
  ['169.254.0.0', 16], // link-local, the usual cloud metadata address 169.254.169.254 included
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::ffff:0:0', 96], // IPv4-mapped: would reach an IPv4 address past the IPv4 rules
  ['64:ff9b::', 96], // NAT64
  ['2002::', 16], // 6to4 embeds an IPv4 address
  ['fc00::', 7], // unique local, fd00:ec2::254 (a metadata address) included
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

export interface AddressPolicy {
  // Tests and local development only (WEBHOOK_ALLOW_LOOPBACK): http and loopback addresses allowed.
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
  if (kind === 'ipv4' ? loopbackV4.check(address, 'ipv4') : address === '::1' || /^(0{0,4}:){7}0{0,3}1$/.test(address))
    return policy.allowLoopback;
  return kind === 'ipv4' ? !refusedV4.check(address, 'ipv4') : !refusedV6.check(address, 'ipv6');
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
