import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1 between an app server and its database, for fault tests: `cut`
 * makes the database unreachable, `restore` brings it back on the same port.
 *
 * - "refuse": the port is closed and every open connection is reset (the database host is
 *   down: connects fail at once);
 * - "blackhole": every open connection is reset, and new ones are accepted but never
 *   forwarded nor answered (a lost network or a hung server: only timeouts end them).
 */
export type CutMode = "refuse" | "blackhole";

export interface TcpProxy {
  port: number;
  cut(mode: CutMode): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: "forward" | CutMode = "forward";

  function track(socket: net.Socket) {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  }

  const server = net.createServer((client) => {
    track(client);
    if (mode === "blackhole") return; // held open, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });

  async function listen(p: number): Promise<number> {
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(p, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  }

  function resetAll() {
    for (const s of sockets) s.resetAndDestroy();
    sockets.clear();
  }

  const actualPort = await listen(port);
  return {
    port: actualPort,
    async cut(next) {
      mode = next;
      const closed =
        next === "refuse" ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
      resetAll();
      await closed;
    },
    async restore() {
      // Already forwarding: nothing to undo (and open connections are left alone).
      if (mode === "forward") return;
      const was = mode;
      mode = "forward";
      resetAll(); // blackholed connects fail now instead of waiting for their timeout
      if (was === "refuse") await listen(actualPort);
    },
    async close() {
      const wasListening = mode !== "refuse";
      mode = "refuse";
      const closed = wasListening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
      resetAll();
      await closed;
    },
  };
}
