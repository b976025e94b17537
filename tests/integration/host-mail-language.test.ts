/**
 * The host's own booking mails in the language of their profile (docs/decisions/110), over real
 * HTTP against PostgreSQL: set on the profile page (a refused value changes nothing, a form
 * without it keeps it), then a booking, its .ics, a guest's cancel with its reason and a request
 * to approve reach the host in German while the guest's mails stay in the guest's language.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { bookingMailsSettled } from "../support/mail-wait";
import { apiClient, type Account } from "./api-client";
import { madridDate, madridHost, madridSlot, ok } from "./madrid-host";

const client = apiClient({ ipPrefix: "10.251", namePrefix: "Sprache" });
const { db, call } = client;
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const PROFILE = "/dashboard/profile";

interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: string; encoding: string }[];
}

let host: Account;
let username: string;
const date = madridDate(9);

const mailsTo = async (email: string) => (
  await bookingMailsSettled(db),
  db<
    OutboxRow[]
  >`select "to", subject, text, attachments from mail_outbox where "to" like ${`%${email}%`} order by created_at`
);
const hostMailsAbout = async (guestEmail: string) => (
  await bookingMailsSettled(db),
  db<OutboxRow[]>`select "to", subject, text, attachments from mail_outbox
    where "to" like ${`%${host.email}%`} and text like ${`%${guestEmail}%`} order by created_at`
);
const icsOf = (mail: OutboxRow) => {
  const a = mail.attachments[0];
  const text = a.encoding === "base64" ? Buffer.from(a.content, "base64").toString("utf8") : a.content;
  return text.replace(/\r?\n[ \t]/g, "");
};

/** Books `hour` in Madrid on the `type` page in English: the booking's id and token. */
async function book(type: string, hour: number, email: string) {
  const { slot } = madridSlot(date, hour);
  const res = await call("POST", `/${username}/${type}?tz=Europe/Madrid&lang=en`, {
    body: new URLSearchParams({ slot, tz: "Europe/Madrid", name: "Gina Guest", email }),
    headers: FORM,
  });
  expect(res.status, await res.clone().text()).toBe(302);
  const location = res.headers.get("location") ?? "";
  return {
    id: location.match(/booked\/([0-9a-f-]{36})/)?.[1] ?? "",
    token: new URL(location, "http://x").searchParams.get("token") ?? "",
  };
}

const storedLanguage = async () => (await db`select mail_language from users where id = ${host.id}`)[0].mail_language;

beforeAll(async () => {
  let scheduleId: string;
  ({ host, username, scheduleId } = await madridHost(client, "hm"));
  const type = { duration: 30, minimumNotice: 60, bookingWindowDays: 60, scheduleId };
  await ok(
    await call("POST", "/api/event-types", {
      token: host.token,
      json: { ...type, title: "Demo", slug: "demo", location: { type: "phone", value: "+34 600 000 000" } },
    }),
  );
  await ok(
    await call("POST", "/api/event-types", {
      token: host.token,
      json: { ...type, title: "Vetted", slug: "vetted", requiresApproval: true, approvalHoldHours: 12 },
    }),
  );
});

describe("the profile's language of e-mails", () => {
  it("offers the five languages, English first; saves one; refuses another value and keeps the saved one", async () => {
    const page = await host.c.get(PROFILE);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain("Language of your e-mails");
    expect(html).toMatch(/<option value="en" selected[^>]*>English<\/option>/);
    for (const name of ["Español", "Deutsch", "Français", "Português (Brasil)"]) expect(html).toContain(`>${name}<`);

    const saved = await host.c.post(PROFILE, {
      intent: "details",
      name: "Sprache Host",
      timeZone: "Europe/Madrid",
      mailLanguage: "de",
    });
    expect(saved.status).toBe(302);
    expect(await storedLanguage()).toBe("de");
    expect(await (await host.c.get(PROFILE)).text()).toMatch(/<option value="de" selected[^>]*>Deutsch<\/option>/);

    const refused = await host.c.post(PROFILE, {
      intent: "details",
      name: "Sprache Host",
      timeZone: "Europe/Madrid",
      mailLanguage: "klingon",
    });
    expect(refused.status).toBe(400);
    expect(visibleText(await refused.text())).toContain("Choose a language from the list.");
    expect(await storedLanguage()).toBe("de");

    // A client that does not send the field (an older form) leaves the language as it is.
    const without = await host.c.post(PROFILE, { intent: "details", name: "Sprache Host", timeZone: "Europe/Madrid" });
    expect(without.status).toBe(302);
    expect(await storedLanguage()).toBe("de");
  });
});

