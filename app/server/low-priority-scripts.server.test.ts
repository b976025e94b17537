import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "./low-priority-scripts.server";

/** The end of a document as Remix's <Scripts/> writes it (two preloads, the module script). */
const DOCUMENT = [
  "<!DOCTYPE html><html><head></head><body><main>Page</main>",
  '<link rel="modulepreload" href="/build/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/build/_shared/chunk-B.js"/>',
  '<script nonce="N0nce">window.__remixContext = {};</script>',
  '<script nonce="N0nce" type="module" async="">import * as route0 from "/build/root-C.js";\nimport("/build/entry.client-A.js");</script>',
  "</body></html>",
].join("");

describe("scripts at low priority", () => {
  it("marks every preload and the module script, and changes nothing else", () => {
    const html = lowPriorityScripts(Buffer.from(DOCUMENT)).toString("utf8");
    expect(html.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(html).not.toMatch(/<link rel="modulepreload" href=/);
    expect(html).toContain('<script nonce="N0nce" type="module" fetchpriority="low" async="">import * as route0');
    expect(html.replaceAll(' fetchpriority="low"', "")).toBe(DOCUMENT);
  });

  it("gives back the very same bytes for a document without them (a page sent without React)", () => {
    const page = Buffer.from('<html><body><main>Reviews: é, 日本</main><script nonce="N">run()</script></body></html>');
    expect(lowPriorityScripts(page)).toBe(page);
  });
});
