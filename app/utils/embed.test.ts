import { describe, expect, it } from "vitest";
import { embedSnippets, embedUrl, isFramableRequest } from "./embed";
import { embedLookOf } from "./embed-look";

const ID = "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f";

describe("isFramableRequest", () => {
  it.each([
    ["/ada", "?embed=1"],
    ["/ada-l", "?tz=Europe%2FBerlin&embed=1"],
    ["/Ada/intro-call", "?embed=1&month=2026-12"],
    [`/ada/intro/booked/${ID}`, "?token=abc&embed=1"],
    // a team's pages (decision 059)
    ["/team/sales", "?embed=1"],
    ["/team/sales/demo", "?embed=1"],
    [`/team/sales/demo/booked/${ID}`, "?token=abc&embed=1"],
    [`/forms/${ID}`, "?embed=1"],
  ])("lets a booking route in embed mode be framed: %s%s", (path, search) => {
    expect(isFramableRequest(path, search)).toBe(true);
  });

  it.each([
    // the booking routes without embed mode
    ["/ada", ""],
    ["/ada/intro", "?embed=0"],
    ["/ada/intro", "?embed=true"],
    [`/ada/intro/booked/${ID}`, "?token=abc"],
    // our own pages, whatever the query says
    ["/", "?embed=1"],
    ["/dashboard", "?embed=1"],
    ["/dashboard/profile", "?embed=1"],
    ["/Dashboard/profile", "?embed=1"],
    ["/signin", "?embed=1"],
    ["/pricing", "?embed=1"],
    ["/api/slots", "?embed=1"],
    ["/users/ada@example.com", "?embed=1"],
    [`/booking/${ID}/cancel`, "?token=a&embed=1"],
    ["/dashboard/eventTypes/new", "?embed=1"],
    // crafted shapes
    ["/%64ashboard/profile", "?embed=1"],
    ["/ada/..", "?embed=1"],
    ["/ada/%2e%2e", "?embed=1"],
    ["//dashboard", "?embed=1"],
    ["/ada/", "?embed=1"],
    ["/ada/intro/", "?embed=1"],
    ["/ada/intro/booked", "?embed=1"],
    ["/ada/intro/booked/not-an-id", "?embed=1"],
    [`/ada/intro/booked/${ID}/ics`, "?embed=1"],
    [`/ada/intro/other/${ID}`, "?embed=1"],
    ["/ab", "?embed=1"],
    ["/1ada", "?embed=1"],
    ["/ada/intro_call", "?embed=1"],
    ["ada", "?embed=1"],
    // a team's pages without embed mode, and crafted team shapes
    ["/team/sales/demo", ""],
    [`/forms/${ID}`, ""],
    ["/forms/not-an-id", "?embed=1"],
    [`/forms/${ID}/x`, "?embed=1"],
    ["/team", "?embed=1"],
    ["/team/", "?embed=1"],
    ["/team/team/demo", "?embed=1"],
    ["/team/dashboard/profile", "?embed=1"],
    ["/team/sales/..", "?embed=1"],
    [`/team/sales/demo/booked/${ID}/ics`, "?embed=1"],
  ])("refuses %s%s", (path, search) => {
    expect(isFramableRequest(path, search)).toBe(false);
  });
});

describe("embedSnippets", () => {
  const s = embedSnippets({
    base: "https://cal.example.com/",
    username: "ada",
    slug: "intro-call",
    title: 'Intro "call" <1>',
    hostName: "Ada & Co",
  });

  it("points the inline frame at the booking page in embed mode, with embed.js to size it", () => {
    expect(s.pageUrl).toBe("https://cal.example.com/ada/intro-call");
    expect(s.previewUrl).toBe("https://cal.example.com/ada/intro-call?embed=1");
    expect(s.inline).toContain('<iframe src="https://cal.example.com/ada/intro-call?embed=1"');
    expect(s.inline).toContain("data-scheduler-embed");
    expect(s.inline).toContain('loading="lazy"');
    expect(s.inline).toMatch(/style="[^"]*width:100%[^"]*min-height:320px[^"]*border:0"/);
    expect(s.inline).toContain('<script src="https://cal.example.com/embed.js" async></script>');
  });

  it("makes the popup a plain link that embed.js upgrades", () => {
    expect(s.popup).toContain('<script src="https://cal.example.com/embed.js" async></script>');
    expect(s.popup).toContain(
      '<a href="https://cal.example.com/ada/intro-call" data-scheduler-popup="https://cal.example.com/ada/intro-call"',
    );
  });

  it("escapes the title in attributes and text", () => {
    expect(s.inline).toContain('title="Book Intro &quot;call&quot; &lt;1&gt; with Ada &amp; Co"');
    expect(s.popup).toContain('>Book Intro "call" &lt;1&gt;</a>');
  });

  it("embedUrl keeps the query and sets embed=1 once", () => {
    expect(embedUrl("https://x.test/a/b?tz=UTC&embed=0")).toBe("https://x.test/a/b?tz=UTC&embed=1");
  });
});

describe("embedLookOf", () => {
  const q = (query: string) => embedLookOf(new URLSearchParams(query));
  it("is light with the host's own colour when nothing is asked, and for an unknown theme", () => {
    expect(q("").look).toEqual({ theme: "light", brandColor: null });
    expect(q("embedTheme=sepia").look.theme).toBe("light");
  });
  it("takes auto and dark, and a colour white text reads on (as #rrggbb, lower case)", () => {
    expect(q("embedTheme=auto&embedColor=%230F766E")).toEqual({
      look: { theme: "auto", brandColor: "#0f766e" },
      colorInput: "#0F766E",
      colorError: null,
    });
  });
  it("refuses a colour too light for white text, with the ratio, and leaves it out", () => {
    const refused = q("embedTheme=dark&embedColor=a5b4fc");
    expect(refused.look).toEqual({ theme: "dark", brandColor: null });
    expect(refused.colorError).toMatch(/^This colour is too light for white text: contrast/);
  });
  it("puts the look into both snippets; light adds no parameter", () => {
    const look = { theme: "dark" as const, brandColor: "#0f766e" };
    const s = embedSnippets({
      base: "https://cal.example.com",
      username: "ada",
      slug: "intro",
      title: "Intro",
      hostName: "Ada",
      look,
    });
    expect(s.previewUrl).toBe("https://cal.example.com/ada/intro?theme=dark&brandColor=0f766e&embed=1");
    expect(s.popup).toContain("background:#0f766e");
    const plain = embedSnippets({
      base: "https://cal.example.com",
      username: "ada",
      slug: "intro",
      title: "Intro",
      hostName: "Ada",
    });
    expect(plain.previewUrl).toBe("https://cal.example.com/ada/intro?embed=1");
  });
});
