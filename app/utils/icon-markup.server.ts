import { createRequire } from "node:module";
import Bell from "lucide-react/icons/bell";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Icons rendered once per server, not on every render (docs/decisions/043).
 *
 * Every lucide icon renders through the package's `Icon` component, which merges its props with
 * the defaults, builds the SVG's attributes and makes one element per path on each render: a
 * page with 60 icons spent about half a millisecond and its garbage on them. The server replaces
 * `Icon`'s render with one that, for props made only of strings, numbers and booleans (how the
 * app uses icons), renders the icon once and keeps an element whose paths are its markup, which
 * React writes as is. The HTML is byte for byte what lucide renders (the test compares them).
 * Anything else (children, a ref, objects, functions) renders as before. The browser keeps
 * lucide's own component: it hydrates the same `<svg>` and paths.
 *
 * Node loads lucide twice: `lucide-react` resolves to its CommonJS build and
 * `lucide-react/icons/<name>` to its ES modules, each with its own `Icon`; both are replaced.
 */
type Props = Record<string, unknown> & { icon?: object; children?: unknown };
type Render = (props: Props, ref: unknown) => ReactElement | null;
type ForwardRef = { render: Render };

/** Kept elements, at most; past it icons render as before (the app uses fewer than 200). */
export const MAX_KEPT_ICONS = 2000;

const kept = new Map<object, Map<string, ReactElement>>();
let keptCount = 0;

/** The props as a key when they are only primitives besides `icon`, else null. */
function keyOf(props: Props): string | null {
  let key = "";
  for (const name in props) {
    if (name === "icon") continue;
    const value = props[name];
    const type = typeof value;
    if (value === undefined) continue;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
    key += `${name}\u0000${type[0]}${String(value)}\u0001`;
  }
  return key;
}

/** The same `<svg>` with its children as markup React writes unchanged. */
function withMarkupChildren(element: ReactElement): ReactElement {
  const { children, ...attributes } = element.props as { children?: unknown } & Record<string, unknown>;
  return createElement(element.type as string, {
    ...attributes,
    dangerouslySetInnerHTML: { __html: renderToStaticMarkup(createElement("svg", null, children as never)).slice(5, -6) },
  });
}

export function keptIconRender(original: Render): Render {
  return function render(props, ref) {
    const icon = props.icon;
    const key = ref == null && icon && typeof icon === "object" ? keyOf(props) : null;
    if (key === null || props.children != null) return original(props, ref);
    let forIcon = kept.get(icon as object);
    const found = forIcon?.get(key);
    if (found) return found;
    const element = original(props, null);
    if (!element || element.type !== "svg" || keptCount >= MAX_KEPT_ICONS) return element;
    const markup = withMarkupChildren(element);
    if (!forIcon) kept.set(icon as object, (forIcon = new Map()));
    forIcon.set(key, markup);
    keptCount += 1;
    return markup;
  };
}

let installed = false;

/** Replaces the render of both of lucide's `Icon` components with the keeping one. Once per process. */
export function keepIconMarkup(): void {
  if (installed) return;
  installed = true;
  const commonJs = (createRequire(import.meta.url)("lucide-react") as { Icon: ForwardRef }).Icon;
  // The ES modules' `Icon` is not exported on its own: it is the type an icon renders.
  const esModules = ((Bell as unknown as ForwardRef).render({}, null) as ReactElement).type as unknown as ForwardRef;
  for (const icon of new Set([commonJs, esModules])) icon.render = keptIconRender(icon.render);
}

/** How many icon renders are kept (tests). */
export function keptIconCount(): number {
  return keptCount;
}

/** Tests only: forget every kept icon. */
export function forgetIconMarkup(): void {
  kept.clear();
  keptCount = 0;
}
