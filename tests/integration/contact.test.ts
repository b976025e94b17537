import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail } from "../support/http";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startFakeSmtp, type FakeSmtp } from "../support/smtp";
import { client, signUp, sql, ownServerEnv } from "./context";

const db = sql();
const SALES = "sales@example.test";
const SENDER = "hello@example.test";

let smtp: FakeSmtp;
/** SMTP_URL points at the fake SMTP server. */
let mailing: RunningServer;
/** SMTP_URL points at a port nobody listens on. */
let broken: RunningServer;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  const common = ownServerEnv({ RATE_LIMIT_FACTOR: "1", CONTACT_TO: SALES });
  [mailing, broken] = await Promise.all([
    startServer({ ...common, SMTP_URL: smtp.url, MAIL_FROM: `Scheduler <${SENDER}>` }),
    startServer({ ...common, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }),
  ]);
});
afterAll(async () => {
  await Promise.all([mailing?.stop(), broken?.stop()]);
  await smtp?.stop();
});

let ipCounter = 0;
/** A visitor with an address of its own, so rate limits of one test never touch another. */
function visitor(server: RunningServer | number): HttpClient {
  ipCounter += 1;
  const ip = `198.18.${process.pid % 250}.${ipCounter}`;
  return typeof server === "number" ? client(server) : new HttpClient(server.url, { "x-forwarded-for": ip });
}

function marker(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

function message(tag: string, overrides: Record<string, string> = {}) {
  return {
    name: "Grace Hopper",
    email: "grace@example.test",
    subject: `Subject ${tag}`,
    message: `Hello team ${tag}`,
    website: "",
    ...overrides,
  };
}

async function rowsFor(tag: string) {
  return db`select name, email, subject, message, email_status, emailed_at, email_error
            from contact_messages where message like ${`%${tag}%`} order by created_at`;
}

/** Posts the form and reads the page it redirects to (post/redirect/get). */
async function send(c: HttpClient, form: Record<string, string>) {
  const res = await c.post("/contact", form);
  const page = res.status === 302 ? await (await c.get(res.headers.get("location")!)).text() : await res.text();
  return { res, page };
}

describe("contact form with SMTP", () => {
  it("stores a valid message, then e-mails it to CONTACT_TO with every field in the body", async () => {
    const tag = marker("ok");
    const { res, page } = await send(visitor(mailing), message(tag));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact");
    expect(page).toContain("Email sent successfully");

    const rows = await rowsFor(tag);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.test",
      subject: `Subject ${tag}`,
      message: `Hello team ${tag}`,
      email_status: "sent",
      email_error: null,
    });
    expect(rows[0].emailed_at).toBeInstanceOf(Date);

    const mails = smtp.to(SALES).filter((m) => m.text.includes(tag));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.envelopeFrom).toBe(SENDER);
    expect(mail.headers.from).toContain(SENDER);
    expect(mail.headers["reply-to"]).toContain("grace@example.test");
    expect(mail.headers.subject).toBe(`Contact form: Subject ${tag}`);
    expect(mail.text).toContain("Name: Grace Hopper");
    expect(mail.text).toContain("Email: grace@example.test");
    expect(mail.text).toContain(`Subject: Subject ${tag}`);
    expect(mail.text).toContain(`Hello team ${tag}`);
  });

  it("keeps the message with the error and says 'Email not sent' when the SMTP server is down", async () => {
    const tag = marker("down");
    const { res, page } = await send(visitor(broken), message(tag));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact");
    expect(page).toContain("Email not sent");
    expect(page).not.toContain("Email sent successfully");

    const rows = await rowsFor(tag);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email_status: "failed", emailed_at: null });
    expect(rows[0].email_error).toMatch(/ECONNREFUSED/);
    // The e-mail itself waits in the outbox for another try.
    const outbox = await db`select "to", status, error from mail_outbox where text like ${`%${tag}%`}`;
    expect(outbox).toEqual([{ to: SALES, status: "failed", error: expect.stringMatching(/ECONNREFUSED/) }]);
  });

  it("says 'Email not sent' when the SMTP server refuses the recipient", async () => {
    const tag = marker("refused");
    smtp.mode = "reject";
    try {
      const { res, page } = await send(visitor(mailing), message(tag));
      expect(res.status).toBe(302);
      expect(page).toContain("Email not sent");
    } finally {
      smtp.mode = "accept";
    }
    const rows = await rowsFor(tag);
    expect(rows).toHaveLength(1);
    expect(rows[0].email_status).toBe("failed");
    expect(rows[0].email_error).toMatch(/550/);
    expect(smtp.messages.filter((m) => m.text.includes(tag))).toHaveLength(0);
  });

  it("gives up on an SMTP server that never answers within seconds, not minutes", async () => {
    const tag = marker("silent");
    smtp.mode = "silent";
    try {
      const { res, page } = await send(visitor(mailing), message(tag));
      expect(res.status).toBe(302);
      expect(page).toContain("Email not sent");
    } finally {
      smtp.mode = "accept";
    }
    // The fake accepted the connection and never greeted: only the client's own greeting timeout
    // (SMTP_TIMEOUTS, seconds) ends that wait; without it the request would hang (the test's
    // limit catches that), as the kernel never times out an open, idle connection.
    const rows = await rowsFor(tag);
    expect(rows[0].email_status).toBe("failed");
    expect(rows[0].email_error).toMatch(/Greeting never received/);
  });

  it("answers a filled honeypot like a success, but stores and sends nothing", async () => {
    const tag = marker("bot");
    const { res, page } = await send(visitor(mailing), message(tag, { website: "https://spam.example" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact");
    expect(page).toContain("Email sent successfully");
    expect(await rowsFor(tag)).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.text.includes(tag))).toHaveLength(0);
  });

  it("refuses the 6th message from one address within the hour with 429 and Retry-After", async () => {
    const tag = marker("flood");
    const c = visitor(mailing);
    for (let i = 1; i <= 5; i += 1) {
      const res = await c.post("/contact", message(`${tag}-${i}`));
      expect(res.status).toBe(302);
      await c.get("/contact"); // read the toast, as a browser would
    }
    const res = await c.post("/contact", message(`${tag}-6`, { name: "Sixth Sender" }));
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const html = await res.text();
    expect(html).toContain("You have sent too many messages. Please try again later.");
    expect(html).toContain("Sixth Sender");
    expect(await rowsFor(tag)).toHaveLength(5);
    // Another visitor is not affected.
    expect((await visitor(mailing).post("/contact", message(`${tag}-other`))).status).toBe(302);
  });

  it("answers invalid input with 400, the messages and the input kept, and stores nothing", async () => {
    const tag = marker("invalid");
    const res = await visitor(mailing).post(
      "/contact",
      message(tag, { name: "Kept Name", email: "not-an-email", message: "", subject: `Kept subject ${tag}` }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Enter a valid email address.");
    expect(html).toContain("Message is required.");
    expect(html).toContain("Kept Name");
    expect(html).toContain("not-an-email");
    expect(html).toContain(`Kept subject ${tag}`);
    expect((await db`select count(*)::int as n from contact_messages where subject like ${`%${tag}%`}`)[0].n).toBe(0);

    const tooLong = await visitor(mailing).post("/contact", message(tag, { message: "x".repeat(5001) }));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Use at most 5000 characters.");
  });
});

describe("contact form without SMTP", () => {
  it("keeps the e-mail in the outbox and thanks the visitor", async () => {
    const tag = marker("outbox");
    const { res, page } = await send(visitor(0), message(tag, { subject: "" }));
    expect(res.status).toBe(302);
    expect(page).toContain("Email sent successfully");
    const rows = await rowsFor(tag);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email_status: "outbox", email_error: null, emailed_at: null });
    const outbox =
      await db`select "to", reply_to, subject, text, status from mail_outbox where text like ${`%${tag}%`}`;
    expect(outbox).toHaveLength(1);
    // Neither CONTACT_TO nor MAIL_FROM is set on these servers: nobody to send to, so it waits here.
    expect(outbox[0]).toMatchObject({
      to: "",
      reply_to: "grace@example.test",
      subject: "Contact form: message from Grace Hopper",
      status: "stored",
    });
    expect(outbox[0].text).toContain(`Hello team ${tag}`);
  });
});

