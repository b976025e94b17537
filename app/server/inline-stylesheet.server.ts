import fs from "node:fs";
import path from "node:path";

const texts = new Map<string, string>();

/**
 * The text of a built stylesheet (a `/build/...` URL), read once from `public/` (where server.mjs
 * serves it from), to inline in the document's head.
 */
export function stylesheetText(href: string): string {
  let text = texts.get(href);
  if (text === undefined) {
    text = fs.readFileSync(path.resolve("public", href.replace(/^\//, "")), "utf8");
    texts.set(href, text);
  }
  return text;
}
