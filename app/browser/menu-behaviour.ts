/**
 * What the site's menus do in the browser, as plain DOM code, so the same code serves a hydrated page (React calls it from an
 * effect) and a visitor's page sent without React (docs/decisions/045), whose inline script
 * (app/server/static-page-script.server.ts) is this function's own source
 * (Function.prototype.toString). So it is self-contained: it reads no module-level name,
 * imports nothing, and uses only the browser's globals.
 */

/**
 * Menus are <details data-menu> elements, so they open and close before (and without)
 * JavaScript. With it, they behave as menus do: one open at a time, Escape closes (focus back
 * on the button), a click, tap or focus outside closes; each button says whether it is expanded.
 * Returns what undoes it.
 */
export function enhanceMenus(root: HTMLElement): () => void {
  const menus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>("details[data-menu]"));
  const summary = (menu: HTMLDetailsElement) => menu.querySelector<HTMLElement>(":scope > summary");
  const sync = (menu: HTMLDetailsElement) => summary(menu)?.setAttribute("aria-expanded", String(menu.open));
  const onToggle = (event: Event) => {
    const menu = event.target;
    if (!(menu instanceof HTMLDetailsElement) || !menu.hasAttribute("data-menu")) return;
    sync(menu);
    if (menu.open) for (const other of menus()) if (other !== menu && other.open) other.open = false;
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    for (const menu of menus()) {
      if (!menu.open) continue;
      menu.open = false;
      summary(menu)?.focus();
    }
  };
  const closeOutside = (event: Event) => {
    for (const menu of menus()) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  };
  menus().forEach(sync);
  // toggle does not bubble: listen in the capture phase.
  root.addEventListener("toggle", onToggle, true);
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", closeOutside);
  document.addEventListener("focusin", closeOutside);
  return () => {
    root.removeEventListener("toggle", onToggle, true);
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("pointerdown", closeOutside);
    document.removeEventListener("focusin", closeOutside);
  };
}
