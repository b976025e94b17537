/**
 * The guest's language (docs/decisions/088) over real HTTP against PostgreSQL: the booking page
 * and the confirmation in the language of ?lang=, then Accept-Language, then the event type's
 * default; dates and weekdays from Intl in that locale; the clock per locale, the guest's choice
 * remembered; an unknown language falls back, never a 500.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { bookingMailsSettled } from "../support/mail-wait";
import { apiClient, type Account } from "./api-client";
import { madridDate, madridHost, madridSlot, ok } from "./madrid-host";

const client = apiClient({ ipPrefix: "10.188", namePrefix: "Lang" });
const { db, call } = client;

let host: Account;
let username: string;
let frenchTypeId: string;
// A Madrid host, 09:00-17:00 every day: a week ahead, 10:00 in Madrid is open.
const date = madridDate(7);
const { instant: tenMadrid, slot } = madridSlot(date, 10);
/** Madrid's offset from UTC on `date` ("+01:00"). */
const offset = slot.slice(-6);
const page = (type = "demo", query = "") =>
  `/${username}/${type}?tz=Europe/Madrid&month=${date.slice(0, 7)}&date=${date}${query}`;

/** The day as Intl writes it in `locale` ("martes, 1 de diciembre"). */
const dayIn = (locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    Date.parse(`${date}T12:00:00Z`),
  );

beforeAll(async () => {
  let scheduleId: string;
  ({ host, username, scheduleId } = await madridHost(client, "lg"));
  for (const [slug, defaultLanguage] of [
    ["demo", undefined],
    ["rdv", "fr"],
  ] as const) {
    const created = await ok(
      await call("POST", "/api/event-types", {
        token: host.token,
        json: {
          title: slug === "demo" ? "Demo" : "Rendez-vous",
          slug,
          description: "A short call.",
          duration: 30,
          minimumNotice: 60,
          bookingWindowDays: 60,
          location: { type: "phone", value: "+34 600 000 000" },
          scheduleId,
          ...(defaultLanguage ? { defaultLanguage } : {}),
        },
      }),
    );
    if (slug === "rdv") frenchTypeId = created._id;
  }
});

