// Benchmark of a mail's HTML part (decision 093), in process, no server: CPU per mail of the
// guest's invitation rendered (a) by the former string template (each line escaped, joined by
// <br>), (b) by the layout (app/mail/layout.tsx: React Email's pieces rendered once, filled per
// mail), (c) by React Email's components rendered with react-dom/server for every mail, and
// (d) by mjml compiling the same mail for every mail, when BENCH_MJML_DIR names a folder whose
// node_modules holds mjml (`npm install mjml` there: mjml is not one of the app's packages).
// Also the install size of the @react-email packages the app uses (and of mjml's tree).
//
//   node bench/mail.mjs        (or `npm run bench -- mail`)
//
// Prints exactly one JSON line on stdout; logs go to stderr. Exits non-zero on any failure.
// Optional: BENCH_MAIL_RUNS (mails per scenario, default 2000), BENCH_MJML_DIR.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_MAIL_RUNS || 2000);
if (!Number.isInteger(RUNS) || RUNS < 10) throw new Error("BENCH_MAIL_RUNS must be an integer >= 10");
const log = (...args) => console.error("[bench:mail]", ...args);

/** The HTML part as it was before decision 093. */
function formerTemplate(lines) {
  const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const body = lines
    .map((line) => escape(line).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`))
    .join("<br>\n");
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;
}

/** CPU ms per call of `fn` over RUNS calls (user + system of this process), after a warm-up. */
function cpuPerCall(fn) {
  for (let i = 0; i < Math.min(200, RUNS); i++) fn(i);
  const before = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) fn(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / RUNS;
}

function folderBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

const { composeGuestMail, linesToHtml } = await tsImport(path.join(ROOT, "app/mail/event-mail.ts"), import.meta.url);
const { meetingPlace } = await tsImport(path.join(ROOT, "app/schemas/meeting.ts"), import.meta.url);
const place = meetingPlace({
  setting: { type: "video", value: "https://zoom.example.test/j/1" },
  eventType: "Google Meet",
  baseUrl: "https://app.example.test",
  roomId: "abc123",
});
const input = (i) => ({
  event: {
    eventName: `Intro call ${i}`,
    description: "A first talk about the plan.",
    startsAt: new Date(Date.UTC(2026, 11, 2, 9 + (i % 8))),
    endsAt: new Date(Date.UTC(2026, 11, 2, 9 + (i % 8), 30)),
    answerLines: [{ label: "Company", text: `Acme ${i}` }],
  },
  hostName: "Nora York",
  kind: "created",
  readerZone: "Europe/Berlin",
  otherZone: "America/New_York",
  place,
  footer: [
    `Need to change it? https://app.example.test/booking/${i}/reschedule?token=abc`,
    `Cancel: https://app.example.test/booking/${i}/cancel?token=abc`,
  ],
  origin: "https://app.example.test",
});

const sample = composeGuestMail(input(0));
const lines = sample.text.split("\n");
// The HTML part alone, from the same text lines (the rest of composing is the same for both),
// side by side in alternating rounds, the median of each: a shared machine's load moves both.
const frame = { language: "en", origin: "https://app.example.test" };
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rounds = { compose: [], former: [], layout: [] };
for (let r = 0; r < 5; r++) {
  rounds.compose.push(cpuPerCall((i) => composeGuestMail(input(i))));
  rounds.former.push(cpuPerCall(() => formerTemplate(lines)));
  rounds.layout.push(cpuPerCall(() => linesToHtml(lines, frame, { details: [1] })));
}
const composeWhole = median(rounds.compose);
const former = median(rounds.former);
const layout = median(rounds.layout);
log(`former ${former.toFixed(4)} ms, layout ${layout.toFixed(4)} ms per mail`);

