/**
 * The mails as a reader's client gets them (decision 093), over real HTTP on PostgreSQL with a
 * fake SMTP server of this file's own: a booking's mails arrive as multipart/alternative with the
 * text and the designed HTML; every link of the app in the HTML opens a page (200, or a redirect
 * to one), never a 404; the guest's updated invitation after the host moved the booking keeps
 * cancel and reschedule links that work; the guest's mails show the host's photo as a PNG.
 */
import postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/mail-wait";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../support/smtp";
import { HttpClient, uniqueEmail } from "../support/http";

let database: TestDatabase;
let db: postgres.Sql;
let smtp: FakeSmtp;
let server: RunningServer;
let token: string;
let typeId: string;
let hostEmail: string;
let photoHash: string;
const DAY = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 2));

beforeAll(async () => {
  database = await createTestDatabase("scheduler_mail_html");
  db = postgres(database.url, { max: 2, onnotice: () => {} });
  smtp = await startFakeSmtp();
  server = await startServer({
    DATABASE_URL: database.url,
    SESSION_SECRET: "mail-html-secret-0123456789abcdef0123456789",
    TRUST_PROXY: "loopback",
    SMTP_URL: smtp.url,
    RATE_LIMIT_FACTOR: "100",
    JOBS_POLL_MS: "200",
  });
  const c = new HttpClient(server.url, { "x-forwarded-for": "10.212.0.1" });
  hostEmail = uniqueEmail("mail-html-host");
  const password = "correct-horse-battery";
  expect(
    (await c.post("/signup", { name: "Mail <b>Host</b>", email: hostEmail, password, confirmPassword: password }))
      .status,
  ).toBe(302);
  await db`update users set role = 'professional', username = 'mailhost' where email = ${hostEmail}`;
  const tokenRes = await c.request(`/users/${encodeURIComponent(hostEmail)}`, {
    method: "PUT",
    body: JSON.stringify({ email: hostEmail }),
    headers: { origin: c.baseUrl, "content-type": "application/json" },
  });
  token = ((await tokenRes.json()) as { token: string }).token;
  // The host's profile photo (decision 095): the guests' mails show it.
  const form = new FormData();
  form.append("intent", "upload");
  const picture = await sharp({ create: { width: 120, height: 120, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
  form.append("photo", new Blob([new Uint8Array(picture)]), "me.png");
  const upload = await c.request("/dashboard/profile/photo", {
    method: "POST",
    body: form,
    headers: { origin: c.baseUrl },
  });
  expect(upload.status).toBe(302);
  [{ hash: photoHash }] = (await db`select p.hash from user_photos p join users u on u.id = p.user_id
    where u.email = ${hostEmail}`) as unknown as [{ hash: string }];
  const schedule = await api("/api/schedules", {
    name: "All day",
    timeZone: "UTC",
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
  });
  const type = await api("/api/event-types", {
    title: "Mail check",
    slug: "mail-check",
    duration: 15,
    slotInterval: 15,
    minimumNotice: 60,
    bookingWindowDays: 30,
    location: { type: "in-person", value: "Hall <B>" },
    scheduleId: schedule._id,
  });
  typeId = type._id;
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await smtp?.stop();
  await db?.end();
  await database?.drop();
});

async function api(path: string, json: unknown, expected = 201) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: JSON.stringify(json),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-forwarded-for": "10.212.0.2" },
  });
  const text = await res.text();
  expect(res.status, text).toBe(expected);
  return JSON.parse(text) as { _id: string };
}

function decode(body: string, encoding: string | undefined): string {
  if (/base64/i.test(encoding ?? "")) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding ?? "")) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The text and HTML parts of the message's multipart/alternative. */
function alternative(mail: ReceivedMail): { text: string; html: string } {
  const m = /Content-Type: multipart\/alternative;\s*boundary="?([^"\r\n]+)"?/i.exec(mail.raw);
  expect(m, "a multipart/alternative part").not.toBeNull();
  const parts = mail.raw.split(`--${m![1]}`).slice(1, -1);
  const out: Record<string, string> = {};
  for (const part of parts) {
    const split = part.indexOf("\r\n\r\n");
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, " ");
    const type = /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1]?.toLowerCase() ?? "";
    const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(head)?.[1];
    out[type] = decode(part.slice(split + 4), encoding);
  }
  expect(Object.keys(out).sort()).toEqual(["text/html", "text/plain"]);
  return { text: out["text/plain"]!, html: out["text/html"]! };
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

