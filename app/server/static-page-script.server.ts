import { enhanceCarousel } from "~/browser/carousel-behaviour";
import { enhanceMenus } from "~/browser/menu-behaviour";

/**
 * The inline script of a page sent without React (app/root.tsx, docs/decisions/045). It is made
 * of functions' source (Function.prototype.toString): the menus' and the carousel's, which
 * hydrated pages run from an effect, and the three below, which only such a page needs. So each of
 * them is self-contained: no module-level name, no import, only the browser's globals (the unit
 * test runs the script on a stand-in page; tests/e2e/home.spec.ts in Chromium).
 */

/**
 * A picture drawn over initials (`img[data-initials]`) that fails to load is removed, so the
 * initials show; it may have failed before this ran.
 */
function enhanceAvatars(root: ParentNode): void {
  for (const img of Array.from(root.querySelectorAll<HTMLImageElement>("img[data-initials]"))) {
    if (img.complete && img.naturalWidth === 0) img.remove();
    else img.addEventListener("error", () => img.remove(), { once: true });
  }
}

/**
 * The bell (`details[data-bell]`, app/components/navbar.tsx) as the hydrated one behaves: opening
 * it with something unread shows all as read at once and tells the server in the background; if
 * the server does not take it, the unread marks come back.
 */
export function enhanceBell(root: ParentNode): void {
  const bell = root.querySelector<HTMLDetailsElement>("details[data-bell]");
  const summary = bell?.querySelector("summary");
  if (!bell || !summary) return;
  bell.addEventListener("toggle", () => {
    const marks = Array.from(bell.querySelectorAll<HTMLElement>("[data-unread]"));
    if (!bell.open || marks.length === 0 || marks[0].style.display === "none") return;
    const items = Array.from(bell.querySelectorAll<HTMLElement>("[data-unread-item]"));
    const label = summary.getAttribute("aria-label") ?? "Notifications";
    const show = (read: boolean) => {
      for (const mark of marks) mark.style.display = read ? "none" : "";
      for (const item of items) {
        item.classList.toggle("font-medium", !read);
        item.classList.toggle("text-neutral-900", !read);
        item.classList.toggle("text-neutral-700", read);
      }
      summary.setAttribute("aria-label", read ? "Notifications" : label);
    };
    show(true);
    fetch("/notifications/read", {
      method: "POST",
      body: new URLSearchParams(),
      headers: { accept: "application/json" },
    })
      .then((answer) => {
        if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
        for (const mark of marks) mark.remove();
        for (const item of items) item.removeAttribute("data-unread-item");
      })
      .catch(() => show(false));
  });
}

/** The attribute <main> gets once a page sent without React has its behaviour. */
export const STATIC_PAGE_READY = "data-enhanced";

/** Runs the four on a page sent without React, then marks <main> (STATIC_PAGE_READY). */
function enhanceStaticPage(
  menus: typeof enhanceMenus,
  bell: typeof enhanceBell,
  carousel: typeof enhanceCarousel,
  avatars: typeof enhanceAvatars,
  ready: string,
): void {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]');
  if (nav) {
    menus(nav);
    bell(nav);
  }
  document.querySelectorAll<HTMLElement>("[data-carousel]").forEach((scroller) => carousel(scroller));
  avatars(document);
  document.querySelector("main")?.setAttribute(ready, "");
}

/** The script, made once; it goes at the end of <body>, when the whole page is there. */
let script: string | undefined;
export function staticPageScript(): string {
  script ??= `(${enhanceStaticPage.toString()})(${enhanceMenus.toString()},${enhanceBell.toString()},${enhanceCarousel.toString()},${enhanceAvatars.toString()},${JSON.stringify(STATIC_PAGE_READY)});`;
  return script;
}
