// The floor of bench/booking.mjs: the least any HTTP server can do per booking. A bare node:http
// server, in as many workers as the app runs, that reads and parses the same JSON body the app
// gets, maps its event type to a bench host and runs the booking's critical section in one round
// trip (pgbench's `bench_book`, bench/lib/pgbench-booking.mjs), and answers 201 with the id. No
// framework, validation, session, mail or webhook: what a booking costs an app above this is the
// app's own work.
//   DATABASE_URL=... PORT=... WORKERS=2 POOL=10 node bench/lib/booking-floor-server.mjs
// Reports `{ port }` over IPC once every worker listens.
import cluster from "node:cluster";
import http from "node:http";
import postgres from "postgres";

const workers = Number(process.env.WORKERS ?? 1);

if (cluster.isPrimary && workers > 1) {
  let listening = 0;
  for (let i = 0; i < workers; i++) {
    cluster.fork().on("listening", () => {
      if (++listening === workers) process.send?.({ port: Number(process.env.PORT) });
    });
  }
  cluster.on("exit", (worker, code) => {
    if (code) process.exit(code);
  });
  process.on("SIGTERM", () => {
    for (const w of Object.values(cluster.workers)) w.kill("SIGTERM");
    process.exit(0);
  });
} else {
  const db = postgres(process.env.DATABASE_URL, { max: Number(process.env.POOL ?? 10), onnotice: () => {} });
  const hostOf = new Map((await db`select i, event_type_id from bench_hosts`).map((r) => [r.event_type_id, r.i]));
  const answer = (res, status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  };
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/api/bookings") return answer(res, 404, { error: "not found" });
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size <= 65_536) chunks.push(chunk);
    });
    req.on("end", async () => {
      let h;
      try {
        h = hostOf.get(JSON.parse(Buffer.concat(chunks).toString("utf8")).eventTypeId);
      } catch {
        return answer(res, 400, { error: "bad JSON" });
      }
      if (size > 65_536 || h === undefined) return answer(res, 400, { error: "unknown event type" });
      try {
        const [{ id }] = await db`select bench_book(${h}) as id`;
        answer(res, 201, { id });
      } catch (error) {
        answer(res, 500, { error: error.message });
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
    if (workers === 1) process.send?.({ port: server.address().port });
  });
  process.on("SIGTERM", async () => {
    server.close();
    await db.end({ timeout: 1 });
    process.exit(0);
  });
}
