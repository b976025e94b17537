import { describe, expect, it, vi } from "vitest";
import { enhanceBell, STATIC_PAGE_READY, staticPageScript } from "./static-page-script.server";

/** A stand-in page: a <main>, and neither a navbar nor a carousel nor pictures. */
function standInPage() {
  const main = { setAttribute: vi.fn() };
  const document = {
    querySelector: (selector: string) => (selector === "main" ? main : null),
    querySelectorAll: () => [],
  };
  return { main, document };
}

describe("the inline script of a page sent without React", () => {
  it("is self-contained: run with only the browser's globals, it marks <main> once it has run", () => {
    const { main, document } = standInPage();
    // Anything the functions read from their module instead of the page would throw here.
    new Function("document", "window", staticPageScript())(document, {});
    expect(main.setAttribute).toHaveBeenCalledWith(STATIC_PAGE_READY, "");
  });

  it("is made once", () => {
    expect(staticPageScript()).toBe(staticPageScript());
  });
});

/** A stand-in bell: `unread` things marked unread, the panel closed. */
function standInBell(unread: number) {
  let onToggle: () => void = () => {};
  const attributes = new Map<string, string>([["aria-label", `Notifications (${unread} unread)`]]);
  const summary = {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => attributes.set(name, value),
  };
  const marks = Array.from({ length: unread * 2 }, () => ({ style: { display: "" }, remove: vi.fn() }));
  const items = Array.from({ length: unread }, () => {
    const classes = new Set(["font-medium", "text-neutral-900"]);
    return {
      classes,
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
      removeAttribute: vi.fn(),
    };
  });
  const bell = {
    open: false,
    addEventListener: (type: string, listener: () => void) => {
      if (type === "toggle") onToggle = listener;
    },
    querySelector: (selector: string) => (selector === "summary" ? summary : null),
    querySelectorAll: (selector: string) =>
      selector === "[data-unread]"
        ? marks.filter((m) => !m.remove.mock.calls.length)
        : selector === "[data-unread-item]"
          ? items
          : [],
  };
  const root = { querySelector: (selector: string) => (selector === "details[data-bell]" ? bell : null) };
  const toggle = (open: boolean) => {
    bell.open = open;
    onToggle();
  };
  return { root: root as unknown as ParentNode, toggle, marks, items, label: () => attributes.get("aria-label") };
}

describe("the bell on a page sent without React", () => {
  it("opened with something unread, shows all read at once and tells the server once", async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    try {
      const bell = standInBell(2);
      enhanceBell(bell.root);
      bell.toggle(true);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(fetch.mock.calls[0]).toEqual(["/notifications/read", expect.objectContaining({ method: "POST" })]);
      expect(bell.marks.every((m) => m.style.display === "none")).toBe(true);
      expect(bell.items.every((i) => i.classes.has("text-neutral-700") && !i.classes.has("font-medium"))).toBe(true);
      expect(bell.label()).toBe("Notifications");
      await vi.waitFor(() => expect(bell.marks.every((m) => m.remove.mock.calls.length === 1)).toBe(true));
      // Closed and opened again: nothing is unread any more, nothing is posted.
      bell.toggle(false);
      bell.toggle(true);
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("puts the unread marks back when the server does not take it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 503 })),
    );
    try {
      const bell = standInBell(1);
      enhanceBell(bell.root);
      bell.toggle(true);
      expect(bell.label()).toBe("Notifications");
      await vi.waitFor(() => expect(bell.label()).toBe("Notifications (1 unread)"));
      expect(bell.marks.every((m) => m.style.display === "" && m.remove.mock.calls.length === 0)).toBe(true);
      expect(bell.items.every((i) => i.classes.has("font-medium") && !i.classes.has("text-neutral-700"))).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("does nothing when opened with nothing unread, or closed", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    try {
      const none = standInBell(0);
      enhanceBell(none.root);
      none.toggle(true);
      const some = standInBell(1);
      enhanceBell(some.root);
      some.toggle(false);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
