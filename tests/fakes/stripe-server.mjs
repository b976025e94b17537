// A fake of the parts of Stripe's API the app uses, over real HTTP, for tests only.
// The app's Stripe SDK is pointed here with STRIPE_API_BASE; the browser's fake Stripe.js
// (tests/fakes/stripe-js.js) confirms card payments here too. State lives in memory.
//
//   POST /v1/payment_intents            create (honours Idempotency-Key)
//   GET  /v1/payment_intents/:id        retrieve (secret key)
//   POST /v1/payment_intents/:id/confirm  confirm with a test card (publishable key + client_secret)
//   POST /v1/payment_intents/:id/cancel   cancel an unpaid intent (secret key)
//   POST /v1/refunds                    refund a succeeded intent in full (honours Idempotency-Key)
//   POST /_test/payment_intents/:id     tests only: overwrite fields (amount, currency, status)
//   GET  /_test/requests                tests only: what the app asked for
//
// Cards: 4000000000000002 is declined; 4000000000009995 has insufficient funds; any other
// number succeeds.
import crypto from "node:crypto";
import http from "node:http";

/** Stripe's form encoding: a[b]=1&a[c][0]=x -> { a: { b: "1", c: ["x"] } } */
export function parseForm(body) {
  const out = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

function send(res, status, body) {
  res.writeHead(status, {
    "content-type": "application/json",
    "request-id": `req_${crypto.randomBytes(6).toString("hex")}`,
  });
  res.end(JSON.stringify(body));
}

function stripeError(res, status, type, message, extra = {}) {
  send(res, status, { error: { type, message, ...extra } });
}

const DECLINES = {
  4000000000000002: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  4000000000009995: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
};

export async function startFakeStripe({ port = 0, host = "127.0.0.1" } = {}) {
  const intents = new Map();
  const refunds = new Map();
  const idempotency = new Map();

  /** A succeeded intent's charge, with its receipt page (as `latest_charge` when expanded). */
  function charge(pi) {
    pi.latest_charge ??= `ch_${crypto.randomBytes(10).toString("hex")}`;
    const id = typeof pi.latest_charge === "string" ? pi.latest_charge : pi.latest_charge.id;
    return {
      id,
      object: "charge",
      amount: pi.amount,
      currency: pi.currency,
      payment_intent: pi.id,
      receipt_url: `https://pay.stripe.com/receipts/fake/${id}`,
      refunded: pi.amount_refunded === pi.amount,
    };
  }
  const requests = [];

  const server = http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    const auth = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
    const form = parseForm(body);
    requests.push({
      method: req.method,
      path: url.pathname,
      form,
      idempotencyKey: req.headers["idempotency-key"] ?? null,
    });

    // CORS, as Stripe's API allows the browser's Stripe.js to call it.
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-allow-headers", "authorization, content-type");
    if (req.method === "OPTIONS") return send(res, 200, {});

    if (req.method === "GET" && url.pathname === "/_test/requests") return send(res, 200, requests);
    let m = url.pathname.match(/^\/_test\/payment_intents\/([^/]+)$/);
    if (m && req.method === "POST") {
      const pi = intents.get(m[1]);
      if (!pi) return stripeError(res, 404, "invalid_request_error", "No such payment_intent");
      const patch = JSON.parse(body || "{}");
      Object.assign(pi, patch);
      return send(res, 200, pi);
    }

    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      if (!auth.startsWith("sk_")) return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided");
      const key = req.headers["idempotency-key"];
      if (key && idempotency.has(key)) {
        const earlier = idempotency.get(key);
        if (earlier.body !== body) {
          return stripeError(
            res,
            400,
            "idempotency_error",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
        }
        return send(res, 200, intents.get(earlier.id));
      }
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return stripeError(res, 400, "invalid_request_error", "Amount must be at least $0.50 usd", { param: "amount" });
      const id = `pi_${crypto.randomBytes(12).toString("hex")}`;
      const pi = {
        id,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: form.currency,
        status: "requires_payment_method",
        client_secret: `${id}_secret_${crypto.randomBytes(12).toString("hex")}`,
        metadata: form.metadata ?? {},
        description: form.description ?? null,
        receipt_email: form.receipt_email ?? null,
        payment_method_types: form.payment_method_types ?? ["card"],
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        last_payment_error: null,
      };
      intents.set(id, pi);
      if (key) idempotency.set(key, { id, body });
      return send(res, 200, pi);
    }

    m = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (m && req.method === "GET") {
      if (!auth.startsWith("sk_")) return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided");
      const pi = intents.get(m[1]);
      if (!pi)
        return stripeError(res, 404, "invalid_request_error", `No such payment_intent: '${m[1]}'`, {
          code: "resource_missing",
        });
      const expand = [...url.searchParams.entries()].filter(([k]) => k.startsWith("expand")).map(([, v]) => v);
      if (expand.includes("latest_charge") && pi.status === "succeeded")
        return send(res, 200, { ...pi, latest_charge: charge(pi) });
      return send(res, 200, pi);
    }

    m = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
    if (m && req.method === "POST") {
      if (!auth.startsWith("sk_")) return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided");
      const pi = intents.get(m[1]);
      if (!pi) return stripeError(res, 404, "invalid_request_error", `No such payment_intent: '${m[1]}'`);
      if (pi.status === "succeeded" || pi.status === "canceled")
        return stripeError(
          res,
          400,
          "invalid_request_error",
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          {
            code: "payment_intent_unexpected_state",
          },
        );
      pi.status = "canceled";
      return send(res, 200, pi);
    }

    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      if (!auth.startsWith("sk_")) return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided");
      const key = req.headers["idempotency-key"];
      if (key && idempotency.has(key)) return send(res, 200, refunds.get(idempotency.get(key).id));
      const pi = intents.get(form.payment_intent);
      if (!pi)
        return stripeError(res, 404, "invalid_request_error", `No such payment_intent: '${form.payment_intent}'`, {
          code: "resource_missing",
        });
      if (pi.status !== "succeeded")
        return stripeError(
          res,
          400,
          "invalid_request_error",
          "This PaymentIntent does not have a successful charge to refund.",
        );
      const amount = form.amount ? Number(form.amount) : pi.amount - (pi.amount_refunded ?? 0);
      if (amount <= 0 || amount > pi.amount - (pi.amount_refunded ?? 0))
        return stripeError(res, 400, "invalid_request_error", `Charge ${charge(pi).id} has already been refunded.`, {
          code: "charge_already_refunded",
        });
      pi.amount_refunded = (pi.amount_refunded ?? 0) + amount;
      const id = `re_${crypto.randomBytes(12).toString("hex")}`;
      const refund = {
        id,
        object: "refund",
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        charge: charge(pi).id,
        status: "succeeded",
        metadata: form.metadata ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(id, refund);
      if (key) idempotency.set(key, { id, body });
      return send(res, 200, refund);
    }

    m = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/);
    if (m && req.method === "POST") {
      const pi = intents.get(m[1]);
      const publishable = form.key ?? auth;
      if (!pi) return stripeError(res, 404, "invalid_request_error", `No such payment_intent: '${m[1]}'`);
      if (!publishable.startsWith("pk_") && !publishable.startsWith("sk_"))
        return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided");
      if (publishable.startsWith("pk_") && form.client_secret !== pi.client_secret) {
        return stripeError(
          res,
          400,
          "invalid_request_error",
          "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
        );
      }
      if (pi.status === "succeeded") {
        return stripeError(
          res,
          400,
          "invalid_request_error",
          "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
          { code: "payment_intent_unexpected_state", payment_intent: pi },
        );
      }
      const number = String(form.payment_method_data?.card?.number ?? form.card_number ?? "4242424242424242").replace(
        /\s+/g,
        "",
      );
      const decline = DECLINES[number];
      if (decline) {
        pi.status = "requires_payment_method";
        pi.last_payment_error = { type: "card_error", ...decline };
        return stripeError(res, 402, "card_error", decline.message, {
          code: decline.code,
          decline_code: decline.decline_code,
          payment_intent: pi,
        });
      }
      pi.status = "succeeded";
      pi.amount_received = pi.amount;
      pi.last_payment_error = null;
      pi.payment_method = `pm_${crypto.randomBytes(8).toString("hex")}`;
      return send(res, 200, pi);
    }

    return stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  });

  // Idle connections stay open until the client closes them: Playwright's route.fetch reuses
  // them across tests, and a server closing one at its keep-alive timeout (5 s) races a request
  // sent on it then ("socket hang up"; tests/integration/fake-stripe-keep-alive.test.ts).
  server.keepAliveTimeout = 0;
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const url = `http://${host}:${address.port}`;
  return {
    url,
    intents,
    refunds,
    requests,
    /** Marks an intent succeeded as if the customer's card was charged (for server-side tests). */
    succeed(id) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no intent ${id}`);
      pi.status = "succeeded";
      pi.amount_received = pi.amount;
      return pi;
    },
    /** Marks an intent's attempt declined (the customer may try again). */
    fail(id) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no intent ${id}`);
      pi.status = "requires_payment_method";
      pi.last_payment_error = { type: "card_error", ...DECLINES[4000000000000002] };
      return pi;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// As a program: `node tests/fakes/stripe-server.mjs 3211` (the e2e suite starts it this way).
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeStripe({ port: Number(process.argv[2] ?? 12111) });
  console.log(`fake Stripe listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
