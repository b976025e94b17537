import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { meetingPlace } from "~/schemas/meeting";
import {
  composeApprovalRequest,
  composeRequestCancelled,
  composeRequestDeclined,
  composeRequestReceived,
  composeRequestWithdrawn,
} from "./approval-mail";
import { conferencingFailedMail } from "./conferencing-mail";
import { contactMail } from "./contact";
import { composeGuestMail, composeHostMail } from "./event-mail";
import { composePasswordResetMail } from "./password-reset-mail";
import { composeAssignedMail, composeTakenOffMail } from "./reassign-mail";
import { paymentReceiptMail } from "./receipt-mail";
import { composeReconfirmRequest } from "./reconfirm-mail";
import { guestFollowUpMail, guestReminderMail } from "./reminder-mail";
import { namedTeamInvitationMail } from "./team-invitation";
import { webhookDisabledMail } from "./webhook";
import { workflowMail } from "./workflow-mail";

/**
 * Every mail kind's HTML part, validated (decision 093): html lang, every link absolute
 * (http(s) or mailto) and, when it is the app's, a route that exists; every image with alt text;
 * no markup from what people typed (names, notes, titles carry a <script>).
 */

const APP = "https://app.example.test";
const EVIL = `<script>alert(1)</script>"'&`;
const ID = "0b6f3f5e-0000-4000-8000-000000000001";
const links = {
  cancelUrl: `${APP}/booking/${ID}/cancel?token=t0k`,
  rescheduleUrl: `${APP}/booking/${ID}/reschedule?token=t0k`,
};
const start = new Date("2026-12-02T15:00:00Z");
const end = new Date("2026-12-02T15:30:00Z");
const booking = {
  eventName: `Intro ${EVIL}`,
  startsAt: start,
  endsAt: end,
  guestName: `Gia ${EVIL}`,
  guestTimeZone: "Europe/Berlin",
  notes: `Notes ${EVIL}`,
};
const place = meetingPlace({
  setting: { type: "video", value: "https://zoom.example.test/j/1" },
  eventType: "Google Meet",
  baseUrl: APP,
  roomId: "abc123",
});
const event = {
  eventName: `Intro ${EVIL}`,
  description: `About ${EVIL}`,
  startsAt: start,
  endsAt: end,
  invitees: ["gia@example.test"],
  answerLines: [{ label: `Company ${EVIL}`, text: `Acme ${EVIL}` }],
};
const meeting = {
  eventName: `Intro ${EVIL}`,
  eventType: "Google Meet",
  startsAt: start,
  endsAt: end,
  joinUrl: "https://meet.example.test/abc",
  hostName: `Pat ${EVIL}`,
  isBooking: true,
};
const reassigned = {
  event,
  guestName: `Gia ${EVIL}`,
  readerZone: "UTC",
  otherZone: "Europe/Berlin",
  place,
  notes: `Notes ${EVIL}`,
  hostName: `New ${EVIL}`,
  previousHostName: `Old ${EVIL}`,
  by: `Admin ${EVIL}`,
};

