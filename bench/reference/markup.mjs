// Turns the HTML React rendered (well-formed, attributes double-quoted) into a function that
// builds the same React element tree anew on every call, as a page component does per render.
// Script tags are dropped: the reference renders Remix's own <Scripts />.
import { createElement } from "react";

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const RAW = new Set(["script", "style"]);
const BOOLEAN = new Map(
  [
    "hidden",
    "async",
    "defer",
    "disabled",
    "checked",
    "selected",
    "required",
    "readonly:readOnly",
    "multiple",
    "autofocus:autoFocus",
    "novalidate:noValidate",
    "open",
    "nomodule:noModule",
  ].map((s) => {
    const [html, react] = s.split(":");
    return [html, react ?? html];
  }),
);
const RENAMED = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  charset: "charSet",
  crossorigin: "crossOrigin",
  autocomplete: "autoComplete",
  maxlength: "maxLength",
  minlength: "minLength",
  enctype: "encType",
  "http-equiv": "httpEquiv",
  inputmode: "inputMode",
  spellcheck: "spellCheck",
  colspan: "colSpan",
  rowspan: "rowSpan",
  srcset: "srcSet",
  datetime: "dateTime",
};

const decode = (s) =>
  s.replace(
    /&(amp|lt|gt|quot|#x27|#39|nbsp);/g,
    (_m, e) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: "\u00a0" })[e],
  );

function styleObject(text) {
  const style = {};
  for (const decl of text.split(";")) {
    const i = decl.indexOf(":");
    if (i < 0) continue;
    const name = decl.slice(0, i).trim();
    const key = name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_m, c) => c.toUpperCase());
    style[key] = decl.slice(i + 1).trim();
  }
  return style;
}

function attributes(text) {
  const props = {};
  const re = /([^\s=/>]+)(?:="([^"]*)")?/g;
  let m;
  while ((m = re.exec(text))) {
    const name = m[1];
    const raw = m[2];
    if (BOOLEAN.has(name)) props[BOOLEAN.get(name)] = true;
    else if (name === "style") props.style = styleObject(decode(raw ?? ""));
    else props[RENAMED[name] ?? name] = raw === undefined ? "" : decode(raw);
  }
  return props;
}

/** Parses the document into nodes: { tag, props, children } or strings. */
export function parse(html) {
  const root = { tag: "#root", props: {}, children: [] };
  const stack = [root];
  const re =
    /<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|<\/([a-zA-Z0-9-]+)\s*>|<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/g;
  let m;
  let elements = 0;
  while ((m = re.exec(html))) {
    const top = stack[stack.length - 1];
    if (m[1]) {
      if (top.tag === m[1]) stack.pop();
      continue;
    }
    if (m[2]) {
      const tag = m[2];
      const node = { tag, props: attributes(m[3] ?? ""), children: [] };
      elements += 1;
      top.children.push(node);
      if (RAW.has(tag)) {
        const end = html.indexOf(`</${tag}>`, re.lastIndex);
        node.raw = html.slice(re.lastIndex, end);
        re.lastIndex = end + tag.length + 3;
      } else if (!VOID.has(tag) && !m[4]) {
        stack.push(node);
      }
      continue;
    }
    if (m[5] !== undefined && !m[0].startsWith("<")) top.children.push(decode(m[5]));
  }
  return { root, elements };
}

function build(node, key, extraBody) {
  if (typeof node === "string") return node;
  if (node.tag === "script") return null;
  const props = key === undefined ? { ...node.props } : { ...node.props, key };
  if (node.raw !== undefined)
    return createElement(node.tag, { ...props, dangerouslySetInnerHTML: { __html: node.raw } });
  const children = node.children.map((c, i) => build(c, i, extraBody)).filter((c) => c !== null);
  if (node.tag === "body" && extraBody) children.push(...extraBody);
  if (children.length === 0) return createElement(node.tag, props);
  return createElement(node.tag, props, ...children);
}

/** A function that builds the <html> element (fresh objects each call), with `scripts` at the end of <body>. */
export function treeFactory(html) {
  const { root, elements } = parse(html);
  const htmlNode = root.children.find((c) => typeof c !== "string" && c.tag === "html");
  if (!htmlNode) throw new Error("no <html> element in the captured markup");
  return { elements, render: ({ scripts }) => build(htmlNode, undefined, scripts) };
}