// React Email rendered for every mail: the same components, one tree per mail.
const require = createRequire(path.join(ROOT, "package.json"));
const React = require("react");
const { renderToStaticMarkup } = require("react-dom/server");
const h = React.createElement;
const C = Object.fromEntries(
  ["html", "head", "body", "container", "section", "text", "button", "preview", "img"].map((n) => [
    n,
    Object.values(require(`@react-email/${n}`))[0],
  ]),
);
function reactPerMail(i) {
  const paragraphs = composeGuestMail(input(i))
    .text.split("\n\n")
    .map((p) => p.split("\n"));
  const tree = h(
    C.html,
    { lang: "en", dir: "ltr" },
    h(C.head, null),
    h(
      C.body,
      { style: { background: "#f4f4f5" } },
      h(C.preview, null, paragraphs[0][0]),
      h(
        C.container,
        { style: { maxWidth: 600 } },
        h(C.section, null, h(C.img, { src: "https://app.example.test/images/mail-logo.png", alt: "Scheduler logo" })),
        h(
          C.section,
          { style: { background: "#fff", padding: "8px 24px" } },
          ...paragraphs.map((p, n) => h(C.text, { key: n, style: { fontSize: 15 } }, p.join(" "))),
          h(C.button, { href: "https://app.example.test/r", style: { padding: "12px 20px" } }, "Reschedule"),
          h(C.button, { href: "https://app.example.test/c", style: { padding: "12px 20px" } }, "Cancel"),
        ),
      ),
    ),
  );
  return renderToStaticMarkup(tree);
}
const reactEach = cpuPerCall(reactPerMail);
log(`react-email per mail ${reactEach.toFixed(4)} ms`);

let mjmlEach = null;
let mjmlBytes = null;
if (process.env.BENCH_MJML_DIR) {
  const dir = path.resolve(process.env.BENCH_MJML_DIR);
  const mjml2html = createRequire(path.join(dir, "package.json"))("mjml");
  const compile = (i) => {
    const paragraphs = composeGuestMail(input(i)).text.split("\n\n");
    const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const mjml = `<mjml lang="en"><mj-head><mj-preview>${esc(paragraphs[0])}</mj-preview></mj-head><mj-body background-color="#f4f4f5" width="600px">
<mj-section><mj-column><mj-image src="https://app.example.test/images/mail-logo.png" alt="Scheduler logo" width="32px" /></mj-column></mj-section>
<mj-section background-color="#ffffff"><mj-column>${paragraphs.map((p) => `<mj-text>${esc(p).replace(/\n/g, "<br>")}</mj-text>`).join("")}
<mj-button href="https://app.example.test/r">Reschedule</mj-button><mj-button href="https://app.example.test/c">Cancel</mj-button></mj-column></mj-section></mj-body></mjml>`;
    return mjml2html(mjml, { validationLevel: "skip" }).html;
  };
  const runs = Math.max(10, Math.round(RUNS / 10));
  for (let i = 0; i < 20; i++) compile(i);
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) compile(i);
  const used = process.cpuUsage(before);
  mjmlEach = (used.user + used.system) / 1000 / runs;
  mjmlBytes = folderBytes(path.join(dir, "node_modules"));
  log(`mjml per mail ${mjmlEach.toFixed(4)} ms`);
}

const reactEmailBytes = folderBytes(path.join(ROOT, "node_modules/@react-email"));
const round = (n) => (n === null ? null : Math.round(n * 10_000) / 10_000);
console.log(
  JSON.stringify({
    bench: "mail",
    runs: RUNS,
    cpuMsPerMail: {
      wholeGuestMail: round(composeWhole),
      formerTemplate: round(former),
      layout: round(layout),
      reactEmailPerMail: round(reactEach),
      mjmlPerMail: round(mjmlEach),
    },
    ratios: {
      layoutVsFormer: round(layout / former),
      reactEmailPerMailVsFormer: round(reactEach / former),
      mjmlPerMailVsFormer: mjmlEach === null ? null : round(mjmlEach / former),
    },
    htmlBytes: { former: formerTemplate(lines).length, layout: sample.html.length },
    installBytes: { reactEmailPackages: reactEmailBytes, mjmlTree: mjmlBytes },
  }),
);
