// A fake of the parts of Microsoft's identity platform and Microsoft Graph the app uses, over
// real HTTP, for tests only (docs/decisions/064). The app is pointed here with
// MICROSOFT_LOGIN_BASE and MICROSOFT_GRAPH_BASE. State lives in memory; every request is recorded.
//
//   GET    /:tenant/oauth2/v2.0/authorize   "signs in" at once: back to redirect_uri with a code and the state
//   POST   /:tenant/oauth2/v2.0/token       authorization_code (checks client, redirect_uri, PKCE S256) and
//                                           refresh_token (rotates it; a revoked one is 400 invalid_grant)
//   GET    /v1.0/me                         the account
//   GET    /v1.0/me/calendars               its calendars (paged with @odata.nextLink)
//   GET    /v1.0/me/calendars/:id/calendarView   events and series occurrences over the window (paged);
//                                           times in UTC when asked with Prefer: outlook.timezone="UTC",
//                                           else in each event's own zone, named the Windows way
//   POST   /v1.0/me/calendars/:id/events    create (transactionId dedupes; isOnlineMeeting adds a Teams link)
//   GET    /v1.0/me/events/:id              read
//   PATCH  /v1.0/me/events/:id              update
//   DELETE /v1.0/me/events/:id              remove
//   POST   /v1.0/me/onlineMeetings          a Teams meeting (join link, passcode, dial-in)
//   PATCH  /v1.0/me/onlineMeetings/:id      move it
//   DELETE /v1.0/me/onlineMeetings/:id      remove it
//   GET    /_test/requests                  tests only: what the app asked for
// throttleNext() makes the next matching Graph call answer 429 or 503 with a Retry-After.
//   POST   /_test/revoke                    tests only: every refresh and access token issued stops working
import crypto from "node:crypto";
import http from "node:http";
import { DateTime } from "luxon";

/** Windows zone names Graph uses, for the zones the tests write events in. */
const WINDOWS_ZONES = {
  "Europe/Berlin": "W. Europe Standard Time",
  UTC: "UTC",
  "America/New_York": "Eastern Standard Time",
};

