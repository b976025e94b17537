// Loads `.env` from the working directory (or the file ENV_FILE names) into process.env, without
// overriding a variable the environment already sets (docs/configuration.md). Imported first by
// server.mjs, scripts/start.mjs and the npm scripts in scripts/. No file: nothing to do.
import fs from "node:fs";
import util from "node:util";

const named = process.env.ENV_FILE;
let text = "";
try {
  text = fs.readFileSync(named || ".env", "utf8");
} catch (error) {
  // A missing .env is the usual case; a missing file that ENV_FILE names is a mistake to report.
  if (named || !(error && typeof error === "object" && "code" in error && error.code === "ENOENT")) throw error;
}
for (const [name, value] of Object.entries(util.parseEnv(text))) {
  if (process.env[name] === undefined) process.env[name] = value;
}
