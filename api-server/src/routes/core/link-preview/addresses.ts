import net from 'node:net';

/**
 * Which addresses a link preview may connect to. Anything that reaches this machine, the local
 * network or a provider's internal network (loopback, private, link-local, unique-local,
 * CGNAT, multicast, unspecified, reserved) is refused, so a preview cannot be used to probe
 * or call internal services (SSRF). IPv6 forms that embed an IPv4 address are judged by it.
 */

type Range = readonly [prefix: number[], bits: number];

const V4_BLOCKED: Range[] = [
  [[0], 8], // "this network", 0.0.0.0 unspecified
  [[10], 8], // private
  [[100, 64], 10], // CGNAT shared address space
  [[127], 8], // loopback
  [[169, 254], 16], // link-local (cloud metadata services live here)
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

const V6_BLOCKED: Range[] = [
  [[], 96], // ::/96: unspecified, loopback and the deprecated IPv4-compatible form
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48], // local-use NAT64
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // discard-only
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0xfc], 7], // unique-local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function inRange(bytes: number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function v4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (one that net.isIPv6 accepts). */
export function v6Bytes(ip: string): number[] {
  let text = ip.split('%')[0]!.toLowerCase();
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = v4Bytes(dotted[2]!);
    text = `${dotted[1]}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const fill: number[] = new Array(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right].flatMap((g) => [g >> 8, g & 0xff]);
}

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that embed one. */
function embeddedV4(bytes: number[]): number[] | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated)
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return bytes.slice(12);
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix)
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return bytes.slice(12);
  // 2002:AABB:CCDD::/48 (6to4)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
}

const blockedV4 = (bytes: number[]) => V4_BLOCKED.some((r) => inRange(bytes, r));

/** True when a link preview may connect to this IP address (a literal IPv4 or IPv6 address). */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip.split('%')[0]!);
  if (family === 4) return !blockedV4(v4Bytes(ip));
  if (family !== 6) return false;
  const bytes = v6Bytes(ip);
  const v4 = embeddedV4(bytes);
  if (v4) return !blockedV4(v4);
  return !V6_BLOCKED.some((r) => inRange(bytes, r));
}
