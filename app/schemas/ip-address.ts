/**
 * Which addresses the server must not reach on a user's behalf (webhooks, calendar servers):
 * every form of loopback, private, link-local and other special-purpose addresses, IPv4 written
 * inside IPv6 included (decision 063). Pure: it parses the text itself (no node:net), so the
 * webhook form's checks and the outbound fetch share it.
 */

/** The 4 bytes of a dotted IPv4 address, or null. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((n) => n >= 0 && n <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address (with `::`, an embedded dotted IPv4 and a `%zone`), or null. */
export function parseIpv6(text: string): number[] | null {
  const address = text.replace(/%.*$/, "");
  if (!/^[0-9a-f:.]+$/i.test(address) || address.length > 45) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i];
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIpv4(piece);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        out.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const words = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return words.flatMap((w) => [w >> 8, w & 255]);
}

function inV4(bytes: number[], base: [number, number, number, number], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((bytes[bit >> 3] & mask) !== (base[bit >> 3] & mask)) return false;
  }
  return true;
}

/** IPv4 ranges a user's URL must not reach (RFC 6890 special-purpose, and multicast and reserved). */
const V4_BLOCKED: [[number, number, number, number], number][] = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata at 169.254.169.254)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

function isPrivateV4(bytes: number[]): boolean {
  return V4_BLOCKED.some(([base, prefix]) => inV4(bytes, base, prefix));
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

function isPrivateV6(b: number[]): boolean {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated): the IPv4 address decides.
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return isPrivateV4(b.slice(12));
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return isPrivateV4(b.slice(12));
  // 64:ff9b::/96 (NAT64): the embedded IPv4 decides; 64:ff9b:1::/48 (local-use NAT64) is private.
  if (startsWith(b, [0, 0x64, 0xff, 0x9b]) && zeros(4, 12)) return isPrivateV4(b.slice(12));
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, 0, 1])) return true;
  // 2002::/16 (6to4): the IPv4 address in bits 16-48 decides.
  if (startsWith(b, [0x20, 0x02])) return isPrivateV4(b.slice(2, 6));
  // ::/8 whole: unspecified, loopback, IPv4-compatible (::a.b.c.d, ::7f00:1) and the rest reserved.
  if (b[0] === 0) return true;
  return (
    startsWith(b, [0x01, 0x00, 0, 0, 0, 0, 0, 0]) || // 100::/64 discard-only
    (b[0] === 0x20 && b[1] === 0x01 && b[2] < 0x02) || // 2001::/23 IETF special-purpose (Teredo, benchmarking, ORCHID)
    startsWith(b, [0x20, 0x01, 0x0d, 0xb8]) || // 2001:db8::/32 documentation
    (b[0] & 0xfe) === 0xfc || // fc00::/7 unique local
    (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) || // fe80::/10 link-local
    (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) || // fec0::/10 site-local (deprecated)
    b[0] === 0xff // multicast
  );
}

/**
 * True for an address the server must not reach on a user's behalf, and for text that is no
 * address at all (refused rather than guessed at). Brackets ([::1]) are taken off first.
 */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.replace(/^\[|\]$/g, "");
  const v4 = parseIpv4(address);
  if (v4) return isPrivateV4(v4);
  const v6 = address.includes(":") ? parseIpv6(address) : null;
  return v6 ? isPrivateV6(v6) : true;
}
