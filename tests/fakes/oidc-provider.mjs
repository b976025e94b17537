// A local OpenID Connect provider for tests only: the real `oidc-provider` package (a certified
// OP) on loopback, with one confidential client and a one-field sign-in page in place of a
// company's login. Whoever types an e-mail there is that person (email_verified true, the name
// from the address). The app's real openid-client code is pointed here with OIDC_ISSUER.
//
//   GET  /.well-known/openid-configuration, /auth, /token, /jwks, /me   the provider's own
//   GET  /interaction/:uid          the sign-in page (an e-mail field, prefilled from login_hint)
//   POST /interaction/:uid          signs that person in and grants openid email profile
//   GET  /_test/requests            tests only: the paths the app and browser asked for
import crypto from "node:crypto";
import http from "node:http";
import Provider from "oidc-provider";

function nameOf(email) {
  return email
    .split("@")[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join(" ");
}

function readForm(req) {
  return new Promise((resolve, reject) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => resolve(new URLSearchParams(body)));
    req.on("error", reject);
  });
}

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Starts the provider at http://host:port (the issuer). `redirectUris` are the client's allowed
 * callbacks; `verified: false` makes every address unverified (email_verified false).
 */
export async function startFakeOidc({
  port = 0,
  host = "127.0.0.1",
  clientId = "scheduler",
  clientSecret = "scheduler-secret",
  redirectUris,
  verified = true,
} = {}) {
  const requests = [];
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, host, resolve));
  const issuer = `http://${host}:${server.address().port}`;
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" };
  const allowed = [...(redirectUris ?? [])];
  // Made at the first request, so a test can give the app's callback once it knows the app's port.
  let provider;
  let handle;
  const make = () => {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: allowed,
          grant_types: ["authorization_code"],
          response_types: ["code"],
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: [crypto.randomBytes(16).toString("hex")] },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      scopes: ["openid", "email", "profile"],
      pkce: { methods: ["S256"], required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx, id) {
        return {
          accountId: id,
          async claims() {
            return { sub: id, email: id, email_verified: verified, name: nameOf(id) };
          },
        };
      },
    });
    provider.on("server_error", (_ctx, error) => console.error("fake OIDC provider:", error));
    handle = provider.callback();
  };

  server.on("request", async (req, res) => {
    const url = new URL(req.url, issuer);
    requests.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (!provider) make();
    try {
      if (url.pathname === "/_test/requests") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify(requests));
      }
      const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
      if (interaction) {
        const details = await provider.interactionDetails(req, res);
        if (req.method === "GET") {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(`<!doctype html><html lang="en"><head><title>Fake identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Fake identity provider</h1>
<form method="post" action="/interaction/${escape(details.uid)}">
<label for="email">Work e-mail</label>
<input id="email" name="email" type="email" required value="${escape(details.params.login_hint ?? "")}">
<button type="submit">Continue</button></form></main></body></html>`);
        }
        const form = await readForm(req);
        const accountId = String(form.get("email") ?? "")
          .trim()
          .toLowerCase();
        const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
        grant.addOIDCScope("openid email profile");
        const grantId = await grant.save();
        return await provider.interactionFinished(
          req,
          res,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      }
      return handle(req, res);
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    requests,
    /** Another allowed redirect URI (before the first request). */
    allowRedirect: (uri) => allowed.push(uri),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// As a program: `node tests/fakes/oidc-provider.mjs 3212 http://localhost:3210/auth/sso/callback`
// (the e2e suite starts it this way).
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOidc({ port: Number(process.argv[2] ?? 12112), redirectUris: [process.argv[3]] });
  console.log(`fake OIDC provider listening on ${fake.issuer}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