function send(res, status, body) {
  if (body === undefined) return res.writeHead(status).end();
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function graphError(res, status, code, message) {
  send(res, status, { error: { code, message } });
}

const newId = (prefix) => `${prefix}${crypto.randomBytes(12).toString("base64url")}`;

/** Graph's date-time shape of an instant, in UTC or in `zone` (named the Windows way). */
function graphTime(ms, zone, utc) {
  const at = DateTime.fromMillis(ms, { zone: utc ? "UTC" : zone });
  return {
    dateTime: at.toFormat("yyyy-MM-dd'T'HH:mm:ss'.0000000'"),
    timeZone: utc ? "UTC" : (WINDOWS_ZONES[zone] ?? zone),
  };
}

/**
 * @param {{ port?: number, host?: string, clientId?: string, clientSecret?: string,
 *   account?: { mail: string, displayName: string },
 *   calendars?: Array<{ id: string, name: string, canEdit: boolean, isDefaultCalendar?: boolean }> }} options
 */
export async function startFakeMicrosoft(options = {}) {
  const { port = 0, host = "127.0.0.1", clientId, clientSecret } = options;
  const account = options.account ?? { mail: "host@contoso.example", displayName: "Host at Contoso" };
  const calendars = options.calendars ?? [
    { id: "cal-main", name: "Calendar", canEdit: true, isDefaultCalendar: true },
    { id: "cal-team", name: "Team calendar", canEdit: true },
    { id: "cal-holidays", name: "Holidays", canEdit: false },
  ];
  /** Busy entries: single events or weekly series, in a zone (wall-clock start "yyyy-MM-ddTHH:mm"). */
  const series = [];
  /** Events the app wrote, by id. */
  const events = new Map();
  /** Teams meetings the app made (POST /me/onlineMeetings), by id. */
  const meetings = new Map();
  const codes = new Map();
  const refreshTokens = new Map();
  const accessTokens = new Set();
  const requests = [];
  /** Graph answers to give before the real ones: { method, path (a RegExp), status, retryAfter }, each used once. */
  const throttles = [];
  let pageSize = 500;

  function occurrences(from, to) {
    const out = [];
    for (const s of series) {
      const first = DateTime.fromISO(s.start, { zone: s.zone });
      for (let n = 0; n < (s.weeks ?? 1); n++) {
        const start = first.plus({ weeks: n }); // wall-clock weekly: 10:00 Berlin stays 10:00 across DST
        const startMs = start.toMillis();
        const endMs = start.plus({ minutes: s.minutes }).toMillis();
        if (endMs <= from || startMs >= to) continue;
        out.push({
          id: s.weeks ? `${s.id}-occurrence-${n}` : s.id,
          type: s.weeks ? "occurrence" : "singleInstance",
          seriesMasterId: s.weeks ? s.id : undefined,
          subject: s.subject ?? "Busy",
          showAs: s.showAs ?? "busy",
          isCancelled: Boolean(s.isCancelled),
          isAllDay: false,
          startMs,
          endMs,
          zone: s.zone,
        });
      }
    }
    for (const e of events.values()) {
      if (e.endMs <= from || e.startMs >= to) continue;
      out.push(e);
    }
    return out.sort((a, b) => a.startMs - b.startMs);
  }

  function eventJson(e, utc) {
    return {
      id: e.id,
      type: e.type ?? "singleInstance",
      seriesMasterId: e.seriesMasterId,
      subject: e.subject,
      showAs: e.showAs ?? "busy",
      isCancelled: Boolean(e.isCancelled),
      isAllDay: Boolean(e.isAllDay),
      start: graphTime(e.startMs, e.zone ?? "UTC", utc),
      end: graphTime(e.endMs, e.zone ?? "UTC", utc),
      attendees: e.attendees,
      location: e.location,
      isOnlineMeeting: Boolean(e.isOnlineMeeting),
      onlineMeeting: e.isOnlineMeeting ? { joinUrl: e.joinUrl } : null,
    };
  }

  /** A written event from the app's body (start and end in UTC, as the app sends them). */
  function fromBody(body, previous) {
    const ms = (t) => DateTime.fromISO(t.dateTime, { zone: t.timeZone === "UTC" ? "UTC" : t.timeZone }).toMillis();
    const online = body.isOnlineMeeting ?? previous?.isOnlineMeeting ?? false;
    return {
      ...previous,
      subject: body.subject ?? previous?.subject,
      body: body.body ?? previous?.body,
      startMs: body.start ? ms(body.start) : previous.startMs,
      endMs: body.end ? ms(body.end) : previous.endMs,
      zone: "UTC",
      showAs: body.showAs ?? previous?.showAs ?? "busy",
      attendees: body.attendees ?? previous?.attendees ?? [],
      location: body.location ?? previous?.location,
      isOnlineMeeting: online,
      onlineMeetingProvider: body.onlineMeetingProvider ?? previous?.onlineMeetingProvider,
      joinUrl: online
        ? (previous?.joinUrl ?? `https://teams.microsoft.com/l/meetup-join/${newId("19%3ameeting_")}`)
        : undefined,
    };
  }

  function issueTokens(grant) {
    const access = newId("at-");
    const refresh = newId("rt-");
    accessTokens.add(access);
    refreshTokens.set(refresh, { grant, revoked: false });
    return { token_type: "Bearer", access_token: access, refresh_token: refresh, expires_in: 3600, scope: grant.scope };
  }

  function revokeAll() {
    for (const value of refreshTokens.values()) value.revoked = true;
    accessTokens.clear();
  }

  const server = http.createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    const record = {
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { authorization: req.headers.authorization, prefer: req.headers.prefer },
      body: text,
    };
    if (url.pathname !== "/_test/requests") requests.push(record);

    if (url.pathname === "/_test/requests") return send(res, 200, requests);
    if (url.pathname === "/_test/revoke" && req.method === "POST") {
      revokeAll();
      return send(res, 204);
    }

    const login = /^\/([^/]+)\/oauth2\/v2\.0\/(authorize|token)$/.exec(url.pathname);
    if (login && login[2] === "authorize" && req.method === "GET") {
      const q = url.searchParams;
      if (clientId && q.get("client_id") !== clientId) return send(res, 400, { error: "unauthorized_client" });
      if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge"))
        return send(res, 400, { error: "invalid_request", error_description: "PKCE required" });
      const code = newId("code-");
      codes.set(code, {
        tenant: login[1],
        challenge: q.get("code_challenge"),
        redirectUri: q.get("redirect_uri"),
        scope: q.get("scope"),
      });
      const back = new URL(q.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (login && login[2] === "token" && req.method === "POST") {
      const form = new URLSearchParams(text);
      if (form.get("grant_type") === "authorization_code") {
        // Only the code exchange checks the client: other app servers on the same database (the
        // integration suite's, without a client id) may refresh a connection's token too.
        if (clientId && (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret))
          return send(res, 401, { error: "invalid_client" });
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const challenge = crypto
          .createHash("sha256")
          .update(form.get("code_verifier") ?? "")
          .digest("base64url");
        if (!grant || grant.redirectUri !== form.get("redirect_uri") || grant.challenge !== challenge)
          return send(res, 400, { error: "invalid_grant", error_description: "AADSTS70008: bad code" });
        return send(res, 200, issueTokens(grant));
      }
      if (form.get("grant_type") === "refresh_token") {
        const known = refreshTokens.get(form.get("refresh_token") ?? "");
        if (!known || known.revoked)
          return send(res, 400, {
            error: "invalid_grant",
            error_description: "AADSTS50173: The provided grant has expired due to it being revoked.",
          });
        return send(res, 200, issueTokens(known.grant));
      }
      return send(res, 400, { error: "unsupported_grant_type" });
    }

    const throttle = throttles.findIndex((t) => t.method === req.method && t.path.test(url.pathname));
    if (throttle >= 0) {
      const [t] = throttles.splice(throttle, 1);
      res.writeHead(t.status, {
        "content-type": "application/json",
        ...(t.retryAfter === undefined ? {} : { "retry-after": t.retryAfter }),
      });
      res.end(JSON.stringify({ error: { code: "TooManyRequests", message: "Throttled by the fake." } }));
      return;
    }
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!accessTokens.has(token)) return graphError(res, 401, "InvalidAuthenticationToken", "Access token is invalid.");
    const utc = /outlook\.timezone="UTC"/.test(req.headers.prefer ?? "");
    const base = `http://${req.headers.host}`;
    const page = (items, mapped) => {
      const top = Math.min(Number(url.searchParams.get("$top") ?? 100) || 100, pageSize);
      const skip = Number(url.searchParams.get("$skip") ?? 0) || 0;
      const body = { value: items.slice(skip, skip + top).map(mapped) };
      if (skip + top < items.length) {
        const next = new URL(url.pathname + url.search, base);
        next.searchParams.set("$skip", String(skip + top));
        body["@odata.nextLink"] = next.href;
      }
      return send(res, 200, body);
    };

    if (url.pathname === "/v1.0/me" && req.method === "GET")
      return send(res, 200, { mail: account.mail, userPrincipalName: account.mail, displayName: account.displayName });
    if (url.pathname === "/v1.0/me/calendars" && req.method === "GET") return page(calendars, (c) => c);

    const view = /^\/v1\.0\/me\/calendars\/([^/]+)\/calendarView$/.exec(url.pathname);
    if (view && req.method === "GET") {
      const calendar = decodeURIComponent(view[1]);
      if (!calendars.some((c) => c.id === calendar)) return graphError(res, 404, "ErrorItemNotFound", "No calendar.");
      const from = Date.parse(url.searchParams.get("startDateTime") ?? "");
      const to = Date.parse(url.searchParams.get("endDateTime") ?? "");
      if (!Number.isFinite(from) || !Number.isFinite(to))
        return graphError(res, 400, "ErrorInvalidParameter", "startDateTime and endDateTime are required.");
      const mine = occurrences(from, to).filter((e) => (e.calendar ?? "cal-main") === calendar);
      return page(mine, (e) => eventJson(e, utc));
    }

    const create = /^\/v1\.0\/me\/calendars\/([^/]+)\/events$/.exec(url.pathname);
    if (create && req.method === "POST") {
      const calendar = decodeURIComponent(create[1]);
      const target = calendars.find((c) => c.id === calendar);
      if (!target) return graphError(res, 404, "ErrorItemNotFound", "No calendar.");
      if (!target.canEdit) return graphError(res, 403, "ErrorAccessDenied", "Read-only calendar.");
      const body = JSON.parse(text || "{}");
      const same = body.transactionId
        ? [...events.values()].find((e) => e.transactionId === body.transactionId)
        : undefined;
      if (same) return send(res, 201, eventJson(same, utc));
      const event = { id: newId("AAMkAD"), calendar, transactionId: body.transactionId, ...fromBody(body) };
      events.set(event.id, event);
      return send(res, 201, eventJson(event, utc));
    }

    const one = /^\/v1\.0\/me\/events\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const id = decodeURIComponent(one[1]);
      const event = events.get(id);
      if (!event) return graphError(res, 404, "ErrorItemNotFound", "The specified object was not found in the store.");
      if (req.method === "GET") return send(res, 200, eventJson(event, utc));
      if (req.method === "PATCH") {
        const updated = { ...event, ...fromBody(JSON.parse(text || "{}"), event), id, calendar: event.calendar };
        events.set(id, updated);
        return send(res, 200, eventJson(updated, utc));
      }
      if (req.method === "DELETE") {
        events.delete(id);
        return send(res, 204);
      }
    }
    if (url.pathname === "/v1.0/me/onlineMeetings" && req.method === "POST") {
      const body = JSON.parse(text || "{}");
      if (!body.startDateTime || !body.endDateTime)
        return graphError(res, 400, "BadRequest", "startDateTime and endDateTime are required.");
      const id = newId("MSo1N2Y5");
      const meeting = {
        id,
        subject: body.subject,
        startDateTime: body.startDateTime,
        endDateTime: body.endDateTime,
        joinWebUrl: `https://teams.microsoft.com/l/meetup-join/${encodeURIComponent(id)}`,
        joinMeetingIdSettings: { joinMeetingId: "31415926535", passcode: "Xy9Zq2" },
        audioConferencing: { tollNumber: "+1 555 0100", conferenceId: "271828" },
      };
      meetings.set(id, meeting);
      return send(res, 201, meeting);
    }
    const meetingPath = /^\/v1\.0\/me\/onlineMeetings\/([^/]+)$/.exec(url.pathname);
    if (meetingPath) {
      const id = decodeURIComponent(meetingPath[1]);
      const meeting = meetings.get(id);
      if (!meeting) return graphError(res, 404, "NotFound", "No such online meeting.");
      if (req.method === "PATCH") {
        const body = JSON.parse(text || "{}");
        const updated = { ...meeting, ...body, id };
        meetings.set(id, updated);
        return send(res, 200, updated);
      }
      if (req.method === "DELETE") {
        meetings.delete(id);
        return send(res, 204);
      }
    }
    return graphError(res, 404, "UnknownRoute", `No fake for ${req.method} ${url.pathname}.`);
  });

  await new Promise((resolve) => server.listen(port, host, resolve));
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    requests,
    events,
    meetings,
    series,
    /** Busy entries the calendar shows (a weekly series when `weeks` is given). */
    addBusy(entry) {
      series.push({ id: newId("AAMkBusy"), minutes: 60, ...entry });
    },
    /** Every refresh token issued so far stops working (the user revoked the app's access). */
    revokeAll,
    /**
     * The next Graph call matching `method` and `path` is answered `status` (429 or 503) with this
     * Retry-After (seconds or an HTTP date).
     */
    /**
     * @param {string} method
     * @param {RegExp} path
     * @param {number} [status]
     * @param {string} [retryAfter]
     */
    throttleNext(method, path, status = 429, retryAfter) {
      /** @type {{ method: string, path: RegExp, status: number, retryAfter: string | undefined }} */
      const t = { method, path, status, retryAfter };
      throttles.push(t);
      return t;
    },
    setPageSize(n) {
      pageSize = n;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(resolve);
      }),
  };
}

// As a program: `node tests/fakes/microsoft-server.mjs 3302` (the e2e suite starts it this way).
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeMicrosoft({
    port: Number(process.argv[2] ?? 12112),
    clientId: process.env.FAKE_MICROSOFT_CLIENT_ID,
    clientSecret: process.env.FAKE_MICROSOFT_CLIENT_SECRET,
  });
  console.log(`fake Microsoft listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
