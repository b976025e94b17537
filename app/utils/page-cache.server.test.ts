import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, joinPage, makeEntry, pageCacheKey } from "./page-cache.server";

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">var a=1;</script></head><body>${"<p>Some words, again and again.</p>".repeat(2000)}<script nonce="${nonce}">var b=2;</script><script src="/x.js" nonce="${nonce}"></script></body></html>`;

describe("a stored page", () => {
  it("goes out with the fresh nonce in every place the render's was, as is and as valid gzip", () => {
    const entry = makeEntry(
      Buffer.from(page(NONCE)),
      [
        ["Content-Security-Policy", `script-src 'self' 'nonce-${NONCE}'`],
        ["Set-Cookie", "a=b"],
      ],
      NONCE,
    );
    expect(entry.pieces).toHaveLength(4);
    const fresh = "bmV3LW5vbmNlLTEyMzQ1Ng==";
    expect(joinPage(entry, Buffer.from(fresh), "identity").toString()).toBe(page(fresh));
    const gzip = joinPage(entry, Buffer.from(fresh), "gzip");
    expect(gunzipSync(gzip).toString()).toBe(page(fresh));
    expect(gzip.length).toBeLessThan(page(fresh).length / 10);
    expect(entry.csp?.join(fresh)).toBe(`script-src 'self' 'nonce-${fresh}'`);
    expect(entry.head).not.toContain("Set-Cookie");
  });
});

describe("which requests the cache may answer", () => {
  it("a visitor's GET or HEAD, with at most the time-zone hint, keyed by it", () => {
    expect(pageCacheKey("GET", "/pricing", {})).toBe("\n/pricing");
    expect(pageCacheKey("HEAD", "/a/b?month=2026-12", { cookie: "tz=Europe%2FBerlin" })).toBe("Europe/Berlin\n/a/b?month=2026-12");
    expect(pageCacheKey("GET", "/a/b", { cookie: "tz=Not%2FAZone" })).toBe("\n/a/b");
  });

  it("nothing with a session, a toast, any other cookie, credentials or a body, nor the JSON paths and data requests", () => {
    expect(pageCacheKey("GET", "/", { cookie: "__session=x" })).toBeNull();
    expect(pageCacheKey("GET", "/", { cookie: "tz=UTC; __toast=x" })).toBeNull();
    expect(pageCacheKey("GET", "/", { cookie: "other=1" })).toBeNull();
    expect(pageCacheKey("GET", "/", { authorization: "Bearer x" })).toBeNull();
    expect(pageCacheKey("GET", "/", { "content-length": "3" })).toBeNull();
    expect(pageCacheKey("POST", "/", {})).toBeNull();
    expect(pageCacheKey("GET", "/api/slots?x=1", {})).toBeNull();
    expect(pageCacheKey("GET", "/pricing.data", {})).toBeNull();
  });

  it("gzip only when the client takes it", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("gzip");
    expect(chooseEncoding("br")).toBe("identity");
    expect(chooseEncoding("gzip;q=0, br")).toBe("identity");
  });
});
