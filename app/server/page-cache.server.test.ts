import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  answerFromPageCache,
  chooseEncoding,
  clearPageCache,
  configurePageCache,
  invalidatePublicPages,
  freshNonce,
  joinPage,
  makeEntry,
  pageCacheGeneration,
  pageCacheHas,
  pageCacheKey,
  pageCacheMark,
  pageCacheMessage,
  publicPageTag,
  runWithInvalidationsAfterCommit,
  sharedPublicData,
  storeEntry,
  tagsOfPageCacheMark,
  type PageCacheMessage,
} from "./page-cache.server";

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
    expect(Buffer.concat(joinPage(entry, Buffer.from(fresh), "identity")).toString()).toBe(page(fresh));
    const gzip = Buffer.concat(joinPage(entry, Buffer.from(fresh), "gzip"));
    expect(gunzipSync(gzip).toString()).toBe(page(fresh));
    expect(gzip.length).toBeLessThan(page(fresh).length / 10);
    expect(entry.csp?.join(fresh)).toBe(`script-src 'self' 'nonce-${fresh}'`);
    expect(entry.head).not.toContain("Set-Cookie");
  });
});

describe("which requests the cache may answer", () => {
  it("a visitor's GET or HEAD, with at most the time-zone hint, keyed by it", () => {
    expect(pageCacheKey("GET", "/pricing", {})).toBe("\n/pricing");
    expect(pageCacheKey("HEAD", "/a/b?month=2026-12", { cookie: "tz=Europe%2FBerlin" })).toBe(
      "Europe/Berlin\n/a/b?month=2026-12",
    );
    expect(pageCacheKey("GET", "/a/b", { cookie: "tz=Not%2FAZone" })).toBe("\n/a/b");
  });

  it("keyed by the guest's clock cookie and the language of Accept-Language (docs/decisions/088)", () => {
    const spanish = pageCacheKey("GET", "/a/b", { "accept-language": "es-ES,es;q=0.9" });
    const german = pageCacheKey("GET", "/a/b", { "accept-language": "de" });
    expect(spanish).not.toBe(german);
    expect(spanish).not.toBe(pageCacheKey("GET", "/a/b", {}));
    // A language we do not speak is the same page as none.
    expect(pageCacheKey("GET", "/a/b", { "accept-language": "it" })).toBe(pageCacheKey("GET", "/a/b", {}));
    const h24 = pageCacheKey("GET", "/a/b", { cookie: "tz=UTC; clock=24" });
    expect(h24).not.toBeNull();
    expect(h24).not.toBe(pageCacheKey("GET", "/a/b", { cookie: "tz=UTC; clock=12" }));
    expect(pageCacheKey("GET", "/a/b", { cookie: "clock=99" })).toBe(pageCacheKey("GET", "/a/b", {}));
  });

  it("without the zone cookie, keyed by the zone Accept-Language's region suggests; the cookie wins (decision 091)", () => {
    const austria = pageCacheKey("GET", "/a/b", { "accept-language": "de-AT,de;q=0.9" });
    const germany = pageCacheKey("GET", "/a/b", { "accept-language": "de-DE,de;q=0.9" });
    expect(austria).toBe("Europe/Vienna\n/a/b\n\nde");
    expect(germany).toBe("Europe/Berlin\n/a/b\n\nde");
    expect(pageCacheKey("GET", "/a/b", { "accept-language": "de-AT", cookie: "tz=UTC" })).toBe("UTC\n/a/b\n\nde");
    // A country of several zones guesses none: the same page as the language alone.
    expect(pageCacheKey("GET", "/a/b", { "accept-language": "en-US" })).toBe(
      pageCacheKey("GET", "/a/b", { "accept-language": "en" }),
    );
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

describe("tags: only a committed write of what a page shows drops it", () => {
  const html = Buffer.from("<p>page</p>");
  const store = (key: string, tags: string[], renderedAt = pageCacheGeneration()) =>
    storeEntry(key, makeEntry(html, [], "", Date.now(), tags), renderedAt);

  it("a host's invalidation drops that host's pages and the team pages they host, nothing else", () => {
    configurePageCache({ ttlSeconds: 10 });
    const a = publicPageTag.host("a");
    const b = publicPageTag.host("b");
    store("a", [a]);
    store("b", [b]);
    store("team", [publicPageTag.team("t"), a, b]);
    store("home", [publicPageTag.home]);
    store("about", []);
    invalidatePublicPages([a]);
    expect(pageCacheHas("a")).toBe(false);
    expect(pageCacheHas("team")).toBe(false);
    expect(pageCacheHas("b")).toBe(true);
    expect(pageCacheHas("home")).toBe(true);
    expect(pageCacheHas("about")).toBe(true);
    invalidatePublicPages([publicPageTag.home]);
    expect(pageCacheHas("home")).toBe(false);
    expect(pageCacheHas("b")).toBe(true);
  });

  it("a render that began before an invalidation of one of its tags is not stored; of another tag it is", () => {
    configurePageCache({ ttlSeconds: 10 });
    const begun = pageCacheGeneration();
    invalidatePublicPages([publicPageTag.host("a")]);
    store("a", [publicPageTag.host("a")], begun);
    store("b", [publicPageTag.host("b")], begun);
    expect(pageCacheHas("a")).toBe(false);
    expect(pageCacheHas("b")).toBe(true);
    store("a", [publicPageTag.host("a")]);
    expect(pageCacheHas("a")).toBe(true);
  });

  it("no request by itself drops anything: a POST, a PUT, a DELETE, an unknown method go on untouched", () => {
    configurePageCache({ ttlSeconds: 10 });
    store("home", [publicPageTag.home]);
    let passed = 0;
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
      const req = new EventEmitter() as IncomingMessage;
      req.method = method;
      const res = new EventEmitter() as ServerResponse;
      answerFromPageCache(req, res, () => (passed += 1));
      res.emit("close");
    }
    expect(passed).toBe(5);
    expect(pageCacheHas("home")).toBe(true);
  });

  it("inside a transaction it waits for the commit, and a rolled-back one drops nothing; other workers hear it once", async () => {
    const sent: PageCacheMessage[] = [];
    configurePageCache({ ttlSeconds: 10, peers: { send: (m) => sent.push(m) } });
    store("a", [publicPageTag.host("a")]);
    await expect(
      runWithInvalidationsAfterCommit(async () => {
        invalidatePublicPages([publicPageTag.host("a")]);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(pageCacheHas("a")).toBe(true);
    expect(sent).toEqual([]);

    let inside = true;
    await runWithInvalidationsAfterCommit(async () => {
      invalidatePublicPages([publicPageTag.host("a")]);
      await runWithInvalidationsAfterCommit(async () => invalidatePublicPages([publicPageTag.host("a")]));
      inside = pageCacheHas("a");
    });
    expect(inside).toBe(true);
    expect(pageCacheHas("a")).toBe(false);
    expect(sent).toEqual([{ type: "page-cache:invalidate", tags: [publicPageTag.host("a")] }]);

    // Another worker's invalidation drops the same here, and is not sent on again.
    store("b", [publicPageTag.host("b")]);
    pageCacheMessage({ type: "page-cache:invalidate", tags: [publicPageTag.host("b")] });
    expect(pageCacheHas("b")).toBe(false);
    expect(sent).toHaveLength(1);
    configurePageCache({ ttlSeconds: 10 });
  });

  it("the tags travel in the render's mark", () => {
    expect(tagsOfPageCacheMark(pageCacheMark(["host:a", "team:t"]))).toEqual(["host:a", "team:t"]);
    expect(tagsOfPageCacheMark(pageCacheMark([]))).toEqual([]);
  });
});

describe("shared public data", () => {
  it("is read once until its tag is invalidated or the TTL passes; a request by itself changes nothing", async () => {
    configurePageCache({ ttlSeconds: 10 });
    let reads = 0;
    const read = async () => ++reads;
    const t0 = 1_000_000;
    const tags = [publicPageTag.home];
    expect(await sharedPublicData("k", read, { tags, now: t0 })).toBe(1);
    expect(await sharedPublicData("k", read, { tags, now: t0 + 9_999 })).toBe(1);
    expect(await sharedPublicData("k", read, { tags, now: t0 + 10_000 })).toBe(2);
    invalidatePublicPages([publicPageTag.host("someone")]);
    expect(await sharedPublicData("k", read, { tags, now: t0 + 10_001 })).toBe(2);
    invalidatePublicPages([publicPageTag.home]);
    expect(await sharedPublicData("k", read, { tags, now: t0 + 10_002 })).toBe(3);
    clearPageCache();
    expect(await sharedPublicData("k", read, { tags, now: t0 + 10_003 })).toBe(4);

    const req = new EventEmitter() as IncomingMessage;
    req.method = "POST";
    const res = new EventEmitter() as ServerResponse;
    answerFromPageCache(req, res, () => {});
    res.emit("close");
    expect(await sharedPublicData("k", read, { tags, now: t0 + 10_004 })).toBe(4);
  });

  it("is not kept across an invalidation that came while it was being read, nor after a failed read, nor with the TTL at 0", async () => {
    configurePageCache({ ttlSeconds: 10 });
    let reads = 0;
    let finish: (n: number) => void = () => {};
    const slow = () => new Promise<number>((resolve) => (finish = resolve));
    const tags = [publicPageTag.home];
    const first = sharedPublicData("slow", slow, { tags, now: 1 });
    invalidatePublicPages(tags);
    finish(1);
    expect(await first).toBe(1);
    expect(await sharedPublicData("slow", async () => 2, { tags, now: 2 })).toBe(2);

    await expect(sharedPublicData("bad", () => Promise.reject(new Error("down")), { now: 3 })).rejects.toThrow("down");
    expect(await sharedPublicData("bad", async () => "up", { now: 4 })).toBe("up");

    configurePageCache({ ttlSeconds: 0 });
    const read = async () => ++reads;
    expect(await sharedPublicData("off", read, { now: 5 })).toBe(1);
    expect(await sharedPublicData("off", read, { now: 6 })).toBe(2);
    configurePageCache({ ttlSeconds: 10 });
  });
});

describe("freshNonce", () => {
  it("gives 16 random bytes in base64, never the same, across refills of its pool", () => {
    const nonces = Array.from({ length: 1_000 }, () => freshNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(nonces.every((n) => /^[A-Za-z0-9+/]{22}==$/.test(n))).toBe(true);
  });
});
