import http from "node:http";

/**
 * A fake Zoom (decision 065) at the network boundary: the OAuth token endpoint (a code, refresh
 * tokens used once and rotated), GET /v2/users/me, and meetings made (POST
 * /v2/users/me/meetings), moved (PATCH /v2/meetings/{id}) and deleted (DELETE). It records every
 * request; `failCreates` answers 503 to that many creations, `rejectCreates` 400 to all, and
 * `revoke()` makes every token and refresh token refused, as when a host removes the app.
 */
export interface FakeZoomMeeting {
  id: number;
  topic: string;
  start_time: string;
  duration: number;
  join_url: string;
  password: string;
}

export interface FakeZoom {
  url: string;
  requests: Array<{ method: string; path: string; body: string }>;
  meetings: Map<string, FakeZoomMeeting>;
  failCreates: number;
  rejectCreates: boolean;
  revoke(): void;
  stop(): Promise<void>;
}

export async function startFakeZoom(port = 0): Promise<FakeZoom> {
  let next = 85_000_000_001;
  let generation = 1;
  const live = { access: new Set<string>(), refresh: new Set<string>() };
  const issue = () => {
    generation += 1;
    const pair = { access_token: `zat-${generation}`, refresh_token: `zrt-${generation}`, expires_in: 3600 };
    live.access.add(pair.access_token);
    live.refresh.add(pair.refresh_token);
    return pair;
  };
  const fake: FakeZoom = {
    url: "",
    requests: [],
    meetings: new Map(),
    failCreates: 0,
    rejectCreates: false,
    revoke() {
      live.access.clear();
      live.refresh.clear();
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const server = http.createServer(
    (req, res) =>
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const text = Buffer.concat(chunks).toString("utf8");
        const url = new URL(req.url ?? "/", "http://fake");
        fake.requests.push({ method: req.method ?? "", path: url.pathname, body: text });
        // The consent page: the person allows at once, and is sent back with a code and the state.
        if (url.pathname === "/oauth/authorize" && req.method === "GET") {
          const back = new URL(url.searchParams.get("redirect_uri") ?? "");
          back.searchParams.set("code", "good-code");
          back.searchParams.set("state", url.searchParams.get("state") ?? "");
          res.writeHead(302, { location: back.href }).end();
          return;
        }
        if (url.pathname === "/oauth/token" && req.method === "POST") {
          const form = new URLSearchParams(text);
          if (form.get("grant_type") === "authorization_code") {
            const basic = Buffer.from("zoom-client:zoom-secret").toString("base64");
            if (req.headers.authorization !== `Basic ${basic}`) return json(res, 401, { reason: "Invalid client" });
            if (form.get("code") !== "good-code") return json(res, 400, { reason: "Invalid authorization code" });
            return json(res, 200, issue());
          }
          const refresh = form.get("refresh_token") ?? "";
          if (form.get("grant_type") === "refresh_token" && live.refresh.delete(refresh))
            return json(res, 200, issue());
          return json(res, 400, { reason: "Invalid Token!", error: "invalid_grant" });
        }
        const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
        if (!live.access.has(token)) return json(res, 401, { code: 124, message: "Invalid access token." });
        if (url.pathname === "/v2/users/me" && req.method === "GET")
          return json(res, 200, { email: "host@zoom.example" });
        if (url.pathname === "/v2/users/me/meetings" && req.method === "POST") {
          if (fake.rejectCreates) return json(res, 400, { code: 300, message: "Invalid meeting." });
          if (fake.failCreates > 0) {
            fake.failCreates -= 1;
            return json(res, 503, { message: "Service unavailable" });
          }
          const body = JSON.parse(text) as { topic: string; start_time: string; duration: number };
          const id = next++;
          const meeting = {
            id,
            topic: body.topic,
            start_time: body.start_time,
            duration: body.duration,
            join_url: `https://zoom.example/j/${id}?pwd=abc`,
            password: "729301",
          };
          fake.meetings.set(String(id), meeting);
          return json(res, 201, {
            ...meeting,
            settings: { global_dial_in_numbers: [{ number: "+1 646 558 8656", country_name: "US" }] },
          });
        }
        const m = /^\/v2\/meetings\/([^/]+)$/.exec(url.pathname);
        if (m) {
          const meeting = fake.meetings.get(m[1]);
          if (!meeting) return json(res, 404, { code: 3001, message: "Meeting does not exist." });
          if (req.method === "PATCH") {
            const body = JSON.parse(text) as { start_time?: string; duration?: number };
            Object.assign(meeting, body.start_time ? { start_time: body.start_time } : {});
            res.writeHead(204).end();
            return;
          }
          if (req.method === "DELETE") {
            fake.meetings.delete(m[1]);
            res.writeHead(204).end();
            return;
          }
        }
        json(res, 404, { message: "Not found" });
      })(),
  );
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return fake;
}
