import { describe, expect, it, vi } from "vitest";
import { STATIC_PAGE_READY, staticPageScript } from "./static-page-script.server";

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
