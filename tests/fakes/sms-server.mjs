// A fake of the part of Twilio's Messages API the app uses (docs/decisions/090), over real HTTP,
// for tests only. The app is pointed here with SMS_API_BASE. State lives in memory.
//
//   POST /2010-04-01/Accounts/:sid/Messages.json   form To, From, Body; Basic auth sid:token
//        201 { sid, status: "queued", to, from, body, ... }; 401 bad credentials;
//        400 { code: 21211, message, status } for a To that is not E.164
//   GET  /_test/messages          tests only: the messages taken, oldest first
//   POST /_test/fail              tests only: JSON { status, times, code?, message? }: the next
//                                 `times` sends answer `status` (e.g. 503 or 400)
//   POST /_test/reset             tests only: forget messages and failures
//   POST /_test/outcome           tests only: JSON { status, errorCode? }: the delivery status the
//                                 next message's StatusCallback reports (default "delivered")
//
// A message sent with StatusCallback gets its delivery status posted there, form-encoded
// (MessageSid, MessageStatus, ErrorCode, To, From, AccountSid), signed with X-Twilio-Signature
// as Twilio signs it (docs/decisions/109). `deliver()` posts one to any URL.
import crypto from "node:crypto";
import http from "node:http";

/** Twilio's signature: HMAC-SHA1 of the URL and the sorted parameters' names and values, base64. */
function signature(authToken, url, params) {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return crypto
    .createHmac("sha1", authToken)
    .update(url + sorted.map(([k, v]) => k + v).join(""), "utf8")
    .digest("base64");
}

/** Posts a signed status callback; answers the app's HTTP status. */
async function postStatus(authToken, url, message, status, errorCode) {
  const params = [
    ["AccountSid", message.account_sid],
    ["From", message.from],
    ["MessageSid", message.sid],
    ["MessageStatus", status],
    ["To", message.to],
    ...(errorCode ? [["ErrorCode", String(errorCode)]] : []),
  ];
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature(authToken, url, params),
    },
    body: new URLSearchParams(params),
  });
  await res.arrayBuffer();
  return res.status;
}

function send(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** @param {{ port?: number; host?: string; accountSid?: string; authToken?: string }} [options] */
export async function startFakeSms({ port = 0, host = "127.0.0.1", accountSid = "", authToken = "" } = {}) {
  let messages = [];
  let failures = [];
  let outcomes = [];
  /** Callback answers, oldest first: { sid, url, status, answer }. */
  let callbacks = [];
  /** Whether the status callbacks are posted before the answer to the send (a fast provider). */
  let reportsFirst = false;
  const callback = (url, message, status, errorCode) =>
    postStatus(authToken, url, message, status, errorCode).then(
      (answer) => callbacks.push({ sid: message.sid, url, status, answer }),
      () => callbacks.push({ sid: message.sid, url, status, answer: 0 }),
    );

  const server = http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/_test/messages") return send(res, 200, messages);
    if (req.method === "POST" && url.pathname === "/_test/reset") {
      messages = [];
      failures = [];
      outcomes = [];
      callbacks = [];
      return send(res, 200, {});
    }
    if (req.method === "POST" && url.pathname === "/_test/outcome") {
      outcomes.push(JSON.parse(body || "{}"));
      return send(res, 200, {});
    }
    if (req.method === "POST" && url.pathname === "/_test/fail") {
      const f = JSON.parse(body || "{}");
      for (let i = 0; i < (f.times ?? 1); i++) failures.push(f);
      return send(res, 200, {});
    }
    const m = url.pathname.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/);
    if (!m || req.method !== "POST")
      return send(res, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
    const [user, pass] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic\s+/i, ""), "base64")
      .toString()
      .split(":");
    if ((accountSid && (user !== accountSid || m[1] !== accountSid)) || (authToken && pass !== authToken))
      return send(res, 401, { code: 20003, message: "Authenticate", status: 401 });
    const form = Object.fromEntries(new URLSearchParams(body));
    const failure = failures.shift();
    if (failure)
      return send(res, failure.status, {
        code: failure.code ?? (failure.status >= 500 ? 20500 : 21211),
        message: failure.message ?? (failure.status >= 500 ? "Internal Server Error" : "Invalid 'To' Phone Number"),
        status: failure.status,
      });
    if (!/^\+[1-9]\d{6,14}$/.test(form.To ?? ""))
      return send(res, 400, {
        code: 21211,
        message: `The 'To' number ${form.To} is not a valid phone number.`,
        status: 400,
      });
    const message = {
      sid: `SM${crypto.randomBytes(16).toString("hex")}`,
      account_sid: m[1],
      to: form.To,
      from: form.From,
      body: form.Body,
      status: "queued",
      direction: "outbound-api",
      date_created: new Date().toUTCString(),
      error_code: null,
      error_message: null,
    };
    messages.push(message);
    if (form.StatusCallback) {
      const outcome = outcomes.shift() ?? { status: "delivered" };
      const report = () =>
        callback(form.StatusCallback, message, "sent").then(() =>
          callback(form.StatusCallback, message, outcome.status, outcome.errorCode),
        );
      // Before the answer: the sender learns the message's sid only after both reports came.
      if (reportsFirst) await report();
      // After the answer, as Twilio usually reports: first "sent", then the outcome.
      else setTimeout(() => void report(), 20);
    }
    send(res, 201, message);
    return;
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const base = `http://${host}:${address.port}`;
  return {
    url: base,
    messages: () => messages,
    /** @param {{ status: number; times?: number; code?: number; message?: string }} f */
    fail(f) {
      for (let i = 0; i < (f.times ?? 1); i++) failures.push(f);
    },
    reset() {
      messages = [];
      failures = [];
      outcomes = [];
      callbacks = [];
    },
    /** @param {{ status: string; errorCode?: number }} o the next StatusCallback's outcome */
    outcome(o) {
      outcomes.push(o);
    },
    /** @param {boolean} on post each message's status callbacks before answering its send */
    reportFirst(on) {
      reportsFirst = on;
    },
    /** The status callbacks posted, with the app's answers. */
    callbacks: () => callbacks,
    /** Posts a signed status callback for a message taken (by sid) to `url`; answers the HTTP status. */
    deliver(url, sid, status, errorCode) {
      const message = messages.find((m) => m.sid === sid);
      if (!message) throw new Error(`no message ${sid}`);
      return postStatus(authToken, url, message, status, errorCode);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// As a program: `node tests/fakes/sms-server.mjs 3405 [accountSid authToken]` (the e2e suite starts it this way).
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeSms({
    port: Number(process.argv[2] ?? 12115),
    accountSid: process.argv[3],
    authToken: process.argv[4],
  });
  console.log(`fake SMS API listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
