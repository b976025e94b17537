/**
 * The guest's cancel and reschedule pages in the guest's language (docs/decisions/099) over real
 * HTTP against PostgreSQL: the language stored with the booking, `?lang=` over it, dates from Intl
 * in the locale, the clock per locale or the `clock` cookie, the policy and the errors in the
 * language; English exactly as before.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { apiClient, type Account } from "./api-client";
import { madridDate, madridHost, madridSlot, ok } from "./madrid-host";

const client = apiClient({ ipPrefix: "10.247", namePrefix: "Idiomas" });
const { db, call } = client;
const FORM = { "content-type": "application/x-www-form-urlencoded" };

let host: Account;
let hostName: string;
let username: string;
const date = madridDate(8);
const madrid = (hour: number) => madridSlot(date, hour);

/** Books `hour` in Madrid through the booking page (in `lang` when given): the booking's id and token. */
async function book(hour: number, lang?: string) {
  const { slot } = madrid(hour);
  const email = `guest-${crypto.randomUUID().slice(0, 6)}@example.test`;
  const res = await call("POST", `/${username}/demo?tz=Europe/Madrid${lang ? `&lang=${lang}` : ""}`, {
    body: new URLSearchParams({ slot, tz: "Europe/Madrid", name: "Lucía", email }),
    headers: FORM,
  });
  expect(res.status, await res.clone().text()).toBe(302);
  const location = res.headers.get("location") ?? "";
  const id = location.match(/booked\/([0-9a-f-]{36})/)?.[1] ?? "";
  const token = new URL(location, "http://x").searchParams.get("token") ?? "";
  return { id, token: encodeURIComponent(token) };
}

const longDay = (locale: string, instant: Date) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: "Europe/Madrid",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(instant);

beforeAll(async () => {
  let scheduleId: string;
  ({ host, username, scheduleId } = await madridHost(client, "lm"));
  const [row] = await db`select name, email from users where id = ${host.id}`;
  hostName = row.name || row.email;
  await ok(
    await call("POST", "/api/event-types", {
      token: host.token,
      json: {
        title: "Demo",
        slug: "demo",
        description: "A short call.",
        duration: 30,
        minimumNotice: 60,
        bookingWindowDays: 60,
        location: { type: "phone", value: "+34 600 000 000" },
        scheduleId,
        cancelNoticeMinutes: 1440,
        maxReschedules: 3,
        requireCancelReason: true,
      },
    }),
  );
});

