/**
 * A rendered document whose JavaScript is fetched at low priority (docs/decisions/046). Remix's
 * <Scripts/> writes a `<link rel="modulepreload">` per chunk and one inline module script that
 * imports the route modules and starts hydration; browsers fetch all of them at high priority,
 * the priority of what the first paint waits for. Nothing the first paint needs is among them:
 * the stylesheet is inline and the server's HTML works without JavaScript. So each preload, and
 * the module script (whose imports are fetched with its priority), says `fetchpriority="low"`:
 * anything the page does need first (an image in view) goes before them; they are fetched as
 * soon, in parallel, as before, when nothing else is waiting.
 *
 * The attribute is added to the server's HTML as it is written (app/server/remix-handler.server.ts:
 * a document rendered at once is one write; a part streamed later, for deferred data, its own);
 * React, hydrating, leaves an attribute it does not render as it is. The text of a page cannot
 * hold these byte sequences (React escapes quotes in text and attribute values), so only Remix's
 * own tags match.
 */
const MARKS: Array<[Buffer, Buffer]> = [
  [Buffer.from('<link rel="modulepreload"'), Buffer.from('<link rel="modulepreload" fetchpriority="low"')],
  [Buffer.from(' type="module" async="">'), Buffer.from(' type="module" fetchpriority="low" async="">')],
];
/** The document with every mark replaced: the very same Buffer when it has none. */
export function lowPriorityScripts(document: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (;;) {
    let found = -1;
    let replacement: Buffer | null = null;
    let length = 0;
    for (const [mark, replaced] of MARKS) {
      const at = document.indexOf(mark, from);
      if (at !== -1 && (found === -1 || at < found)) [found, replacement, length] = [at, replaced, mark.length];
    }
    if (!replacement) break;
    parts.push(document.subarray(from, found), replacement);
    from = found + length;
  }
  if (from === 0) return document;
  parts.push(document.subarray(from));
  return Buffer.concat(parts);
}
