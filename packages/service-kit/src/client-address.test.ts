import { describe, expect, it } from 'vitest';
import { addressBucketOf, normaliseAddress } from './client-address.js';

describe('normaliseAddress', () => {
  it.each([
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0::1', '2001:db8::1'],
    ['2001:db8::0:1', '2001:db8::1'],
    [' 2001:db8::1 ', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['203.0.113.7', '203.0.113.7'],
    ['not-an-address', 'not-an-address'],
  ])('when the address is %j, then it is spelt %j', (address, expected) => {
    expect(normaliseAddress(address)).toBe(expected);
  });
});

describe('addressBucketOf', () => {
  it('when one IPv6 address is spelt five ways, or another host of its /64 is used, then the bucket is one', () => {
    const spellings = ['2001:db8:1:2::1', '2001:DB8:1:2::1', '2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2:0:0:0:1', '2001:db8:1:2::0:1', '2001:db8:1:2:ffff:1:2:3'];
    expect(new Set(spellings.map(addressBucketOf))).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('when IPv6 addresses are in different /64s, or IPv4 addresses differ, then the buckets differ', () => {
    expect(addressBucketOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressBucketOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucketOf('::ffff:203.0.113.8')).toBe('203.0.113.8');
  });
});