const mails: Record<string, { html?: string }> = {
  "guest invitation": composeGuestMail({
    event,
    hostName: `Nora ${EVIL}`,
    kind: "created",
    readerZone: "Europe/Berlin",
    otherZone: "UTC",
    place,
    footer: [`Need to change it? ${links.rescheduleUrl}`, `Cancel: ${links.cancelUrl}`],
    origin: APP,
    hostPhotoUrl: `${APP}/avatars/6f1c1b0e-7d4a-4e55-9d7e-3a1f2b3c4d5e/0123456789abcdef-96.png`,
  }),
  "guest update in German": composeGuestMail({
    event,
    hostName: "Nora",
    kind: "updated",
    readerZone: "Europe/Berlin",
    otherZone: "UTC",
    place,
    language: "de",
    origin: APP,
  }),
  "guest cancel": composeGuestMail({
    event,
    hostName: "Nora",
    kind: "cancelled",
    readerZone: "UTC",
    otherZone: null,
    place,
  }),
  "host booking": composeHostMail({
    event,
    kind: "created",
    guestName: `Gia ${EVIL}`,
    readerZone: "UTC",
    otherZone: "Europe/Berlin",
    place,
    notes: `Notes ${EVIL}`,
    origin: APP,
  }),
  "request received": composeRequestReceived({
    booking,
    hostName: `Nora ${EVIL}`,
    hostZone: "UTC",
    holdUntil: start,
    links,
  }),
  "approval request": composeApprovalRequest({
    booking,
    hostZone: "UTC",
    holdUntil: start,
    approveUrl: `${APP}/booking/${ID}/approval?token=a`,
    declineUrl: `${APP}/booking/${ID}/approval?token=a&decision=decline`,
  }),
  "request declined": composeRequestDeclined({
    booking,
    hostName: `Nora ${EVIL}`,
    hostZone: "UTC",
    reason: `No ${EVIL}`,
    expired: false,
    bookAgainUrl: `${APP}/pro/30min`,
    origin: APP,
  }),
  "request cancelled": composeRequestCancelled({ booking, hostName: "N", hostZone: "UTC", by: "host", reason: EVIL }),
  "request withdrawn": composeRequestWithdrawn({ booking, hostZone: "UTC", reason: EVIL }),
  reminder: guestReminderMail(meeting, "Europe/Berlin", new Date("2026-12-01T15:00:00Z")),
  "follow-up": guestFollowUpMail(meeting, "UTC", `Thanks ${EVIL}`),
  reconfirm: composeReconfirmRequest({
    booking,
    hostName: `Nora ${EVIL}`,
    hostZone: "UTC",
    deadline: start,
    confirmUrl: `${APP}/booking/${ID}/confirm?token=c`,
    origin: APP,
  }),
  "taken off": composeTakenOffMail(reassigned),
  assigned: composeAssignedMail(reassigned),
  workflow: workflowMail(
    { subject: "Hi {guest_name}", body: `Dear {guest_name} ${EVIL},\n\nCancel: {cancel_url}` },
    { guest_name: `Gia ${EVIL}`, cancel_url: links.cancelUrl },
  ),
  "password reset": composePasswordResetMail({
    name: `Ada ${EVIL}`,
    url: `${APP}/reset-password/tok`,
    hasPassword: true,
    hasGoogle: true,
    origin: APP,
  }),
  "team invitation": namedTeamInvitationMail(
    { name: `Ada ${EVIL}`, email: "ada@example.test" },
    `Team ${EVIL}`,
    "member",
    "bo@example.test",
    `${APP}/dashboard/team/accept?token=x`,
  ),
  conferencing: conferencingFailedMail({
    app: "Zoom",
    what: "create",
    reason: `Down ${EVIL}`,
    booking: { title: `Intro ${EVIL}`, startsAt: start, timeZone: "UTC" },
    timelineUrl: `${APP}/dashboard/scheduledEvents/${ID}/timeline`,
    calendarsUrl: `${APP}/dashboard/calendars`,
  }).message,
  contact: contactMail({
    name: `Ada ${EVIL}`,
    email: "ada@example.test",
    subject: EVIL,
    message: EVIL,
    receivedAt: start,
  }),
  "webhook off": webhookDisabledMail(
    { name: `Ada ${EVIL}`, email: "ada@example.test" },
    { url: "https://hooks.example.test/x", disabledReason: EVIL },
    `${APP}/dashboard/webhooks/${ID}`,
  ),
  receipt: paymentReceiptMail({
    buyer: { name: `Ada ${EVIL}`, email: "ada@example.test" },
    pack: `Pro ${EVIL}`,
    amountCents: 1900,
    currency: "usd",
    paidAt: start,
    until: end,
    transactionId: "pi_123456",
    receiptUrl: "https://pay.stripe.com/receipts/abc",
    origin: APP,
  }),
};

/** The app's URL patterns, from app/routes' flat file names (the splat route excluded). */
function routePatterns(): RegExp[] {
  const dir = path.join(__dirname, "..", "routes");
  return fs
    .readdirSync(dir)
    .map((name) => name.replace(/(\/route)?\.tsx?$/, ""))
    .filter((name) => name !== "$" && !name.startsWith("api."))
    .map((name) => {
      const segments = name
        .split(".")
        .filter((s) => !s.startsWith("_") || s === "_index")
        .map((s) => s.replace(/_$/, ""))
        .filter((s) => s !== "_index");
      const source = segments.map((s) => (s.startsWith("$") ? "[^/]+" : s.replace(/[-[\]]/g, "\\$&"))).join("/");
      return new RegExp(`^/${source}/?$`);
    });
}
const ROUTES = routePatterns();

function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

