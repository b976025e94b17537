import { describe, expect, it } from "vitest";
import { PRIVATE_NO_STORE, privateCacheControl } from "./private-cache.server";

const html = { cacheControl: null, contentType: "text/html; charset=utf-8", setsCookie: false };
const publicPage = { ...html, cacheControl: "public, max-age=0, s-maxage=10" };

describe("privateCacheControl", () => {
  it("a signed-in request (session cookie or bearer token) is private, no-store whatever the route said", () => {
    expect(privateCacheControl({ cookie: "__session=abc" }, html)).toBe(PRIVATE_NO_STORE);
    expect(privateCacheControl({ cookie: "tz=UTC; __session=abc" }, publicPage)).toBe(PRIVATE_NO_STORE);
    expect(privateCacheControl({ authorization: "Bearer x" }, { ...html, contentType: "application/json" })).toBe(
      PRIVATE_NO_STORE,
    );
  });

  it("an answer that sets a cookie is private, no-store", () => {
    expect(privateCacheControl({}, { ...publicPage, setsCookie: true })).toBe(PRIVATE_NO_STORE);
  });

  it("a JSON answer that says nothing is private, no-store; one that says public keeps it", () => {
    expect(privateCacheControl({}, { ...html, contentType: "application/json; charset=utf-8" })).toBe(PRIVATE_NO_STORE);
    expect(
      privateCacheControl(
        {},
        { cacheControl: "public, max-age=300", contentType: "application/json", setsCookie: false },
      ),
    ).toBeNull();
  });

  it("an anonymous visitor (at most the time-zone hint) keeps the page's own caching", () => {
    expect(privateCacheControl({}, publicPage)).toBeNull();
    expect(privateCacheControl({ cookie: "tz=Europe%2FBerlin" }, publicPage)).toBeNull();
    expect(privateCacheControl({}, html)).toBeNull();
  });
});