describe("the guest's cancel page", () => {
  it("speaks the language stored with the booking: words, Intl's date, the 24-hour clock, the policy", async () => {
    const { id, token } = await book(10, "es");
    // The browser says English: the booking's language wins.
    const res = await call("GET", `/booking/${id}/cancel?token=${token}`, { headers: { "accept-language": "en-US" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = visibleText(html);
    expect(html).toContain('lang="es"');
    expect(html).toContain("<title>Cancelar tu reunión | Scheduler</title>");
    expect(text).toContain("Tu reserva");
    expect(text).toContain("¿Cancelar esta reunión?");
    expect(text).toContain("Motivo de la cancelación");
    expect(text).toContain(`Obligatorio. ${hostName} lo verá.`);
    expect(text).toContain("Puedes cancelar hasta 24 horas antes del inicio. Hay que indicar un motivo.");
    expect(text).toContain(longDay("es-ES", madrid(10).instant));
    expect(text).toContain("10:00 – 10:30");
    expect(text).toContain("Confirmada");
    expect(text).toContain("Con la tecnología de Scheduler");
    expect(text).not.toContain("Cancel this meeting");
    expect(text).not.toContain("Powered by");
    expect(text).not.toMatch(/\bAM\b/);
  });

  it("?lang=es on an English booking; without it the English as it always was", async () => {
    const { id, token } = await book(11);
    const english = visibleText(await (await call("GET", `/booking/${id}/cancel?token=${token}`)).text());
    expect(english).toContain("Cancel this meeting?");
    expect(english).toContain(`Required. ${hostName} will see it.`);
    expect(english).toContain("You can cancel up to 24 hours before the start. A reason is required.");
    expect(english).toContain("11:00 AM – 11:30 AM");
    expect(english).not.toContain("Cancelar");

    const spanish = await call("GET", `/booking/${id}/cancel?token=${token}&lang=es`);
    expect(spanish.status).toBe(200);
    const text = visibleText(await spanish.text());
    expect(text).toContain("¿Cancelar esta reunión?");
    expect(text).toContain("11:00 – 11:30");
    // A language we do not speak is English, never an error.
    expect((await call("GET", `/booking/${id}/cancel?token=${token}&lang=xx`)).status).toBe(200);

    // The booking page's clock cookie: the English page in 24 hours.
    const clocked = visibleText(
      await (await call("GET", `/booking/${id}/cancel?token=${token}`, { headers: { cookie: "clock=24" } })).text(),
    );
    expect(clocked).toContain("11:00 – 11:30");
    expect(clocked).toContain("Cancel this meeting?");
  });

  it("refuses and cancels in Spanish (the form posts to the page's own URL, ?lang= with it)", async () => {
    const { id, token } = await book(12);
    const path = `/booking/${id}/cancel?token=${token}&lang=es`;
    const refused = await call("POST", path, { body: new URLSearchParams({ reason: "" }), headers: FORM });
    expect(refused.status).toBe(400);
    expect(visibleText(await refused.text())).toContain(
      `${hostName} pide un motivo cuando cancelas: cuéntanos por qué.`,
    );
    const tooLong = await call("POST", path, {
      body: new URLSearchParams({ reason: "x".repeat(5001) }),
      headers: FORM,
    });
    expect(tooLong.status).toBe(400);
    expect(visibleText(await tooLong.text())).toMatch(/Usa como máximo \d+ caracteres\./);

    const done = await call("POST", path, { body: new URLSearchParams({ reason: "Me surgió algo" }), headers: FORM });
    expect(done.status).toBe(200);
    const text = visibleText(await done.text());
    expect(text).toContain("Cancelada");
    expect(text).toContain(`Tu reunión con ${hostName} está cancelada.`);
    const [row] = await db`select status from events where id = ${id}`;
    expect(row.status).toBe("cancelled");
    // Opened again: already cancelled, said in Spanish, the way back to the booking page in Spanish.
    const again = await (await call("GET", path)).text();
    expect(visibleText(again)).toContain("Esta reunión ya está cancelada");
    expect(again).toContain(`href="/${username}/demo?lang=es"`);
  });
});

describe("the guest's reschedule pages", () => {
  it("pick and confirm in the stored language or ?lang=, links and forms keeping ?lang=", async () => {
    const { id, token } = await book(13, "es");
    const pick = await call("GET", `/booking/${id}/reschedule?token=${token}&lang=de`);
    expect(pick.status).toBe(200);
    const html = await pick.text();
    const text = visibleText(html);
    expect(html).toContain('lang="de"');
    expect(html).toContain("<title>Termin verschieben | Scheduler</title>");
    expect(text).toContain("Neue Zeit wählen");
    expect(text).toContain("Derzeit gebucht:");
    expect(text).toContain("Zeiten in dieser Zone zeigen");
    expect(text).toContain("Bereitgestellt von Scheduler");
    // Intl's German month, weekdays and times in 24 hours.
    const month = new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      Date.parse(`${date}T12:00:00Z`),
    );
    expect(text).toContain(month);
    expect(text).toContain("09:00");
    expect(text).not.toMatch(/\d AM\b/);
    // Every link and GET form of the page keeps the language.
    expect(html).toMatch(/href="[^"]*\?token=[^"]*lang=de[^"]*date=/);
    expect(html).toContain('<input type="hidden" name="lang" value="de"/>');

    // The stored language without ?lang=: Spanish.
    const stored = visibleText(await (await call("GET", `/booking/${id}/reschedule?token=${token}`)).text());
    expect(stored).toContain("Elige una nueva hora");

    const start = madrid(15).slot;
    const confirm = await call(
      "GET",
      `/booking/${id}/reschedule?token=${token}&lang=de&start=${encodeURIComponent(start)}`,
    );
    expect(confirm.status).toBe(200);
    const confirmText = visibleText(await confirm.text());
    expect(confirmText).toContain("Neue Zeit bestätigen");
    expect(confirmText).toContain("15:00 – 15:30");
    expect(confirmText).toContain("30 Minuten");
    expect(confirmText).toContain("Nach dieser Änderung können Sie noch 2-mal verschieben.");

    const bad = await call("POST", `/booking/${id}/reschedule?token=${token}&lang=de`, {
      body: new URLSearchParams({ start: "not a time" }),
      headers: FORM,
    });
    expect(bad.status).toBe(400);
    expect(visibleText(await bad.text())).toContain("Wählen Sie eine der Zeiten unten.");

    const moved = await call("POST", `/booking/${id}/reschedule?token=${token}&lang=de`, {
      body: new URLSearchParams({ start }),
      headers: FORM,
    });
    expect(moved.status).toBe(200);
    expect(visibleText(await moved.text())).toContain(
      `Ihr Termin mit ${hostName} wurde auf die Zeit unten verschoben.`,
    );
  });

  it("English stays as it was", async () => {
    const { id, token } = await book(14);
    const text = visibleText(await (await call("GET", `/booking/${id}/reschedule?token=${token}`)).text());
    expect(text).toContain("Pick a new time");
    expect(text).toContain("Show times in this zone");
    expect(text).toContain("9:00 AM");
    const confirm = visibleText(
      await (
        await call("GET", `/booking/${id}/reschedule?token=${token}&start=${encodeURIComponent(madrid(16).slot)}`)
      ).text(),
    );
    expect(confirm).toContain("Confirm your new time");
    expect(confirm).toContain("4:00 PM – 4:30 PM");
    expect(confirm).toContain("30 minutes");
    expect(confirm).toContain("After this change, you can reschedule 2 more times.");
  });
});

describe("a routing form's public page", () => {
  let formId: string;
  beforeAll(async () => {
    const created = await ok(
      await call("POST", "/api/routing-forms", {
        token: host.token,
        json: {
          name: "Who are you?",
          fields: [
            { id: "name", label: "Your name", type: "short_text", required: true },
            { id: "country", label: "Country", type: "single_choice", options: ["DE", "FR"] },
            { id: "news", label: "Send me news", type: "checkbox" },
          ],
          routes: [
            {
              conditions: { all: [{ field: "country", op: "equals", value: "DE" }] },
              action: { type: "message", message: "Hallo from the host!" },
            },
          ],
          fallback: { type: "message", message: "Thank you! We will be in touch." },
        },
      }),
    );
    formId = String(created.id);
  });
  const post = (query: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    call("POST", `/forms/${formId}${query}`, { body: new URLSearchParams(fields), headers: { ...FORM, ...headers } });

  it("speaks Accept-Language: its own words, the host's questions as written", async () => {
    const res = await call("GET", `/forms/${formId}`, { headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("vary") ?? "").toMatch(/Accept-Language/i);
    const html = await res.text();
    const text = visibleText(html);
    expect(html).toContain('lang="de"');
    expect(text).toContain("Weiter");
    expect(text).toContain("Bitte wählen…");
    expect(text).toContain("Bereitgestellt von Scheduler");
    expect(text).toContain("Country (optional)");
    expect(text).toContain("Your name");
    expect(text).toContain("Send me news (optional)");
    expect(text).toContain("Ja");
    expect(text).not.toContain("Continue");

    // ?lang= wins over the browser's; without either, English as before.
    const french = visibleText(
      await (await call("GET", `/forms/${formId}?lang=fr`, { headers: { "accept-language": "de" } })).text(),
    );
    expect(french).toContain("Continuer");
    expect(french).toContain("Country (facultatif)");
    const english = visibleText(await (await call("GET", `/forms/${formId}`)).text());
    expect(english).toContain("Continue");
    expect(english).toContain("Choose…");
    expect(english).toContain("Country (optional)");
  });

  it("says what to fix, and the default no-route message, in the language; the host's message as written", async () => {
    const de = { "accept-language": "de" };
    const blank = await post("", { a_name: "  " }, de);
    expect(blank.status).toBe(400);
    expect(visibleText(await blank.text())).toContain("Beantworten Sie „Your name“.");
    const wrong = await post("", { a_name: "Jonas", a_country: "XX" }, de);
    expect(wrong.status).toBe(400);
    expect(visibleText(await wrong.text())).toContain("Prüfen Sie diese Antwort: Sie hat nicht die erwartete Form.");

    const fallback = await post("", { a_name: "Jonas", a_country: "FR" }, de);
    expect(fallback.status).toBe(200);
    expect(visibleText(await fallback.text())).toContain("Vielen Dank! Wir melden uns bei Ihnen.");
    const routed = await post("?lang=es", { a_name: "Jonas", a_country: "DE" }, de);
    expect(visibleText(await routed.text())).toContain("Hallo from the host!");

    // English: the answers' own messages and the default text, as they were.
    const englishBlank = await post("", { a_name: "" });
    expect(visibleText(await englishBlank.text())).toContain('Answer "Your name".');
    const englishDone = await post("", { a_name: "Jo", a_country: "FR" });
    expect(visibleText(await englishDone.text())).toContain("Thank you! We will be in touch.");
  });
});
