import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Decision record 031: thrown 404/403 answers go through app/utils/responses.ts and a form's
 * pending state through app/utils/pending.ts. These checks find a hand-written copy anywhere in app/.
 */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sources("app").map((path) => ({ path, text: readFileSync(path, "utf8") }));

describe("one way", () => {
  it("reads the sources", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("throws 404 and 403 only through notFound and forbidden", () => {
    const inline = files
      .filter(({ path }) => !path.endsWith("responses.ts"))
      .filter(({ text }) => /new Response\([^)]*status:\s*(404|403)\b/.test(text))
      .map(({ path }) => path);
    expect(inline).toEqual([]);
  });

  it("gives every folder of app/ a place in the lint rule's layers (eslint.config.js), so none escapes it", () => {
    const config = readFileSync("eslint.config.js", "utf8");
    const layers = config.slice(
      config.indexOf("const LAYERS = {"),
      config.indexOf("};", config.indexOf("const LAYERS = {")),
    );
    const folders = readdirSync("app").filter((name) => statSync(join("app", name)).isDirectory());
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((folder) => !new RegExp(`^\\s+${folder}: \\[`, "m").test(layers))).toEqual([]);
  });

  it("keeps the JSON API's plumbing (app/api) out of the HTML routes (.tsx): what both need lives in services, schemas or messages (decision 055)", () => {
    const html = files.filter(
      ({ path }) =>
        path.startsWith(join("app", "routes")) &&
        // A page's server names come through its NAME.server.ts (decision 122).
        (path.endsWith(".tsx") || path.endsWith(".server.ts")) &&
        !path.startsWith(join("app", "routes", "api.")),
    );
    expect(html.length).toBeGreaterThan(20);
    expect(html.filter(({ text }) => /from "~\/api\//.test(text)).map(({ path }) => path)).toEqual([]);
  });

  it("parses forms only through app/schemas/form-parse.ts, which refuses nested keys for scalar fields (decision 063)", () => {
    const direct = files
      .filter(({ path }) => !path.endsWith("form-parse.ts"))
      .filter(({ text }) => /import \{[^}]*\bparseWithZod\b[^}]*\} from "@conform-to\/zod/.test(text))
      .map(({ path }) => path);
    expect(direct).toEqual([]);
  });

  it("reads useNavigation for pending forms only in app/utils/pending.ts", () => {
    const direct = files
      .filter(({ path, text }) => !path.endsWith("pending.ts") && /\buseNavigation\(/.test(text))
      .map(({ path }) => path);
    expect(direct).toEqual([]);
  });
});
