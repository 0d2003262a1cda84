import net from 'node:net';

/**
 * The addresses the image route may not connect to outside development: anything that reaches
 * this machine, the local network or a provider's internal network (loopback, private,
 * link-local — cloud metadata services live there —, unique-local, CGNAT, multicast,
 * unspecified, reserved), so that a picture's address cannot make the BFF call an internal
 * service (SSRF). Node's BlockList also judges IPv4-mapped IPv6 (::ffff:a.b.c.d) by the IPv4
 * address; the NAT64 and 6to4 prefixes, which embed any IPv4 address, are refused whole.
 */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64 well-known prefix
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) blocked.addSubnet(prefix, bits, 'ipv6');

const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** True when the image route may connect to this literal IP address outside development. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.split('%')[0]!;
  const family = net.isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const dotted = bare.match(MAPPED)?.[1];
  if (dotted) return !blocked.check(dotted, 'ipv4');
  const hex = bare.match(MAPPED_HEX);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return !blocked.check(`${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`, 'ipv4');
  }
  return !blocked.check(bare, 'ipv6');
}
