// The minimal Remix v2 reference server of bench/home.mjs: express, compression and the Remix
// request handler, as Remix's express template has them; no other middleware.
//   node bench/reference/server.mjs <markup.html>   (PORT in the environment; build first)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { treeFactory } from "./markup.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const { elements, render } = treeFactory(fs.readFileSync(process.argv[2], "utf8"));
globalThis.__REFERENCE_TREE__ = render;
const build = await import(pathToFileURL(path.join(HERE, "build/index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/build", express.static(path.join(HERE, "public/build"), { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const message = { port: server.address().port, elements };
  if (process.send) process.send(message);
  else console.error(`reference on ${message.port} (${elements} elements)`);
});
server.keepAliveTimeout = 60_000;
process.on("SIGTERM", () => process.exit(0));
process.on("disconnect", () => process.exit(0));
