/** `clientNetwork`: the client a per-IP limit counts (docs/contracts.md §3). Through HTTP: test/limits-networks.test.ts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientNetwork } from '../src/lib/rate-limit.ts';

describe('clientNetwork', () => {
  it('an IPv6 address is its network, an IPv4 one (also written IPv4-mapped) itself', () => {
    const rows: Array<[string, number, string]> = [
      ['2001:db8:0:1:aaaa:bbbb:cccc:dddd', 64, '2001:db8:0:1::/64'],
      ['2001:DB8:0:1::5', 64, '2001:db8:0:1::/64'],
      ['2001:db8:0:2::5', 64, '2001:db8:0:2::/64'],
      ['2001:db8:0:1:8000::1', 65, '2001:db8:0:1:8000::/65'],
      ['2001:db8:0:1:7fff::1', 65, '2001:db8:0:1::/65'],
      ['2001:db8:abcd:12ff::1', 56, '2001:db8:abcd:1200::/56'],
      ['2001:db8:abcd:12ff::1', 48, '2001:db8:abcd::/48'],
      ['2001:db8:abcd:12ff::1', 32, '2001:db8::/32'],
      ['2001:db8::1', 128, '2001:db8::1/128'],
      ['fe80::1%eth0', 64, 'fe80::/64'],
      ['::1', 64, '::/64'],
      ['2001:db8::ffff:198.51.100.7', 64, '2001:db8::/64'],
      ['198.51.100.7', 64, '198.51.100.7'],
      ['::ffff:198.51.100.7', 64, '198.51.100.7'],
      ['::FFFF:c633:6407', 64, '198.51.100.7'],
      ['::ffff:198.51.100.7', 128, '198.51.100.7'],
      ['unknown', 64, 'unknown'],
    ];
    for (const [ip, prefix, network] of rows) assert.equal(clientNetwork(ip, prefix), network, `${ip} /${prefix}`);
  });
});