/** Every link of the app in `html` opens: 200, or a redirect (a sign-in, a canonical address). */
async function expectLinksOpen(html: string): Promise<string[]> {
  const ours = hrefs(html).filter((h) => h.startsWith(server.url));
  for (const href of ours) {
    const res = await fetch(href, { redirect: "manual", headers: { "x-forwarded-for": "10.212.0.3" } });
    await res.arrayBuffer();
    expect([200, 302, 303], `${href} answered ${res.status}`).toContain(res.status);
  }
  const imgs = html.match(/<img\b[^>]*>/g) ?? [];
  for (const img of imgs) {
    expect(img).toMatch(/\balt="[^"]+"/);
    const src = /\bsrc="([^"]+)"/.exec(img)![1]!;
    const res = await fetch(src);
    expect(res.status, src).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/png/);
    await res.arrayBuffer();
  }
  return ours;
}

describe("a booking's mails", () => {
  let bookingId: string;
  const guest = "mail-html-guest@example.test";

  it("arrive as text and HTML, the HTML designed, escaped and its links open", async () => {
    const res = await fetch(`${server.url}/api/bookings`, {
      method: "POST",
      body: JSON.stringify({
        eventTypeId: typeId,
        start: new Date(DAY.getTime() + 10 * 3600_000).toISOString(),
        name: "Gia <script>x</script>",
        email: guest,
        timeZone: "Europe/Berlin",
        notes: "Bring <i>slides</i>",
      }),
      headers: { "content-type": "application/json", "x-forwarded-for": "10.212.1.1" },
    });
    const body = await res.text();
    expect(res.status, body).toBe(201);
    bookingId = (JSON.parse(body) as { booking: { id: string } }).booking.id;
    await eventually(
      () => smtp.to(guest).length + smtp.to(hostEmail).length,
      (n) => n === 2,
      20_000,
    );

    const forGuest = alternative(smtp.to(guest)[0]!);
    expect(forGuest.text).toContain("Where: In Person Meeting: Hall <B>");
    expect(forGuest.html).toMatch(/<html[^>]* lang="en"/);
    expect(forGuest.html).toContain("Hall &lt;B&gt;");
    expect(forGuest.html).toContain('role="presentation"');
    const opened = await expectLinksOpen(forGuest.html);
    expect(opened.some((h) => h.includes(`/booking/${bookingId}/cancel?token=`))).toBe(true);
    expect(opened.some((h) => h.includes(`/booking/${bookingId}/reschedule?token=`))).toBe(true);
    expect(forGuest.html).toContain(`src="${server.url}/images/mail-logo.png"`);
    // The host's photo as PNG (mail clients that show no WebP), named by the host's escaped name;
    // expectLinksOpen fetched it: 200, image/png.
    const photo = (forGuest.html.match(/<img\b[^>]*>/g) ?? []).find((img) => img.includes("/avatars/"));
    expect(photo).toContain(`src="${server.url}/avatars/`);
    expect(photo).toMatch(new RegExp(`/${photoHash}-96\\.png"`));
    expect(photo).toContain('alt="Mail &lt;b&gt;Host&lt;/b&gt;"');

    const forHost = alternative(smtp.to(hostEmail)[0]!);
    expect(forHost.text).toContain("Notes: Bring <i>slides</i>");
    expect(forHost.html).not.toMatch(/<script|<i>/);
    expect(forHost.html).toContain("Gia &lt;script&gt;x&lt;/script&gt;");
    await expectLinksOpen(forHost.html);
  }, 60_000);

  it("the guest's mail after the host moved it keeps cancel and reschedule links that work", async () => {
    const before = smtp.to(guest).length;
    const res = await fetch(`${server.url}/api/bookings/${bookingId}/reschedule`, {
      method: "POST",
      body: JSON.stringify({ start: new Date(DAY.getTime() + 12 * 3600_000).toISOString(), note: "Sorry <b>!</b>" }),
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-forwarded-for": "10.212.0.4",
      },
    });
    expect(res.status, await res.text()).toBe(200);
    await eventually(
      () => smtp.to(guest).length,
      (n) => n === before + 1,
      20_000,
    );
    const moved = alternative(smtp.to(guest).at(-1)!);
    const cancel = hrefs(moved.html).find((h) => h.includes(`/booking/${bookingId}/cancel?token=`));
    const reschedule = hrefs(moved.html).find((h) => h.includes(`/booking/${bookingId}/reschedule?token=`));
    expect(cancel, moved.html).toBeDefined();
    expect(reschedule).toBeDefined();
    expect(moved.text).toContain(cancel!);
    expect(moved.text).toContain(reschedule!);
    // The links' pages show the booking (a stale token gets the "not found" page instead).
    for (const href of [cancel!, reschedule!]) {
      const page = await fetch(href, { headers: { "x-forwarded-for": "10.212.0.5" } });
      const html = await page.text();
      expect(page.status, href).toBe(200);
      expect(html).toContain("Mail check");
    }
    const stale = hrefs(alternative(smtp.to(guest)[0]!).html).find((h) => h.includes("/cancel?token="))!;
    expect((await fetch(stale, { headers: { "x-forwarded-for": "10.212.0.6" } })).status).toBe(404);
  }, 60_000);
});