describe("every mail's HTML part", () => {
  it("the route list knows the app's pages", () => {
    expect(ROUTES.some((r) => r.test("/booking/x/cancel"))).toBe(true);
    expect(ROUTES.some((r) => r.test("/no/such/page/here"))).toBe(false);
  });

  for (const [kind, mail] of Object.entries(mails)) {
    it(`${kind}: lang, links to real pages, images with alt, nothing unescaped`, () => {
      const html = mail.html!;
      expect(html, "an HTML part").toBeTruthy();
      expect(html).toMatch(/<html[^>]* lang="[a-z]{2}(-[A-Z]{2})?"/);
      expect(html).toMatch(/<html[^>]* dir="ltr"/);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain("%%");
      for (const href of hrefs(html)) {
        expect(href, kind).toMatch(/^(https?:\/\/[^\s"<>]+|mailto:[^\s"<>]+)$/);
        if (href.startsWith(APP)) {
          const pathname = new URL(href).pathname;
          expect(
            ROUTES.some((r) => r.test(pathname)),
            `${kind}: ${pathname} is a page`,
          ).toBe(true);
        }
      }
      for (const img of html.match(/<img\b[^>]*>/g) ?? []) expect(img).toMatch(/\balt="[^"]+"/);
    });
  }

  it("the links a reader acts on are buttons to where they go", () => {
    expect(hrefs(mails["guest invitation"]!.html!)).toEqual(
      expect.arrayContaining([links.cancelUrl, links.rescheduleUrl, "https://zoom.example.test/j/1"]),
    );
    expect(hrefs(mails["request declined"]!.html!)).toContain(`${APP}/pro/30min`);
    expect(hrefs(mails.receipt!.html!)).toContain("https://pay.stripe.com/receipts/abc");
    expect(mails["guest update in German"]!.html).toContain('lang="de"');
    expect(mails["guest invitation"]!.html).toContain(`src="${APP}/images/mail-logo.png"`);
  });

  it("a guest's mail shows the host's photo, named by the host's escaped name, before the first line", () => {
    const html = mails["guest invitation"]!.html!;
    const photo = /<img[^>]*src="([^"]*-96\.png)"[^>]*>/.exec(html);
    expect(photo?.[1]).toBe(`${APP}/avatars/6f1c1b0e-7d4a-4e55-9d7e-3a1f2b3c4d5e/0123456789abcdef-96.png`);
    expect(photo?.[0]).toContain(
      `alt="Nora ${EVIL.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")}"`,
    );
    expect(html.indexOf(photo![0])).toBeLessThan(html.lastIndexOf("invites you"));
    expect(mails["guest update in German"]!.html).not.toContain("/avatars/");
  });

  it("a brand's logo (decision 117) sits at the top, above the photo and the first line, with its alt text in the guest's language", () => {
    const logoUrl = `${APP}/host-logos/6f1c1b0e-7d4a-4e55-9d7e-3a1f2b3c4d5e/0123456789abcdef-96.png`;
    const input = {
      event,
      hostName: "Nora",
      kind: "created" as const,
      readerZone: "UTC",
      otherZone: null,
      place,
      origin: APP,
      hostPhotoUrl: `${APP}/avatars/6f1c1b0e-7d4a-4e55-9d7e-3a1f2b3c4d5e/0123456789abcdef-96.png`,
    };
    const html = composeGuestMail({ ...input, logo: { name: `Acme ${EVIL}`, url: logoUrl } }).html!;
    const logo = /<img[^>]*src="([^"]*host-logos[^"]*)"[^>]*>/.exec(html);
    expect(logo?.[1]).toBe(logoUrl);
    expect(logo?.[0]).toContain(
      `alt="Acme ${EVIL.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")} logo"`,
    );
    expect(html.indexOf(logo![0])).toBeLessThan(html.indexOf("/avatars/"));
    expect(html.indexOf(logo![0])).toBeLessThan(html.lastIndexOf("invites you"));
    const alts = (language: "es" | "de" | "fr" | "pt-BR") => {
      const mail = composeGuestMail({ ...input, language, logo: { name: "Acme", url: logoUrl } }).html!;
      const img = (mail.match(/<img\b[^>]*>/g) ?? []).find((tag) => tag.includes("host-logos")) ?? "";
      return /alt="([^"]*)"/.exec(img)?.[1];
    };
    expect([alts("es"), alts("de"), alts("fr"), alts("pt-BR")]).toEqual([
      "Logotipo de Acme",
      "Logo von Acme",
      "Logo de Acme",
      "Logotipo de Acme",
    ]);
    // Without a logo the mail is the same as before: no logo, and null changes nothing.
    expect(composeGuestMail({ ...input, logo: null }).html).toBe(composeGuestMail(input).html);
    expect(composeGuestMail(input).html).not.toContain("host-logos");
  });

  it("a value that holds a template's token is written as it is, never filled in turn", () => {
    const photoUrl = `${APP}/avatars/6f1c1b0e-7d4a-4e55-9d7e-3a1f2b3c4d5e/0123456789abcdef-96.png`;
    const { html } = composeGuestMail({
      event: { ...event, description: "See https://docs.example.test/%%TEXT%% before we meet." },
      hostName: "Eve https://token.invalid/%%HREF%% %%TEXT%%",
      kind: "created",
      readerZone: "UTC",
      otherZone: null,
      place,
      origin: APP,
      hostPhotoUrl: photoUrl,
    });
    const photo = /<img[^>]*alt="Eve[^"]*"[^>]*>/.exec(html!)?.[0];
    expect(photo).toContain(`alt="Eve https://token.invalid/%%HREF%% %%TEXT%%"`);
    expect(photo).toContain(`src="${photoUrl}"`);
    expect(html).toMatch(
      /<a [^>]*href="https:\/\/docs\.example\.test\/%%TEXT%%"[^>]*>https:\/\/docs\.example\.test\/%%TEXT%%<\/a>/,
    );
  });
});
