import net from 'node:net';

/**
 * The one policy of which addresses the web's image route and the API's link preview may
 * connect to (see safe-fetch.ts). Refused: anything that reaches this machine, the local
 * network or a provider's internal network — loopback, private, link-local (cloud metadata
 * services live there), unique-local, CGNAT, multicast, unspecified, reserved, documentation,
 * benchmarking — so that an address a member gives cannot make a server call an internal
 * service (SSRF).
 *
 * IPv6 forms that embed an IPv4 address are judged by that address, since it is where the
 * packets end up: mapped ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d, the NAT64 well-known
 * prefix 64:ff9b::/96 (a DNS64 network gives every IPv4-only site such an address, so refusing
 * it whole would refuse them all) and 6to4 2002:AABB:CCDD::/48. Refused whole: the deprecated
 * IPv4-compatible ::/96, the local-use NAT64 prefix 64:ff9b:1::/48 (its operator chooses where
 * the IPv4 address sits) and Teredo 2001::/32 (the far end's address is obscured).
 */

type Range = readonly [prefix: readonly number[], bits: number];

const V4_REFUSED: Range[] = [
  [[0], 8], // "this network", 0.0.0.0 unspecified
  [[10], 8], // private
  [[100, 64], 10], // CGNAT shared address space
  [[127], 8], // loopback
  [[169, 254], 16], // link-local
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, and 255.255.255.255 broadcast
];

const V6_REFUSED: Range[] = [
  [[], 96], // ::/96: unspecified, loopback and the deprecated IPv4-compatible form
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48], // local-use NAT64
  [[1, 0, 0, 0, 0, 0, 0, 0], 64], // discard-only
  [[0x20, 0x01, 0, 0], 32], // Teredo
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0xfc], 7], // unique-local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const mask = (0xff << (8 - Math.min(8, bits - i * 8))) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const v4Bytes = (ip: string) => ip.split('.').map(Number);

/** The 16 bytes of an IPv6 address that net.isIPv6 accepts (without its zone). */
function v6Bytes(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = v4Bytes(dotted[2]!);
    text = `${dotted[1]}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  const fill = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right].flatMap((g) => [g >> 8, g & 0xff]);
}

/** The IPv4 address an IPv6 address stands for, in the forms judged by it. */
function embeddedV4(bytes: number[]): number[] | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const is = (at: number, ...values: number[]) => values.every((v, i) => bytes[at + i] === v);
  if (zeros(0, 10) && is(10, 0xff, 0xff)) return bytes.slice(12); // ::ffff:a.b.c.d
  if (zeros(0, 8) && is(8, 0xff, 0xff) && zeros(10, 12)) return bytes.slice(12); // ::ffff:0:a.b.c.d
  if (is(0, 0, 0x64, 0xff, 0x9b) && zeros(4, 12)) return bytes.slice(12); // 64:ff9b::a.b.c.d
  if (is(0, 0x20, 0x02)) return bytes.slice(2, 6); // 2002:AABB:CCDD::/48
  return null;
}

const refusedV4 = (bytes: readonly number[]) => V4_REFUSED.some((r) => inRange(bytes, r));

/** True when an outbound fetch may connect to this literal IPv4 or IPv6 address. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.split('%')[0]!;
  const family = net.isIP(bare);
  if (family === 4) return !refusedV4(v4Bytes(bare));
  if (family !== 6) return false;
  const bytes = v6Bytes(bare);
  const v4 = embeddedV4(bytes);
  if (v4) return !refusedV4(v4);
  return !V6_REFUSED.some((r) => inRange(bytes, r));
}
