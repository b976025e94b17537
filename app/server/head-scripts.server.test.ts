import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { TIME_ZONE_PENDING_ATTRIBUTE } from "~/browser/time-zone-hint";
import { TIME_ZONE_HINT_SCRIPT } from "./head-scripts.server";

describe("TIME_ZONE_HINT_SCRIPT", () => {
  it("the hint script never reloads: it writes the cookie and marks a guessed page pending, only when the zones differ", () => {
    const run = (browserZone: string, cookie: string, guess: string | null) => {
      const attributes = new Map<string, string>();
      const timers: (() => void)[] = [];
      let reloaded = false;
      const document = {
        cookie,
        querySelector: (selector: string) =>
          selector === 'meta[name="time-zone-guess"]' && guess !== null ? { content: guess } : null,
        documentElement: {
          setAttribute: (name: string, value: string) => attributes.set(name, value),
          removeAttribute: (name: string) => attributes.delete(name),
        },
      };
      const Intl = { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: browserZone }) }) };
      const location = { reload: () => (reloaded = true) };
      vm.runInNewContext(TIME_ZONE_HINT_SCRIPT, {
        document,
        Intl,
        location,
        setTimeout: (f: () => void) => timers.push(f),
      });
      return {
        cookie: document.cookie,
        pending: attributes.get(TIME_ZONE_PENDING_ATTRIBUTE) ?? null,
        reloaded,
        timers,
      };
    };
    // First visit, the page guessed New York for a browser in Berlin: marked, no reload.
    const first = run("Europe/Berlin", "", "America/New_York");
    expect(first.cookie).toContain("tz=Europe%2FBerlin");
    expect(first.pending).toBe("Europe/Berlin");
    expect(first.reloaded).toBe(false);
    // The mark goes by itself should the page's scripts never run.
    first.timers.forEach((f) => f());
    // A guess that was right, a page that guessed nothing, a cookie already right: nothing marked.
    expect(run("Europe/Berlin", "", "Europe/Berlin").pending).toBeNull();
    expect(run("Europe/Berlin", "", null).pending).toBeNull();
    const kept = run("Europe/Berlin", "tz=Europe%2FBerlin", "America/New_York");
    expect(kept.pending).toBeNull();
    expect(kept.cookie).toBe("tz=Europe%2FBerlin");
  });
});
