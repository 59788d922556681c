// The address check alone, over every range it refuses and the public addresses it lets through;
// nothing here sends a packet.

import { describe, expect, test } from 'bun:test';
import { addressVerdict, formatIPv4, parseIPv4, parseIPv6, refusalMessage } from './address-check.ts';

const kindOf = (address: string) => addressVerdict(address)?.kind ?? 'public';

describe('IPv4', () => {
  test.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.254', 'shared (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.254', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('%s is %s', (address, kind) => {
    expect(kindOf(address)).toBe(kind);
  });

  test.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.1',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.1',
    '169.253.0.1',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
  ])('%s is public', (address) => {
    expect(addressVerdict(address)).toBeNull();
  });

  test('numeric spellings of 127.0.0.1 are all loopback, parsed as inet_aton (and URL parsing) read them', () => {
    for (const spelling of ['2130706433', '0x7f000001', '0x7F.1', '0177.0.0.1', '0177.0.0.01', '127.1', '127.0.1', '017700000001']) {
      expect(parseIPv4(spelling)).toBe(0x7f000001);
      expect(kindOf(spelling)).toBe('loopback');
    }
    expect(kindOf('0')).toBe('unspecified');
    expect(kindOf('0xa000001')).toBe('private');
    expect(kindOf('3232235777')).toBe('private'); // 192.168.1.1
  });

  test('malformed IPv4 text is no address, and is refused rather than taken for public', () => {
    for (const text of ['256.0.0.1', '1.2.3.4.5', '08.0.0.1', '1..2.3', '4294967296', '127.0.0.1 ', 'example.test', '']) expect(parseIPv4(text)).toBeNull();
    expect(kindOf('example.test')).toBe('reserved');
    expect(kindOf('1.2.3.4.5')).toBe('reserved');
  });

  test('URL parsing normalises numeric hosts before the check sees them', () => {
    for (const spelling of ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '%31%32%37.0.0.1']) {
      expect(new URL(`http://${spelling}/`).hostname).toBe('127.0.0.1');
    }
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
    expect(new URL('http://0/').hostname).toBe('0.0.0.0');
    expect(() => new URL('http://1.2.3.4.5/')).toThrow();
  });

  test('formatIPv4 spells a number as dotted quad', () => {
    expect(formatIPv4(0x7f000001)).toBe('127.0.0.1');
    expect(formatIPv4(0xffffffff)).toBe('255.255.255.255');
  });
});

describe('IPv6', () => {
  test.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['ff0e::fb', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    ['2001:10::1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(kindOf(address)).toBe(kind);
  });

  test.each(['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888', '[2620:fe::fe]'])('%s is public', (address) => {
    expect(addressVerdict(address)).toBeNull();
  });

  test('IPv4-mapped addresses are judged by the IPv4 address inside', () => {
    expect(addressVerdict('::ffff:127.0.0.1')).toEqual({ kind: 'loopback', embedded: '127.0.0.1' });
    expect(addressVerdict('::ffff:7f00:1')).toEqual({ kind: 'loopback', embedded: '127.0.0.1' });
    expect(addressVerdict('0:0:0:0:0:ffff:c0a8:0101')).toEqual({ kind: 'private', embedded: '192.168.1.1' });
    expect(addressVerdict('::ffff:169.254.169.254')).toEqual({ kind: 'link-local', embedded: '169.254.169.254' });
    expect(addressVerdict('::ffff:0:10.0.0.1')).toEqual({ kind: 'private', embedded: '10.0.0.1' });
    expect(addressVerdict('::ffff:8.8.8.8')).toBeNull();
  });

  test('IPv4-compatible addresses (deprecated) are refused, naming a bad embedded address', () => {
    expect(addressVerdict('::127.0.0.1')).toEqual({ kind: 'loopback', embedded: '127.0.0.1' });
    expect(addressVerdict('::7f00:1')).toEqual({ kind: 'loopback', embedded: '127.0.0.1' });
    expect(addressVerdict('::10.1.2.3')).toEqual({ kind: 'private', embedded: '10.1.2.3' });
    expect(kindOf('::8.8.8.8')).toBe('reserved');
  });

  test('6to4 (2002::/16) is judged by the IPv4 address in bits 16-48', () => {
    expect(addressVerdict('2002:7f00:1::1')).toEqual({ kind: 'loopback', embedded: '127.0.0.1' });
    expect(addressVerdict('2002:c0a8:101::')).toEqual({ kind: 'private', embedded: '192.168.1.1' });
    expect(addressVerdict('2002:a9fe:a9fe::1')).toEqual({ kind: 'link-local', embedded: '169.254.169.254' });
    expect(addressVerdict('2002:808:808::1')).toBeNull();
  });

  test('NAT64 (64:ff9b::/96) is judged by the IPv4 address in the last 32 bits', () => {
    expect(addressVerdict('64:ff9b::127.0.0.1')).toEqual({ kind: 'loopback', embedded: '127.0.0.1' });
    expect(addressVerdict('64:ff9b::a00:1')).toEqual({ kind: 'private', embedded: '10.0.0.1' });
    expect(addressVerdict('64:ff9b::808:808')).toBeNull();
  });

  test('Teredo (2001::/32) is judged by its server and its (inverted) client address', () => {
    // Client 127.0.0.1 inverted is 80ff:fffe.
    expect(addressVerdict('2001:0:4136:e378:8000:63bf:80ff:fffe')).toEqual({ kind: 'loopback', embedded: '127.0.0.1' });
    expect(addressVerdict('2001:0:c0a8:101::')?.kind).toBe('private');
    // Server 65.54.227.120, client 192.0.2.45 (documentation) inverted.
    expect(addressVerdict('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual({ kind: 'documentation', embedded: '192.0.2.45' });
    expect(addressVerdict('2001:0:4136:e378:8000:63bf:f7f7:f7f7')).toBeNull(); // client 8.8.8.8
  });

  test('malformed IPv6 text is no address', () => {
    for (const text of ['1::2::3', '12345::', ':::', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '::1.2.3.256', 'g::1', '::ffff:127.1'])
      expect(parseIPv6(text)).toBeNull();
    expect(parseIPv6('::ffff:1.2.3.4')?.slice(10)).toEqual(new Uint8Array([0xff, 0xff, 1, 2, 3, 4]));
  });
});

describe('refusalMessage', () => {
  test('names the address and what it is, and the IPv4 address inside when that decided', () => {
    expect(refusalMessage('127.0.0.2', addressVerdict('127.0.0.2')!)).toBe('Refused: 127.0.0.2 is a loopback address');
    expect(refusalMessage('::', addressVerdict('::')!)).toBe('Refused: :: is an unspecified address');
    expect(refusalMessage('::ffff:7f00:1', addressVerdict('::ffff:7f00:1')!)).toBe('Refused: ::ffff:7f00:1 is a loopback address (IPv4 127.0.0.1)');
    expect(refusalMessage('fd00::1', addressVerdict('fd00::1')!)).toBe('Refused: fd00::1 is a unique-local address');
  });
});
