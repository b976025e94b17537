import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createElement } from "react";
import { expect, it } from "vitest";

type Render = typeof import("react-dom/server").renderToPipeableStream;
const require = createRequire(import.meta.url);
const reactDom = path.dirname(require.resolve("react-dom/package.json"));
/** Both of the package's Node builds (its exports name neither): the server runs the production one. */
const BUILDS: Record<string, Render> = Object.fromEntries(
  ["development", "production.min"].map((build) => [
    build,
    (require(path.join(reactDom, `cjs/react-dom-server.node.${build}.js`)) as { renderToPipeableStream: Render })
      .renderToPipeableStream,
  ]),
);

/**
 * React 18's streaming renderer writes its 2 KB buffer whole when a multi-byte character does not
 * fit at its end, so the unwritten bytes go out as NUL characters (facebook/react#24985, fixed
 * upstream by facebook/react#26228 but in no React 18 release). patches/react-dom+18.3.1.patch
 * writes only the bytes written (docs/decisions/115); a page with "€" or "ü" near a 2 KB boundary
 * showed "\u0000€25.00" to the host.
 */
function render(renderToPipeableStream: Render, pad: number): Promise<Buffer> {
  const children = ["x".repeat(pad), ...Array.from({ length: 600 }, (_, i) => createElement("b", { key: i }, "€"))];
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(createElement("div", null, children), {
      onAllReady: () => pipe(sink),
      onError: reject,
    });
  });
}

it("react-dom's stream never carries NUL bytes where a multi-byte character meets its buffer's end", async () => {
  for (const [build, renderToPipeableStream] of Object.entries(BUILDS)) {
    for (let pad = 0; pad < 10; pad++) {
      const html = await render(renderToPipeableStream, pad);
      expect(html.includes(0), `${build}, pad ${pad}: a NUL byte at ${html.indexOf(0)}`).toBe(false);
      expect(html.toString("utf8").split("€").length - 1, `${build}, pad ${pad}`).toBe(600);
    }
  }
});
