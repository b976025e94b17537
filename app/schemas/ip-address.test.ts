import { describe, expect, it } from "vitest";
import { isPrivateAddress as webhookGuard } from "./webhook";
import { isPrivateAddress, parseIpv6 } from "./ip-address";

/** Every form of a loopback, private, link-local or special address the server must refuse. */
const PRIVATE_ADDRESSES = [
  // IPv4
  "0.0.0.0",
  "10.1.2.3",
  "100.64.0.1",
  "127.0.0.1",
  "127.255.255.254",
  "169.254.169.254",
  "172.16.0.1",
  "172.31.255.255",
  "192.0.0.1",
  "192.0.2.1",
  "192.88.99.1",
  "192.168.1.1",
  "198.18.0.1",
  "198.51.100.7",
  "203.0.113.9",
  "224.0.0.1",
  "255.255.255.255",
  // IPv6 loopback and unspecified, in every spelling
  "::",
  "::1",
  "0:0:0:0:0:0:0:1",
  "[::1]",
  "::1%lo",
  // IPv4-compatible (deprecated): ::127.0.0.1 and its hex form, and any other
  "::127.0.0.1",
  "::7f00:1",
  "::a00:1",
  "::8.8.8.8",
  // IPv4-mapped and IPv4-translated with a private IPv4
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "0:0:0:0:0:ffff:7f00:1",
  "::ffff:10.0.0.1",
  "::ffff:a9fe:a9fe",
  "::ffff:0:7f00:1",
  "::ffff:0:127.0.0.1",
  "::ffff:0:a9fe:a9fe",
  // NAT64 with a private IPv4, and local-use NAT64
  "64:ff9b::127.0.0.1",
  "64:ff9b::7f00:1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b::c0a8:101",
  "64:ff9b:1::8.8.8.8",
  // 6to4 with a private IPv4
  "2002:7f00:1::",
  "2002:7f00:0001::1",
  "2002:a00:1::1",
  "2002:c0a8:101::5",
  "2002:a9fe:a9fe::",
  // Teredo, documentation, discard-only
  "2001::1",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "2001:db8::1",
  "100::1",
  // Unique local, link-local, site-local, multicast
  "fc00::1",
  "fd12:3456:789a::1",
  "fe80::1",
  "fe80::1%eth0",
  "febf::1",
  "fec0::1",
  "ff02::1",
  // Not an address at all
  "not-an-ip",
  "1.2.3",
  "1:2:3:4:5:6:7:8:9",
  ":::1",
];

const PUBLIC_ADDRESSES = [
  "8.8.8.8",
  "93.184.216.34",
  "172.32.0.1",
  "100.128.0.1",
  "2606:2800:220:1:248:1893:25c8:1946",
  "2001:4860:4860::8888",
  "2a00:1450:4001:80b::200e",
  "::ffff:8.8.8.8",
  "::ffff:0808:0808",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
];

describe("isPrivateAddress", () => {
  it("refuses every private form, IPv4 inside IPv6 included", () => {
    expect(PRIVATE_ADDRESSES.filter((ip) => !isPrivateAddress(ip))).toEqual([]);
  });

  it("lets public addresses through, in IPv4 and IPv6 and IPv4 inside IPv6", () => {
    expect(PUBLIC_ADDRESSES.filter((ip) => isPrivateAddress(ip))).toEqual([]);
  });

  it("is the webhook form's guard too", () => {
    expect(PRIVATE_ADDRESSES.filter((ip) => !webhookGuard(ip))).toEqual([]);
    expect(PUBLIC_ADDRESSES.filter((ip) => webhookGuard(ip))).toEqual([]);
  });
});

describe("parseIpv6", () => {
  it("reads every spelling to the same bytes", () => {
    const loopback = [...Array<number>(15).fill(0), 1];
    expect(parseIpv6("::1")).toEqual(loopback);
    expect(parseIpv6("0:0:0:0:0:0:0:1")).toEqual(loopback);
    expect(parseIpv6("::0.0.0.1")).toEqual(loopback);
    expect(parseIpv6("::ffff:127.0.0.1")).toEqual(parseIpv6("::ffff:7f00:1"));
    expect(parseIpv6("1::2::3")).toBeNull();
    expect(parseIpv6("12345::")).toBeNull();
  });
});
