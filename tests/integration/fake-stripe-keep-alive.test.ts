/**
 * The e2e suite's browser reaches the fake Stripe API through Playwright's `route.fetch`, whose
 * agent keeps connections alive across tests. A server that closes an idle connection after its
 * keep-alive timeout (Node's default: 5 s) races a request sent on it at that moment: the request
 * fails with "socket hang up" (ECONNRESET), as payment.spec.ts did once on a loaded machine. The
 * fake keeps idle connections open until its client closes them.
 */
import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeStripe } from "../fakes/stripe-server.mjs";

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  fake = await startFakeStripe({ port: 0 });
});
afterAll(async () => {
  agent.destroy();
  await fake.close();
});

function localPortOfRequest(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${fake.url}/_test/requests`, { agent }, (res) => {
      const port = res.socket.localPort!;
      res.resume();
      res.on("end", () => resolve(port));
    });
    req.on("error", reject);
  });
}

it("keeps an idle keep-alive connection open past Node's 5 s default", async () => {
  const first = await localPortOfRequest();
  await new Promise((r) => setTimeout(r, 6_000));
  // The same connection answers: the server did not close it while it sat idle.
  expect(await localPortOfRequest()).toBe(first);
});
