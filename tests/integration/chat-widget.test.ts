import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";
import { servers, ownServerEnv } from "./context";

const WIDGET = "https://chat.example.net/widget.js";
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(ownServerEnv({ CHAT_WIDGET_URL: WIDGET }));
});
afterAll(async () => {
  await server?.stop();
});

describe("third-party chat widget", () => {
  it("is not loaded when CHAT_WIDGET_URL is unset", async () => {
    const res = await fetch(`${servers()[0]}/`);
    expect(await res.text()).not.toContain("chat.example.net");
    expect(res.headers.get("content-security-policy")).not.toContain("chat.example.net");
  });

  it("loads on every page when configured, allowed by the CSP and carrying the nonce", async () => {
    for (const path of ["/", "/pricing", "/signin"]) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      expect(csp).toMatch(/script-src [^;]*https:\/\/chat\.example\.net/);
      const html = await res.text();
      expect(html).toContain(`<script src="${WIDGET}" async="" nonce="${nonce}"></script>`);
    }
  });
});
