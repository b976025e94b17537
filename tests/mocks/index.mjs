// Fakes of third-party services at the network boundary, for tests only: server.mjs loads
// this file when MOCKS=true, and MSW answers the app's outgoing requests to these hosts.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

/** The fake "authorization code" is the Google profile itself, base64url-encoded JSON. */
function profileFromToken(token) {
  try {
    return JSON.parse(Buffer.from(token.replace(/^fake-access-/, ""), "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

const handlers = [
  http.post("https://oauth2.googleapis.com/token", async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    const code = body.get("code") ?? "";
    if (!profileFromToken(code) || body.get("grant_type") !== "authorization_code") {
      return HttpResponse.json({ error: "invalid_grant" }, { status: 400 });
    }
    return HttpResponse.json({
      access_token: `fake-access-${code}`,
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid email profile",
      id_token: "fake.id.token",
    });
  }),
  http.get("https://www.googleapis.com/oauth2/v3/userinfo", ({ request }) => {
    const token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    const p = profileFromToken(token);
    if (!p) return HttpResponse.json({ error: "invalid_token" }, { status: 401 });
    return HttpResponse.json({
      sub: p.sub,
      name: p.name,
      given_name: p.name.split(" ")[0],
      family_name: p.name.split(" ").slice(1).join(" "),
      picture: "https://example.com/avatar.png",
      email: p.email,
      email_verified: p.email_verified ?? true,
      locale: "en",
    });
  }),
];

const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: "bypass" });
console.log("MOCKS=true: Google OAuth is faked");
