import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readManifest, routeChunks, routeGzipBytes } from "../../scripts/js-budget.mjs";

/**
 * The JavaScript budget (README "JavaScript budget"): what a browser downloads for a page, gzip,
 * from the build's manifest (entry, root, the page's route and every chunk they import).
 *
 * Why these figures: the aim was 90 KB for the home page and 110 KB for the booking page, under
 * the 222.7 KB of the single-page app this replaces. Remix 2 with React 18 alone (react-dom,
 * the router, @remix-run/react and the part of @remix-run/server-runtime it imports) is about
 * 100 KB gzip before any page of ours, so the budgets are what the pages weigh now (home 129.9 KB,
 * booking page 131.2 KB, down from 258.0 and 251.4) plus about 3 KB: a change that brings zod (91 KB)
 * or luxon (22 KB) back to these pages, or grows them otherwise, fails here.
 */
const KB = 1024;
const BUDGETS: { page: string; routeId: string; maxKB: number }[] = [
  { page: "home page", routeId: "routes/_index", maxKB: 131 },
  { page: "booking page", routeId: "routes/$username_.$slug", maxKB: 132 },
];

const PUBLIC_DIR = path.resolve("public");
const manifest = readManifest(PUBLIC_DIR);
const source = (routeId: string) =>
  (routeChunks(manifest, routeId) as string[]).map((chunk) => fs.readFileSync(path.join(PUBLIC_DIR, chunk), "utf8")).join("\n");

describe("JavaScript budget", () => {
  for (const { page, routeId, maxKB } of BUDGETS) {
    it(`the ${page} loads at most ${maxKB} KB of gzip JavaScript`, () => {
      const kb = routeGzipBytes(manifest, routeId, PUBLIC_DIR) / KB;
      expect(kb, `${page}: ${kb.toFixed(1)} KB gzip (node scripts/js-budget.mjs lists every page)`).toBeLessThanOrEqual(maxKB);
    });

    it(`the ${page} carries neither zod nor luxon`, () => {
      const js = source(routeId);
      expect(js, "zod reached the page").not.toContain('"$ZodError"');
      expect(js, "luxon reached the page").not.toContain("isLuxonDateTime");
    });
  }

  it("the home page's review form, with zod, is a chunk of its own, loaded only when it opens", () => {
    const chunks = fs.readdirSync(path.join(PUBLIC_DIR, "build/_shared")).filter((f) => /^review-form-.*\.js$/.test(f));
    expect(chunks).toHaveLength(1);
    expect(routeChunks(manifest, "routes/_index")).not.toContain(`/build/_shared/${chunks[0]}`);
  });
});
