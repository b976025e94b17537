import fs from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { forgetIconMarkup, keepIconMarkup, keptIconCount } from "./icon-markup.server";

/** Every icon the app imports: by module (`lucide-react/icons/<name>`) and from the package index. */
function iconsOfTheApp(): { modules: string[]; named: string[] } {
  const modules = new Set<string>();
  const named = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(file, "utf8");
        for (const m of text.matchAll(/from "lucide-react\/icons\/([a-z0-9-]+)"/g)) modules.add(m[1]);
        for (const m of text.matchAll(/import \{([^}]+)\} from "lucide-react"/g)) {
          for (const name of m[1].split(",").map((s) => s.trim())) if (/^[A-Z]\w+$/.test(name)) named.add(name);
        }
      }
    }
  };
  walk(path.resolve("app"));
  return { modules: [...modules].sort(), named: [...named].sort() };
}

const PROPS: Array<Record<string, unknown>> = [
  {},
  { className: "h-4 w-4" },
  { className: "h-5 w-5 shrink-0 text-brand-600", "aria-hidden": true },
  { size: 16, strokeWidth: 1.5 },
  { "aria-label": "Close", className: "h-4 w-4" },
  { className: "h-4 w-4", absoluteStrokeWidth: true, color: "red" },
];

describe("icons kept as markup on the server", () => {
  it("render byte for byte what lucide renders, for every icon the app uses, kept or not", async () => {
    const { modules, named } = iconsOfTheApp();
    expect(modules.length).toBeGreaterThan(20);
    expect(named.length).toBeGreaterThan(5);
    const lucide = (await import("lucide-react")) as unknown as Record<string, ComponentType<Record<string, unknown>>>;
    const icons: Array<[string, ComponentType<Record<string, unknown>>]> = [
      ...(await Promise.all(
        modules.map(async (name) => [name, (await import(`lucide-react/icons/${name}`)).default] as [string, ComponentType<Record<string, unknown>>]),
      )),
      ...named.map((name) => [name, lucide[name]] as [string, ComponentType<Record<string, unknown>>]),
    ];
    const render = () => icons.flatMap(([name, Icon]) => PROPS.map((props) => `${name} ${renderToString(createElement(Icon, props))}`));
    const before = render();
    keepIconMarkup();
    forgetIconMarkup();
    const firstRender = render();
    const kept = render();
    // Every icon with primitive props is kept, for both of lucide's builds (aliases are one icon).
    expect(keptIconCount()).toBe(new Set(icons.map(([, Icon]) => Icon)).size * PROPS.length);
    expect(firstRender).toEqual(before);
    expect(kept).toEqual(before);
    // Children still render as before (not kept).
    const Bell = icons.find(([name]) => name === "bell")?.[1] ?? icons[0][1];
    const withChild = renderToString(createElement(Bell, { className: "x" }, createElement("title", null, "Alerts")));
    expect(withChild).toContain("<title>Alerts</title>");
  });
});
