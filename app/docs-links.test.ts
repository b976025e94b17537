import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/** README.md and docs/*.md: every relative link must reach a file of the repository (and a heading, when it names one). */
const pages = [
  "README.md",
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name)),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function links(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((target) => !/^[a-z]+:/i.test(target));
}

describe("links in README.md and docs/", () => {
  it("reads the pages", () => {
    expect(pages.length).toBeGreaterThan(5);
  });

  it("point to files that exist, and to headings that exist", () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const target of links(readFileSync(page, "utf8"))) {
        const [path, hash] = target.split("#");
        const file = path === "" ? page : join(dirname(page), decodeURIComponent(path));
        if (!existsSync(file)) {
          broken.push(`${page}: ${target}`);
          continue;
        }
        if (hash && file.endsWith(".md")) {
          const headings = [...readFileSync(file, "utf8").matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]));
          if (!headings.includes(hash)) broken.push(`${page}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
