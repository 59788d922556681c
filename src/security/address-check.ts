// Says whether an IP address is public, so the hub never fetches from itself or the household's
// network; IPv6 forms that carry an IPv4 address inside are judged by that IPv4 address.

/** What kind of non-public address this is, in words for a message ("a loopback address"). */
export type AddressKind =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'site-local'
  | 'shared (CGNAT)'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved';

export interface AddressVerdict {
  kind: AddressKind;
  /** For IPv6 forms that embed an IPv4 address: that address, which decided the verdict. */
  embedded?: string;
}

/**
 * An IPv4 address in any spelling inet_aton accepts (what URL parsing normalises too):
 * 1 to 4 parts, each decimal, octal (leading 0) or hex (0x), the last part filling the rest.
 * Null when the text is not such an address.
 */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length > 4 || parts.some((p) => p === '')) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255)) return null;
  if (last >= 256 ** (4 - values.length)) return null;
  return values.reduce((sum, v, i) => sum + v * 256 ** (3 - i), 0) + last;
}

export function formatIPv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** The 16 bytes of an IPv6 address (brackets allowed, a dotted IPv4 tail allowed), or null. */
export function parseIPv6(text: string): Uint8Array | null {
  let t = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // A zone (fe80::1%eth0) only picks an interface; the address is what is judged.
  t = t.replace(/%.*$/, '');
  if (!t.includes(':')) return null;
  const halves = t.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    const pieces = s.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(piece) ? parseIPv4(piece) : null;
        if (v4 === null || piece.split('.').some((p) => Number(p) > 255)) return null;
        out.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(Number.parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...new Array<number>(missing).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    bytes[i * 2] = g >>> 8;
    bytes[i * 2 + 1] = g & 255;
  });
  return bytes;
}

const V4_RANGES: Array<[string, number, AddressKind]> = [
  // Order matters only where ranges nest: the broadcast address sits inside 240/4.
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 32, 'unspecified'],
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V4_TABLE = V4_RANGES.map(([base, bits, kind]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: (parseIPv4(base)! & mask) >>> 0, mask, kind };
});

/** The kind of a non-public IPv4 address (as a 32-bit number), or null when it is public. */
export function ipv4Kind(value: number): AddressKind | null {
  for (const range of V4_TABLE) if ((value & range.mask) >>> 0 === range.base) return range.kind;
  return null;
}

function startsWith(bytes: Uint8Array, prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

const v4At = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

function embeddedVerdict(value: number): AddressVerdict | null {
  const kind = ipv4Kind(value);
  return kind ? { kind, embedded: formatIPv4(value) } : null;
}

/** The verdict on a non-public IPv6 address (16 bytes), or null when it is public. */
export function ipv6Verdict(b: Uint8Array): AddressVerdict | null {
  const zeroUpTo = (n: number) => b.subarray(0, n).every((x) => x === 0);
  if (zeroUpTo(16)) return { kind: 'unspecified' };
  if (zeroUpTo(15) && b[15] === 1) return { kind: 'loopback' };
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): the IPv4 address is the target.
  if (zeroUpTo(10) && b[10] === 0xff && b[11] === 0xff) return embeddedVerdict(v4At(b, 12));
  if (zeroUpTo(12)) return embeddedVerdict(v4At(b, 12)) ?? { kind: 'reserved' };
  // ::ffff:0:a.b.c.d (SIIT translated) is judged by its IPv4 address too.
  if (zeroUpTo(8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return embeddedVerdict(v4At(b, 12));
  // NAT64 (64:ff9b::/96): a gateway would connect to the embedded IPv4 address.
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b], 96)) return embeddedVerdict(v4At(b, 12));
  // Local-use NAT64 (64:ff9b:1::/48) only exists inside a network.
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48)) return { kind: 'reserved' };
  // 6to4 (2002::/16) carries its IPv4 address in bits 16-48.
  if (startsWith(b, [0x20, 0x02], 16)) return embeddedVerdict(v4At(b, 2));
  // Teredo (2001::/32): the server in bits 32-64, the client inverted in the last 32 bits.
  if (startsWith(b, [0x20, 0x01, 0x00, 0x00], 32)) return embeddedVerdict(v4At(b, 4)) ?? embeddedVerdict(~v4At(b, 12) >>> 0);
  if (startsWith(b, [0x20, 0x01, 0x0d, 0xb8], 32)) return { kind: 'documentation' };
  if (startsWith(b, [0x3f, 0xff], 20)) return { kind: 'documentation' };
  if (startsWith(b, [0x20, 0x01, 0x00, 0x02, 0x00, 0x00], 48)) return { kind: 'benchmarking' };
  if (startsWith(b, [0xfc], 7)) return { kind: 'unique-local' };
  if (startsWith(b, [0xfe, 0x80], 10)) return { kind: 'link-local' };
  if (startsWith(b, [0xfe, 0xc0], 10)) return { kind: 'site-local' };
  if (startsWith(b, [0xff], 8)) return { kind: 'multicast' };
  // Everything outside 2000::/3 (global unicast) is unassigned or special: discard-only 100::/64,
  // the IETF's own blocks and the rest.
  if (!startsWith(b, [0x20], 3)) return { kind: 'reserved' };
  // Inside 2000::/3, the IETF protocol block 2001::/23 holds special-purpose addresses (ORCHID etc.).
  if (startsWith(b, [0x20, 0x01, 0x00], 23)) return { kind: 'reserved' };
  return null;
}

/**
 * The verdict on an address written as text (IPv4 in any numeric spelling, IPv6 with or without
 * brackets): null when it is public, else what it is. Text that is no address at all is refused
 * as reserved, so a caller can never mistake garbage for a public address.
 */
export function addressVerdict(address: string): AddressVerdict | null {
  const v4 = parseIPv4(address);
  if (v4 !== null) {
    const kind = ipv4Kind(v4);
    return kind ? { kind } : null;
  }
  const v6 = parseIPv6(address);
  if (v6) return ipv6Verdict(v6);
  return { kind: 'reserved' };
}

/** True when the text is an IP address (any IPv4 spelling, or IPv6) rather than a name. */
export function isIpAddress(host: string): boolean {
  return parseIPv4(host) !== null || parseIPv6(host) !== null;
}

/** "Refused: 127.0.0.2 is a loopback address", "Refused: ::ffff:7f00:1 is a loopback address (IPv4 127.0.0.1)". */
export function refusalMessage(address: string, verdict: AddressVerdict): string {
  // "a unique-local", "an unspecified": the only kind that takes "an".
  const article = verdict.kind === 'unspecified' ? 'an' : 'a';
  const inner = verdict.embedded && verdict.embedded !== address ? ` (IPv4 ${verdict.embedded})` : '';
  return `Refused: ${address} is ${article} ${verdict.kind} address${inner}`;
}
