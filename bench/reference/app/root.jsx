// The whole page: the static tree server.mjs built from the captured markup, with Remix's own
// <Scripts /> and <ScrollRestoration /> (the captured page's script tags are left out of the tree).
import { Scripts, ScrollRestoration } from "@remix-run/react";
import { createElement } from "react";

export default function App() {
  const tree = globalThis.__REFERENCE_TREE__;
  if (!tree) return createElement("html", null, createElement("body", null, "no tree"));
  return tree({ scripts: [createElement(ScrollRestoration, { key: "sr" }), createElement(Scripts, { key: "s" })] });
}
