import { isIPv6 } from 'node:net';

// One IPv6 subscriber is usually handed a whole /64, so counting its addresses one by one would give it
// 2^64 fresh allowances: an IPv6 client is keyed by its /64, an IPv4 one by its address.
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  // A trailing dotted IPv4 part fills the last two of the eight groups.
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const before = groups(head);
  const after = groups(tail);
  const expanded = tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  const prefix = expanded.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
