import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../../src/routes/core/link-preview/addresses.ts';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['10.1.2.3', 'private'], ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'], ['192.168.1.1', 'private'], ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'], ['100.127.255.254', 'CGNAT'], ['0.0.0.0', 'unspecified'], ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'], ['255.255.255.255', 'broadcast'], ['198.18.0.1', 'benchmarking'],
    ['192.0.2.1', 'documentation'], ['::', 'unspecified'], ['::1', 'loopback'], ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with zone'], ['fc00::1', 'unique-local'], ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'], ['::ffff:127.0.0.1', 'IPv4-mapped loopback'], ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'], ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::127.0.0.1', 'IPv4-compatible'], ['64:ff9b::a00:1', 'NAT64 of a private address'], ['2002:c0a8:101::1', '6to4 of a private address'],
    ['2001:db8::1', 'documentation'], ['fec0::1', 'site-local'], ['not an ip', 'not an address'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'accepts the public address %s',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );
});
