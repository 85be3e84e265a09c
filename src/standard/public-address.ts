/**
 * Whether an address is one anyone on the public internet can open over https: the rule for a
 * listed server's target (anyone can re-run the kit against it) and for the origin a released
 * package links its help to. The check is on the URL's form alone (no DNS lookup, so the build
 * stays offline): https, and a host that is neither a non-public IP address (RFC 6890 special-purpose
 * registries: loopback, private, shared, link-local, documentation, multicast, reserved) nor a name
 * that by its own RFC never resolves on the public internet (localhost, .local, .test, .example,
 * .invalid, .internal, .onion, .alt, .home.arpa) or a single label (an intranet name). An IPv6
 * address that carries an IPv4 one (mapped, NAT64, 6to4) is judged by the IPv4 address.
 */

/** Top-level names reserved for use outside the public DNS (RFC 2606, 6761, 6762, 7686, 9476; ICANN's .internal). */
const PRIVATE_NAMES = ['localhost', 'local', 'test', 'example', 'invalid', 'internal', 'onion', 'alt'];

/** IPv4 blocks that are not globally reachable (RFC 6890 and its updates), as [first octets, prefix length]. */
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const v4Number = (address: string): number => address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);

function privateV4(address: string): boolean {
  const n = v4Number(address);
  return PRIVATE_V4.some(
    ([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4Number(base) / 2 ** (32 - bits)),
  );
}

/** The eight 16-bit groups of an IPv6 address as the WHATWG URL parser serializes it (compressed, hex). */
function v6Groups(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address two 16-bit groups carry. */
const v4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

function privateV6(address: string): boolean {
  const g = v6Groups(address);
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // :: and ::1, and the deprecated IPv4-compatible ::a.b.c.d (RFC 4291 section 2.5.5.1), never routed.
  if (zero(0, 6)) return true;
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64's well-known prefix (64:ff9b::/96, RFC 6052): the IPv4 address decides.
  if (zero(0, 5) && g[5] === 0xffff) return privateV4(v4Of(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return privateV4(v4Of(g[6]!, g[7]!));
  // 6to4 (2002::/16, RFC 3056) carries its IPv4 address in the next two groups.
  if (g[0] === 0x2002) return privateV4(v4Of(g[1]!, g[2]!));
  return (
    (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) || // local-use NAT64 64:ff9b:1::/48 (RFC 8215)
    (g[0] === 0x0100 && zero(1, 4)) || // discard-only 100::/64 (RFC 6666)
    (g[0] === 0x2001 && g[1] === 0x0002 && g[2] === 0) || // benchmarking 2001:2::/48 (RFC 5180)
    (g[0]! & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (g[0]! & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g[0]! & 0xff00) === 0xff00 || // multicast ff00::/8
    (g[0] === 0x2001 && g[1] === 0x0db8) // documentation 2001:db8::/32
  );
}

/**
 * Why `value` is not a public https address, or undefined when it is. The reason reads after the
 * address: `https://127.0.0.1/uai is on a loopback or private IP address`.
 */
export function notPublicHttps(value: string): string | undefined {
  if (!URL.canParse(value)) return 'is not an absolute URL';
  const url = new URL(value);
  if (url.protocol !== 'https:') return `uses ${url.protocol.slice(0, -1)}, not https`;
  // The URL parser has already normalized the host: IPv4 in dotted decimal, IPv6 compressed in brackets.
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (host.startsWith('[')) return privateV6(host.slice(1, -1)) ? 'is on a loopback or private IP address' : undefined;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return privateV4(host) ? 'is on a loopback or private IP address' : undefined;
  const labels = host.split('.');
  const last = labels.at(-1)!;
  if (PRIVATE_NAMES.includes(last) || host.endsWith('.home.arpa'))
    return `is under ${host.endsWith('.home.arpa') ? 'home.arpa' : last}, a name the public DNS never resolves`;
  if (labels.length < 2) return `has the single-label host ${host}, which only a local network resolves`;
  return undefined;
}
