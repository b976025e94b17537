/**
 * The mails to hosts and team members in the language of their profile beyond the booking mails
 * (docs/decisions/118), over real HTTP against PostgreSQL, read from the outbox: a round-robin
 * booking handed from a member who reads German to one who reads Spanish (both mails and their
 * calendar files), "Forgot password?" in French and Brazilian Portuguese (English without a
 * choice), a team invitation to an account in Spanish and to a new address in English, and a
 * recurring series' mails to a host who reads German: one confirmation listing every meeting in
 * the host's zone with the series' RRULE, a cancelled meeting named with its EXDATE.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, instantToWallClock, wallClockToInstant } from "../../app/scheduling/zoned-time";
import { uniqueEmail } from "../support/http";
import { bookingMailsSettled } from "../support/mail-wait";
import { apiClient, at, ok, type Account } from "./api-client";
import { roundRobinTeam } from "./round-robin-team";

const { db, call, account } = apiClient({ ipPrefix: "10.238", namePrefix: "Lingo" });

interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: string; encoding?: string }[];
}

const mailsTo = async (email: string) => (
  await bookingMailsSettled(db),
  db<OutboxRow[]>`select "to", subject, text, html, attachments from mail_outbox
    where "to" like ${`%${email}%`} order by created_at`
);
const icsOf = (mail: OutboxRow) => {
  const a = mail.attachments[0];
  const text = a.encoding === "base64" ? Buffer.from(a.content, "base64").toString("utf8") : a.content;
  return text.replace(/\r?\n[ \t]/g, "");
};
const setLanguage = (who: Account, language: string | null) =>
  db`update users set mail_language = ${language} where id = ${who.id}`;
const day = (locale: string, zone: string, instant: Date) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(instant);

describe("a round-robin booking handed to another member", () => {
  let owner: Account;
  let m1: Account;
  let m2: Account;
  let typeId: string;

  beforeAll(async () => {
    [owner, m1, m2] = await Promise.all(["owner", "m1", "m2"].map((p) => account(p, "professional")));
    // m2 reads Spanish before joining: the invitation to an account speaks its language.
    await setLanguage(m2, "es");
    ({ typeId } = await roundRobinTeam(
      call,
      db,
      owner,
      [{ account: m1 }, { account: m2 }],
      [{ account: m1 }, { account: m2 }],
    ));
  });

  it("the invitation to an existing account came in its language", async () => {
    const [invitation] = await mailsTo(m2.email);
    expect(invitation.subject).toBe("Lingo owner te ha invitado a su equipo Round robin en Scheduler");
    expect(invitation.text).toContain(
      `Lingo owner (${owner.email}) te ha invitado al equipo Round robin en Scheduler, como miembro.`,
    );
    expect(invitation.text).toMatch(/Aceptar o rechazar: http\S+accept\?token=/);
    expect(invitation.html).toContain('lang="es"');
    // m1 chose nothing: English, as always.
    const [english] = await mailsTo(m1.email);
    expect(english.subject).toBe("Lingo owner invited you to their team Round robin on Scheduler");
    expect(english.text).toContain("as a member.");
  });

  it("the member who loses it reads German, the one who gets it Spanish, each in their zone", async () => {
    await setLanguage(m1, "de");
    await db`update users set time_zone = 'Europe/Berlin' where id = ${m1.id}`;
    await db`update users set time_zone = 'Europe/Madrid' where id = ${m2.id}`;
    const start = at(6, "09:00");
    const { booking } = await ok<{ booking: { id: string; host: { userId: string } } }>(
      await call("POST", "/api/bookings", {
        json: { eventTypeId: typeId, start, name: "Gil Guest", email: uniqueEmail("gil"), timeZone: "UTC" },
      }),
      201,
    );
    // Hand it to m2 whoever got it first (from m2 back through m1 when m2 did).
    if (booking.host.userId === m2.id)
      await ok(
        await call("POST", `/api/bookings/${booking.id}/reassign`, { token: owner.token, json: { userId: m1.id } }),
      );
    await bookingMailsSettled(db);
    await ok(
      await call("POST", `/api/bookings/${booking.id}/reassign`, { token: owner.token, json: { userId: m2.id } }),
    );
    await bookingMailsSettled(db);
    const after = async (email: string) => await mailsTo(email);

    const instant = new Date(start);
    const berlin = day("de-DE", "Europe/Berlin", instant);
    const takenOff = (await after(m1.email)).find((m) => m.subject.startsWith("Neu zugewiesen:"));
    expect(takenOff?.subject).toBe(`Neu zugewiesen: Sales demo mit Gil Guest — ${berlin} 10:00 Berlin`);
    expect(takenOff?.text).toContain(
      `„Sales demo“ mit Gil Guest am ${berlin}, 10:00 Berlin (09:00 UTC) wird jetzt von Lingo m2 betreut.`,
    );
    expect(takenOff?.text).toContain("Lingo owner hat den Termin neu zugewiesen; du betreust ihn nicht mehr");
    expect(takenOff?.text).not.toMatch(/reassigned|hosted by/);
    expect(icsOf(takenOff!)).toContain("METHOD:CANCEL");
    expect(icsOf(takenOff!)).toContain("X-WR-LANGUAGE:de");

    const madrid = day("es-ES", "Europe/Madrid", instant);
    const assigned = (await after(m2.email)).find((m) => m.subject.startsWith("Asignada a ti:"));
    expect(assigned?.subject).toBe(`Asignada a ti: Sales demo con Gil Guest — ${madrid} 10:00 Madrid`);
    expect(assigned?.text).toContain(
      `«Sales demo» con Gil Guest el ${madrid}, 10:00 Madrid (09:00 UTC) ahora es tuya (antes era de Lingo m1).`,
    );
    expect(assigned?.text).toContain("Lingo owner la ha reasignado.");
    expect(assigned?.text).toContain("Cuándo: ");
    expect(assigned?.text).toContain("La invitación adjunta la añade a tu calendario.");
    expect(icsOf(assigned!)).toContain("X-WR-LANGUAGE:es");
  });
});

describe("the account's password reset mail", () => {
  const resetMail = async (email: string) => {
    expect((await call("POST", "/api/password-reset", { json: { email } })).status).toBe(202);
    return (await mailsTo(email)).at(-1)!;
  };

  it("in French and in Brazilian Portuguese, English when none is chosen; the link the same", async () => {
    const [fr, pt, en] = await Promise.all(["reset-fr", "reset-pt", "reset-en"].map((p) => account(p)));
    await setLanguage(fr, "fr");
    await setLanguage(pt, "pt-BR");

    const french = await resetMail(fr.email);
    expect(french.subject).toBe("Réinitialisez votre mot de passe Scheduler");
    expect(french.text.split("\n")[0]).toBe("Bonjour Lingo reset-fr,");
    expect(french.text).toContain(
      "Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Scheduler. Pour en choisir un nouveau, ouvrez ce lien :",
    );
    expect(french.text).toMatch(/\nhttp\S+\/reset-password\/\S+\n/);
    expect(french.html).toContain("Choisir un nouveau mot de passe");
    expect(french.html).toContain('lang="fr"');

    const portuguese = await resetMail(pt.email);
    expect(portuguese.subject).toBe("Redefina sua senha do Scheduler");
    expect(portuguese.text).toContain("O link funciona uma vez, por uma hora.");
    expect(portuguese.text).toContain("Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.");

    const english = await resetMail(en.email);
    expect(english.subject).toBe("Reset your Scheduler password");
    expect(english.text).toContain("The link works once, for one hour. Setting a password signs you out everywhere.");
  });
});

describe("a team invitation to an address with no account", () => {
  it("stays English whatever the inviter reads", async () => {
    const inviter = await account("inviter", "professional");
    await setLanguage(inviter, "de");
    const team = await ok<{ id: string }>(
      await call("POST", "/api/teams", {
        token: inviter.token,
        json: { name: "Nuevo", slug: `nv-${crypto.randomUUID().slice(0, 8)}` },
      }),
      201,
    );
    const email = uniqueEmail("newcomer");
    await ok(
      await call("POST", `/api/teams/${team.id}/invitations`, { token: inviter.token, json: { email, role: "admin" } }),
      201,
    );
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe("Lingo inviter invited you to their team Nuevo on Scheduler");
    expect(mail.text).toContain("as an admin.");
  });
});

describe("a recurring series' mails to a host who reads German", () => {
  const NY = "America/New_York";
  const BERLIN = "Europe/Berlin";
  let host: Account;
  let typeId: string;
  const first = instantToWallClock(new Date(Date.now() + 9 * 24 * 3600_000), NY).date;
  const nyAt = (date: string, time: string) => {
    const r = wallClockToInstant(date, time, NY);
    if (!r.ok) throw new Error("no such time");
    return r.instant;
  };

  beforeAll(async () => {
    host = await account("series", "professional");
    await db`update users set time_zone = ${BERLIN}, mail_language = 'de' where id = ${host.id}`;
    const schedule = await ok<{ _id: string }>(
      await call("POST", "/api/schedules", {
        token: host.token,
        json: {
          name: "Office",
          timeZone: NY,
          weekly: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ day: d, start: "09:00", end: "17:00" })),
        },
      }),
      201,
    );
    typeId = (
      await ok<{ _id: string }>(
        await call("POST", "/api/event-types", {
          token: host.token,
          json: {
            title: "Coaching",
            slug: "coaching",
            duration: 30,
            minimumNotice: 60,
            bookingWindowDays: 90,
            location: { type: "video" },
            scheduleId: schedule._id,
            recurring: { maxOccurrences: 6, intervalWeeks: [1] },
          },
        }),
        201,
      )
    )._id;
  });

  it("one confirmation listing every meeting in the host's zone and language, with the series' RRULE; a cancelled meeting named", async () => {
    const email = uniqueEmail("rita");
    const answer = await ok<{ occurrences: { id: string; cancelUrl: string }[] }>(
      await call("POST", "/api/bookings", {
        json: {
          eventTypeId: typeId,
          start: nyAt(first, "10:00").toISOString(),
          name: "Rita Repeat",
          email,
          timeZone: NY,
          recurrence: { intervalWeeks: 1, count: 3 },
        },
      }),
      201,
    );
    await bookingMailsSettled(db);
    const about = async () => (await mailsTo(host.email)).filter((m) => m.text.includes(email));
    const [confirmation, ...others] = await about();
    expect(others).toHaveLength(0);
    const starts = [0, 7, 14].map((d) => nyAt(addDays(first, d), "10:00"));
    const clock = (instant: Date) =>
      new Intl.DateTimeFormat("de-DE", {
        timeZone: BERLIN,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(instant);
    expect(confirmation.text).toContain("Eine Terminserie mit 3 Terminen:");
    starts.forEach((s, i) =>
      expect(confirmation.text).toContain(`\n${i + 1}. ${day("de-DE", BERLIN, s)}, ${clock(s)} Berlin`),
    );
    expect(confirmation.text).not.toMatch(/recurring series|\bAM\b|\bPM\b/);
    const ics = icsOf(confirmation);
    expect(ics).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=3");
    expect(ics).toContain(`DTSTART;TZID=${NY}:${first.replace(/-/g, "")}T100000`);
    expect(ics).toContain("X-WR-LANGUAGE:de");

    // The guest cancels the second meeting: the host's mail says which, the series' file its EXDATE.
    const two = answer.occurrences[1];
    const token = new URL(two.cancelUrl).searchParams.get("token") ?? "";
    await ok(await call("POST", `/api/bookings/${two.id}/cancel?token=${encodeURIComponent(token)}`));
    await bookingMailsSettled(db);
    const cancelled = (await about()).find((m) => m.subject.startsWith("Storniert:"));
    expect(cancelled?.subject).toContain(`${day("de-DE", BERLIN, starts[1])} ${clock(starts[1])} Berlin`);
    expect(cancelled?.text).toContain("Termin 2 einer Terminserie mit 3 Terminen:");
    expect(cancelled?.text).toContain(`\n2. ${day("de-DE", BERLIN, starts[1])}, ${clock(starts[1])} Berlin (abgesagt)`);
    expect(cancelled?.text).toContain(`\n3. ${day("de-DE", BERLIN, starts[2])}, ${clock(starts[2])} Berlin\n`);
    const cancelIcs = icsOf(cancelled!);
    expect(cancelIcs).toContain("METHOD:REQUEST");
    expect(cancelIcs).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=3");
    expect(cancelIcs).toContain(`EXDATE;TZID=${NY}:${addDays(first, 7).replace(/-/g, "")}T100000`);

    // "Cancel all" (decision 121): one German mail for the two meetings left, listed; its file cancels the series.
    const one = answer.occurrences[0];
    const firstToken = new URL(one.cancelUrl).searchParams.get("token") ?? "";
    await ok(
      await call("POST", `/api/bookings/${one.id}/cancel?token=${encodeURIComponent(firstToken)}`, {
        json: { series: true },
      }),
    );
    await bookingMailsSettled(db);
    expect((await about()).filter((m) => m.subject.startsWith("Storniert:"))).toHaveLength(1);
    const all = (await about()).filter((m) => m.subject.startsWith("Terminserie storniert:"));
    expect(all).toHaveLength(1);
    expect(all[0].subject).toBe("Terminserie storniert: Coaching mit Rita Repeat");
    expect(all[0].text).toContain(
      `Stornierte Termine:\n\n1. ${day("de-DE", BERLIN, starts[0])}, ${clock(starts[0])} Berlin\n3. ${day("de-DE", BERLIN, starts[2])}, ${clock(starts[2])} Berlin\n`,
    );
    expect(icsOf(all[0])).toContain("METHOD:CANCEL");
  });
});