describe("the booking page in the guest's language", () => {
  it("?lang=es: Spanish words, Intl's Spanish dates, a 24-hour clock, and links that keep the language", async () => {
    const res = await call("GET", page("demo", "&lang=es"));
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = visibleText(html);
    expect(html).toContain('lang="es"');
    expect(text).toContain("Todos los tipos de reunión");
    expect(text).toContain("Llamada telefónica");
    expect(text).toContain("Zona horaria");
    expect(html).toContain('aria-label="Formato de hora"');
    expect(text).toContain(dayIn("es-ES"));
    // "martes, 1 de diciembre": Spanish weekdays and months are lower case, "de" between.
    expect(dayIn("es-ES")).toMatch(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+$/);
    expect(text).toContain("10:00");
    expect(text).not.toMatch(/10:00 AM/);
    expect(text).not.toContain("All meeting types");
    // A paid host's page says no "powered by" in any language (decision 108); the Spanish line is
    // checked on the cancel page (languages-more.test.ts).
    expect(text).not.toContain("Con la tecnología de Scheduler");
    expect(text).not.toContain("Powered by");
    // Every link of the page keeps ?lang=es.
    expect(html).toContain(`slot=${encodeURIComponent(slot)}`);
    const slotLink = html.match(/href="([^"]*slot=[^"]*)"/)?.[1] ?? "";
    expect(slotLink.replace(/&amp;/g, "&")).toContain("lang=es");
    // The form, in Spanish.
    const form = visibleText(
      await (await call("GET", page("demo", `&lang=es&slot=${encodeURIComponent(slot)}`))).text(),
    );
    expect(form).toContain("Tus datos");
    expect(form).toContain("Correo electrónico");
    expect(form).toContain("Volver a las horas");
    expect(form).toContain("Reservar");
  });

  it("Accept-Language: de gives German; ?lang= wins over it", async () => {
    const res = await call("GET", page(), { headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = visibleText(html);
    expect(html).toContain('lang="de"');
    expect(text).toContain("Alle Terminarten");
    expect(text).toContain("Zeitzone");
    expect(text).toContain(dayIn("de-DE"));
    expect(dayIn("de-DE")).toMatch(
      /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. [A-ZÄÖÜ][a-zä]+$/,
    );
    expect(text).toContain("10:00");
    expect(res.headers.get("vary") ?? "").toMatch(/Accept-Language/i);
    const french = visibleText(
      await (await call("GET", page("demo", "&lang=fr"), { headers: { "accept-language": "de" } })).text(),
    );
    expect(french).toContain("Tous les types de rendez-vous");
  });

  it("the event type's default language when neither names one of ours; the JSON carries it", async () => {
    const text = visibleText(
      await (await call("GET", page("rdv"), { headers: { "accept-language": "it-IT" } })).text(),
    );
    expect(text).toContain("Tous les types de rendez-vous");
    expect(text).toContain(dayIn("fr-FR"));
    // The guest's own language still comes first.
    const es = visibleText(await (await call("GET", page("rdv"), { headers: { "accept-language": "es" } })).text());
    expect(es).toContain("Todos los tipos de reunión");
    // English by default.
    const en = visibleText(await (await call("GET", page())).text());
    expect(en).toContain("All meeting types");
    expect(en).toContain("10:00 AM");

    const json = await ok(await call("GET", `/api/event-types/${frenchTypeId}`, { token: host.token }), 200);
    expect(json.defaultLanguage).toBe("fr");
    const list = (await ok(await call("GET", "/api/event-types", { token: host.token }), 200)) as unknown as {
      slug: string;
      defaultLanguage: string;
    }[];
    const demo = (Array.isArray(list) ? list : ((list as { data?: unknown[] }).data ?? [])) as typeof list;
    expect(demo.find((t) => t.slug === "demo")?.defaultLanguage).toBe("en");
  });

  it("a language we do not speak, or garbage, falls back (no 500); a bad defaultLanguage is a 400", async () => {
    for (const lang of ["it", "zz-ZZ", "<script>", "%E0%A4%A", "x".repeat(300)]) {
      const res = await call("GET", page("demo", `&lang=${encodeURIComponent(lang)}`));
      expect(res.status, lang).toBe(200);
      expect(visibleText(await res.text())).toContain("All meeting types");
    }
    const garbled = await call("GET", page(), { headers: { "accept-language": ";;;q=abc,,,*" } });
    expect(garbled.status).toBe(200);
    const res = await call("PUT", `/api/event-types/${frenchTypeId}`, {
      token: host.token,
      json: {
        title: "Rendez-vous",
        slug: "rdv",
        description: "A short call.",
        duration: 30,
        location: { type: "phone" },
        defaultLanguage: "klingon",
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("defaultLanguage");
  });

  it("the clock: 12-hour in English, 24-hour in Spanish, and the guest's choice remembered in a cookie", async () => {
    const chosen = await call("GET", page("demo", "&lang=es&clock=12"));
    expect(chosen.status).toBe(200);
    expect(chosen.headers.get("set-cookie") ?? "").toMatch(/^clock=12;/);
    expect(visibleText(await chosen.text())).toMatch(/10:00\sa\.\sm\./);
    // Next time, without ?clock=: the cookie's clock.
    const again = visibleText(
      await (await call("GET", page("demo", "&lang=es"), { headers: { cookie: "clock=12" } })).text(),
    );
    expect(again).toMatch(/10:00\sa\.\sm\./);
    const english24 = visibleText(await (await call("GET", page(), { headers: { cookie: "clock=24" } })).text());
    expect(english24).toContain("10:00");
    expect(english24).not.toContain("10:00 AM");
  });
});

describe("booking in Spanish", () => {
  it("errors in Spanish, the language stored with the booking, the confirmation in Spanish", async () => {
    const path = page("demo", `&lang=es&slot=${encodeURIComponent(slot)}`);
    const bad = await call("POST", path, {
      body: new URLSearchParams({ slot, tz: "Europe/Madrid", lang: "es", name: "", email: "nope" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bad.status).toBe(400);
    const badText = visibleText(await bad.text());
    expect(badText).toContain("Escribe tu nombre.");
    expect(badText).toContain("Escribe un correo electrónico válido.");

    const email = `lucia-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const res = await call("POST", path, {
      body: new URLSearchParams({ slot, tz: "Europe/Madrid", lang: "es", name: "Lucía Guest", email }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    const id = location.match(/booked\/([0-9a-f-]{36})/)?.[1];
    const [row] = await db`select guest_language from events where id = ${id ?? ""}`;
    expect(row.guest_language).toBe("es");

    // The confirmation speaks the booking's language, whatever the browser says.
    const booked = await call("GET", location, { headers: { "accept-language": "en-US" } });
    expect(booked.status).toBe(200);
    const html = await booked.text();
    const text = visibleText(html);
    expect(html).toContain('lang="es"');
    expect(text).toContain("Reserva confirmada");
    expect(text).toContain(`Te hemos enviado una invitación de calendario a ${email}.`);
    const when = new Intl.DateTimeFormat("es-ES", {
      timeZone: "Europe/Madrid",
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    }).format(tenMadrid);
    expect(text).toContain(`${when}, 10:00 – 10:30`);
    expect(text).toContain("¿Necesitas cambiar algo?");
    // ?lang= still wins on the confirmation.
    expect(visibleText(await (await call("GET", `${location}&lang=de`)).text())).toContain("Ihr Termin ist gebucht");

    // The slot again: taken, said in Spanish.
    const again = await call("POST", path, {
      body: new URLSearchParams({ slot, tz: "Europe/Madrid", lang: "es", name: "Otro", email: "otro@example.test" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(again.status).toBe(409);
    expect(visibleText(await again.text())).toContain("Alguien acaba de reservar esa hora.");
  });
});

describe("the guest's mails in the language they booked in", () => {
  interface OutboxRow {
    to: string;
    subject: string;
    text: string;
    attachments: { filename: string; content: string; encoding: string }[];
  }
  const mailsTo = async (email: string) => (
    await bookingMailsSettled(db),
    db<
      OutboxRow[]
    >`select "to", subject, text, attachments from mail_outbox where "to" like ${`%${email}%`} order by created_at`
  );
  const icsOf = (mail: OutboxRow) => {
    const a = mail.attachments[0];
    const text = a.encoding === "base64" ? Buffer.from(a.content, "base64").toString("utf8") : a.content;
    return text.replace(/\r?\n[ \t]/g, "");
  };
  const bookVia = async (type: string, when: Date, email: string, headers: Record<string, string>, lang?: string) => {
    const madrid = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Madrid",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .format(when)
      .replace(", ", "T");
    const at = `${madrid}:00${offset}`;
    const res = await call("POST", `/${username}/${type}?tz=Europe/Madrid${lang ? `&lang=${lang}` : ""}`, {
      body: new URLSearchParams({ slot: at, tz: "Europe/Madrid", name: "Guest", email }),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });
    expect(res.status, await res.clone().text()).toBe(302);
    return res.headers.get("location") ?? "";
  };

  it("?lang=es: the invitation, its .ics and the cancel mail in Spanish, with Intl's Spanish date; the host's in English", async () => {
    const email = `es-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const when = new Date(tenMadrid.getTime() + 2 * 60 * 60_000); // 12:00 in Madrid
    const location = await bookVia("demo", when, email, {}, "es");
    const [invite] = await mailsTo(email);
    expect(invite.subject).toMatch(/^Invitación: Demo — /);
    const date = new Intl.DateTimeFormat("es-ES", {
      timeZone: "Europe/Madrid",
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
    }).format(when);
    // "mar, 8 dic 2026": Intl's Spanish, the 24-hour clock.
    expect(invite.subject).toContain(`${date} 12:00 Madrid`);
    expect(invite.text).toContain("Lang host te invita a «Demo».");
    expect(invite.text).toContain(`Cuándo: ${date}, 12:00 Madrid, 30 minutos`);
    expect(invite.text).toContain("Dónde: Llamada telefónica: +34 600 000 000");
    expect(invite.text).toContain("La invitación adjunta la añade a tu calendario.");
    expect(invite.text).toMatch(/¿Necesitas cambiarla\? Cambiar la hora: http/);
    expect(invite.text).not.toContain("invites you");
    const ics = icsOf(invite);
    expect(ics).toContain("LOCATION:+34 600 000 000");
    expect(ics).toContain("DESCRIPTION:A short call.\\n\\nLlamada telefónica: +34 600 000 000");
    expect(ics).toContain("X-WR-LANGUAGE:es");
    // The confirmation page's .ics says the same.
    const id = location.match(/booked\/([0-9a-f-]{36})/)?.[1] ?? "";
    const token = new URL(location, "http://x").searchParams.get("token") ?? "";
    const download = await (
      await call("GET", `/${username}/demo/booked/${id}/ics?token=${encodeURIComponent(token)}`)
    ).text();
    expect(download.replace(/\r?\n[ \t]/g, "")).toContain("Llamada telefónica");
    // The host reads theirs in English.
    const [hostMail] = await db<
      OutboxRow[]
    >`select "to", subject, text, attachments from mail_outbox where "to" like ${`%${host.email}%`} and text like ${`%${email}%`}`;
    expect(hostMail.subject).toMatch(/^Booking: Demo with Guest/);

    // The guest cancels: the cancel mail in Spanish too.
    const cancel = await call("POST", `/api/bookings/${id}/cancel`, { token: host.token, json: { reason: "Sorry" } });
    expect(cancel.status, await cancel.clone().text()).toBeLessThan(300);
    const mails = await mailsTo(email);
    const cancelled = mails.find((m) => m.subject.startsWith("Cancelada:"));
    expect(cancelled?.text).toContain(`Lang host ha cancelado «Demo», prevista para el ${date}, 12:00 Madrid.`);
  });

  it("Accept-Language: de, and the event type's default (French), reach the mails", async () => {
    const email = `de-${crypto.randomUUID().slice(0, 6)}@example.test`;
    await bookVia("demo", new Date(tenMadrid.getTime() + 3 * 60 * 60_000), email, { "accept-language": "de-DE" });
    const [invite] = await mailsTo(email);
    expect(invite.subject).toMatch(/^Einladung: Demo — /);
    expect(invite.text).toContain("Lang host lädt Sie zu „Demo“ ein.");
    expect(invite.text).toContain("Wo: Telefonat: +34 600 000 000");
    const date = new Intl.DateTimeFormat("de-DE", {
      timeZone: "Europe/Madrid",
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
    }).format(new Date(tenMadrid.getTime() + 3 * 60 * 60_000));
    expect(invite.text).toContain(`Wann: ${date}, 13:00 Madrid, 30 Minuten`);
    const [row] = await db`select guest_language from events where guest_email = ${email}`;
    expect(row.guest_language).toBe("de");

    const french = `fr-${crypto.randomUUID().slice(0, 6)}@example.test`;
    await bookVia("rdv", new Date(tenMadrid.getTime() + 4 * 60 * 60_000), french, { "accept-language": "it-IT" });
    const [fr] = await mailsTo(french);
    expect(fr.subject).toMatch(/^Invitation: Rendez-vous — /);
    expect(fr.text).toContain("Lang host vous invite à « Rendez-vous ».");
    expect(fr.text).toContain("Où : Appel téléphonique");
  });
});