describe("the host's booking mails in German", () => {
  it("a booking and its calendar file in German, the guest's invitation in English", async () => {
    await db`update users set mail_language = 'de' where id = ${host.id}`;
    const email = `gina-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const { id, token } = await book("demo", 11, email);

    const [invite] = await mailsTo(email);
    expect(invite.subject).toMatch(/^Invitation: Demo — /);

    const [booked] = await hostMailsAbout(email);
    const day = new Intl.DateTimeFormat("de-DE", {
      timeZone: "Europe/Madrid",
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
    }).format(madridSlot(date, 11).instant);
    expect(booked.subject).toBe(`Buchung: Demo mit Gina Guest — ${day} 11:00 Madrid`);
    expect(booked.text).toContain(`Gina Guest hat „Demo“ am ${day}, 11:00 Madrid gebucht.`);
    expect(booked.text).toContain("Wo: Telefonat: +34 600 000 000");
    expect(booked.text).toContain(`Gäste: ${email}`);
    expect(booked.text).not.toContain("booked");
    expect(icsOf(booked)).toContain("X-WR-LANGUAGE:de");

    // The guest cancels with a reason: the host reads it after "Grund:".
    const cancel = await call("POST", `/booking/${id}/cancel?token=${encodeURIComponent(token)}`, {
      body: new URLSearchParams({ reason: "Ein Termin kam dazwischen" }),
      headers: FORM,
    });
    expect(cancel.status, await cancel.clone().text()).toBeLessThan(400);
    const cancelled = (await hostMailsAbout(email)).find((m) => m.subject.startsWith("Storniert:"));
    expect(cancelled?.text).toContain(`Die Buchung von Gina Guest wurde storniert: „Demo“ am ${day}, 11:00 Madrid.`);
    expect(cancelled?.text).toContain("Grund: Ein Termin kam dazwischen");
  });

  it("a request to approve in German, its links as they are", async () => {
    await db`update users set mail_language = 'de' where id = ${host.id}`;
    const email = `vera-${crypto.randomUUID().slice(0, 6)}@example.test`;
    await book("vetted", 14, email);
    await bookingMailsSettled(db);
    // The request names the guest, not their address: the one request of this test's host.
    const [request] = await db<OutboxRow[]>`select "to", subject, text, attachments from mail_outbox
      where "to" like ${`%${host.email}%`} and subject like 'Buchungsanfrage:%'`;
    expect(request?.subject).toMatch(/^Buchungsanfrage: Vetted mit Gina Guest — /);
    expect(request?.text).toContain("Gina Guest möchte „Vetted“ buchen.");
    expect(request?.text).toMatch(/Annehmen: http\S+\/approval\?token=/);
    expect(request?.text).toMatch(/Ablehnen: http\S+decision=decline/);
  });

  it("English again when the host chooses it: the mails as they always were", async () => {
    await db`update users set mail_language = 'en' where id = ${host.id}`;
    const email = `emma-${crypto.randomUUID().slice(0, 6)}@example.test`;
    await book("demo", 15, email);
    const [booked] = await hostMailsAbout(email);
    expect(booked.subject).toMatch(/^Booking: Demo with Gina Guest — /);
    expect(booked.text).toMatch(/^Gina Guest booked "Demo" on /);
    expect(icsOf(booked)).not.toContain("X-WR-LANGUAGE");
  });
});