describe("/dashboard/contactMessages", () => {
  it("shows an admin every message, newest first, with whether it was e-mailed", async () => {
    const tags = { sent: marker("list-sent"), failed: marker("list-failed"), stored: marker("list-stored") };
    expect((await visitor(mailing).post("/contact", message(tags.sent, { name: "Sent Sender" }))).status).toBe(302);
    expect((await visitor(broken).post("/contact", message(tags.failed, { name: "Failed Sender" }))).status).toBe(302);
    expect(
      (await visitor(1).post("/contact", message(tags.stored, { name: "Stored Sender", email: "stored@example.test" })))
        .status,
    ).toBe(302);

    const admin = client();
    const email = uniqueEmail("contact-admin");
    await signUp(admin, email);
    await db`update users set role = 'admin' where email = ${email}`;
    const res = await admin.get("/dashboard/contactMessages");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Contact Messages");
    for (const text of [
      "Stored Sender",
      "stored@example.test",
      `Subject ${tags.stored}`,
      `Hello team ${tags.stored}`,
    ]) {
      expect(html).toContain(text);
    }
    const rowOf = (tag: string) =>
      html.slice(html.indexOf(`Hello team ${tag}`), html.indexOf("</tr>", html.indexOf(`Hello team ${tag}`)));
    expect(rowOf(tags.sent)).toContain("E-mailed");
    expect(rowOf(tags.failed)).toContain("E-mail failed");
    expect(rowOf(tags.failed)).toContain("ECONNREFUSED");
    expect(rowOf(tags.stored)).toContain("Stored (mail off)");
    // Newest first.
    expect(html.indexOf(tags.stored)).toBeLessThan(html.indexOf(tags.failed));
    expect(html.indexOf(tags.failed)).toBeLessThan(html.indexOf(tags.sent));
  });

  it("is refused to a signed-in user (403) and sends a visitor to sign in", async () => {
    const user = client();
    await signUp(user, uniqueEmail("contact-user"));
    const res = await user.get("/dashboard/contactMessages");
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("Hello team");

    const anonymous = await client().get("/dashboard/contactMessages");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/signin?redirectTo=%2Fdashboard%2FcontactMessages");
  });
});
