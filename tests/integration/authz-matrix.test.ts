/**
 * The authorization matrix: every page route (app/routes) and every JSON operation
 * (/api/openapi.json) x visitor, user, second user, professional and admin, against another
 * person's ids (the user owns every event, event type, schedule, booking, token and team
 * invitation used; the admin owns the packages and the professional records). Each cell names
 * its expected outcome; the test fails on any other outcome, on any 5xx, and when a route or an
 * operation exists that the matrix does not list. A refused write must leave the database as
 * it was (a fingerprint of the owned tables before and after each one).
 *
 * Outcome classes: "allow" (past the guard: 2xx, 400, 409, or a redirect that is not to
 * /signin), "signin" (401, or a redirect to /signin), "403", "404", and "redirect:/path" for a
 * refusal that sends the person elsewhere (an admin on /payment/{id} goes to /pricing).
 *
 * A second matrix crosses every path of one team (its pages, its JSON operations, and the host
 * actions on bookings of its event types) with the team roles: owner, admin, member, outsider
 * (decisions 057, 062); it too fails when a team path exists that it does not list.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail } from "../support/http";
import { API_PASSWORD, apiClient, at, ok, type Account } from "./api-client";
import { bookAt, join, teamCast, teamEventType, type TeamCast } from "./team-fixtures";
import { changedTables, snapshot, type Snapshot } from "./db-snapshot";

const { db, call, account, freshIp } = apiClient({ ipPrefix: "10.73", namePrefix: "Matrix" });

// Other files read /pricing and expect the seeded catalogue: the packages made here go again.
const TAG = `authz-${crypto.randomUUID().slice(0, 8)}`;
afterAll(async () => {
  await db`delete from packages where name like ${`${TAG}%`}`;
});

type Outcome = "allow" | "signin" | "403" | "404" | `redirect:${string}`;
type ActorName = "visitor" | "user" | "user2" | "pro" | "admin";
const ACTORS: ActorName[] = ["visitor", "user", "user2", "pro", "admin"];

/** Expected outcomes in ACTORS order. */
type Row = [Outcome, Outcome, Outcome, Outcome, Outcome];

interface Fixtures {
  user: Account;
  user2: Account;
  pro: Account;
  admin: Account;
  target: Account; // promoted and demoted by the admin's cells
  username: string;
  slug: string;
  event: string; // upcoming, the user's
  eventPast: string; // deleted by the user over JSON at the end
  eventPast2: string; // deleted by the user on My Schedule at the end
  eventType: string;
  eventTypeDel: string;
  eventTypePage: string;
  link: string; // a single-use link of eventType (decision 039)
  schedule: string;
  scheduleDel: string;
  schedulePage: string;
  booking: string;
  bookingToken: string;
  token2: string; // another API token of the user
  teamRow: string; // a pending invitation to the user's named team (decision 057)
  teamToken: string;
  teamInvitationResend: string; // pending invitations to the user's team: resent, and withdrawn at the end
  teamInvitationDel: string;
  team: string; // the user's named team (the user is its owner)
  teamSlug: string;
  teamMember: string; // a member of it (role changes, removed by the page at the end)
  teamMemberDel: string; // another member (removed over JSON at the end)
  teamWebhook: string; // the user's team's webhooks (decision 062)
  teamWebhookDel: string;
  teamWebhookPage: string;
  teamWebhookDelivery: string;
  teamEventType: string; // a round-robin event type of the team (decision 059)
  teamEventTypeSlug: string;
  teamEventTypeDel: string; // deleted over JSON at the end
  teamEventTypePage: string; // deleted on its page at the end
  pkg: string;
  pkgDel: string;
  pkgPage: string;
  record: string;
  recordPage: string;
  webhook: string;
  webhookDel: string;
  webhookPage: string;
  webhookDelivery: string;
  calendarConnection: string; // an ICS connection of the user's (made in SQL: no feed server needed)
  calendar: string; // its calendar
  calendarConnectionDel: string;
  calendarConnectionPage: string;
  absence: string; // the user's absences (out of office, decision 061)
  absenceDel: string; // deleted by the user over JSON at the end
  workflow: string; // the user's workflows (decision 085)
  workflowDel: string; // deleted by the user over JSON at the end
  absencePage: string; // deleted by the user on the page at the end
  routingForm: string; // the user's own routing form (decision 074)
  routingFormDel: string; // deleted by the user over JSON at the end
}

interface Cell {
  /** "GET /dashboard/..." for pages, "PUT /api/event-types/{id}" (the OpenAPI key) for JSON. */
  name: string;
  /** The app/routes files this request reaches. */
  files: string[];
  /** The OpenAPI operation ("put /api/event-types/{id}"), for JSON paths. */
  operation?: string;
  method: string;
  path: (f: Fixtures) => string;
  form?: (f: Fixtures) => Record<string, string>;
  json?: (f: Fixtures) => unknown;
  /** Another body (a multipart upload, decision 112), sent as is. */
  body?: () => BodyInit;
  /** JSON by session cookie (PUT /users/{email} mints a token from a browser session). */
  session?: boolean;
  expect: Row;
  /** Its allowed cells change what later cells need: they run last, in listing order. */
  destructive?: boolean;
}

const ALL_ALLOW: Row = ["allow", "allow", "allow", "allow", "allow"];
const ALL_404: Row = ["404", "404", "404", "404", "404"];
/** A logo upload that is no image (decision 112): past the guard it is a 422. */
const notAnImage = () => {
  const form = new FormData();
  form.append("logo", new Blob([new TextEncoder().encode("not an image")]), "logo.png");
  return form;
};
/** Nobody with a session or a person's token (SCIM takes only its own token). */
const ALL_SIGNIN: Row = ["signin", "signin", "signin", "signin", "signin"];
/** Any signed-in person, each on their own data. */
const SIGNED_IN: Row = ["signin", "allow", "allow", "allow", "allow"];
/** The drawer pages of hosts (users and professionals), not admins. */
const HOSTS: Row = ["signin", "allow", "allow", "allow", "403"];
/** Admin only. */
const ADMIN: Row = ["signin", "403", "403", "403", "allow"];
/** The user's own resource: others' ids are 404, admins' included. */
const OWNER: Row = ["signin", "allow", "404", "404", "404"];
/** The user's own resource on a drawer page admins do not have. */
const OWNER_HOST_PAGE: Row = ["signin", "allow", "404", "404", "403"];
/** Oneself or an admin. */
const SELF_OR_ADMIN: Row = ["signin", "allow", "403", "403", "allow"];
/** Signed-in non-admins (reviews, payments). */
const NOT_ADMIN: Row = ["signin", "allow", "allow", "allow", "403"];

const page = (
  method: string,
  file: string | string[],
  p: (f: Fixtures) => string,
  expect: Row,
  extra: Partial<Cell> = {},
): Cell => ({
  name: `${method} ${file}`,
  files: Array.isArray(file) ? file : [file],
  method,
  path: p,
  expect,
  ...extra,
});

const api = (
  method: string,
  template: string,
  file: string,
  p: (f: Fixtures) => string,
  expect: Row,
  extra: Partial<Cell> = {},
): Cell => ({
  name: `${method} ${template}`,
  files: [file],
  operation: `${method.toLowerCase()} ${template}`,
  method,
  path: p,
  expect,
  ...extra,
});

const enc = encodeURIComponent;
/** A routing form's fields, routes and fallback (decision 074). */
const ROUTING_DEFINITION = {
  fields: [{ id: "q", label: "Question", type: "short_text" }],
  routes: [],
  fallback: { type: "message", message: "Thanks" },
};
const bookingPage = (f: Fixtures) => `/${f.username}/${f.slug}`;

const CELLS: Cell[] = [
  // Public pages.
  page("GET", "_index.tsx", () => "/", ALL_ALLOW),
  page("POST", "_index.tsx", () => "/?index", NOT_ADMIN, { form: () => ({ rating: "9", name: "", review: "" }) }),
  page("GET", "about.tsx", () => "/about", ALL_ALLOW),
  page("GET", "pricing.tsx", () => "/pricing", ALL_ALLOW),
  page("GET", "teams.tsx", () => "/teams", ALL_ALLOW),
  page("GET", "contact.tsx", () => "/contact", ALL_ALLOW),
  page("POST", "contact.tsx", () => "/contact", ALL_ALLOW, { form: () => ({ name: "", email: "bad", message: "" }) }),
  page("GET", "$.tsx", () => "/no-such-page/at-all", ALL_404),
  page("GET", "healthz.ts", () => "/healthz", ALL_ALLOW),
  page("GET", "robots[.]txt.ts", () => "/robots.txt", ALL_ALLOW),
  page("GET", "sitemap[.]xml.ts", () => "/sitemap.xml", ALL_ALLOW),
  page("GET", "api.docs.tsx", () => "/api/docs", ALL_ALLOW),
  page("GET", "signin.tsx", () => "/signin", ALL_ALLOW),
  page("POST", "signin.tsx", () => "/signin", ALL_ALLOW, { form: () => ({ email: "", password: "" }) }),
  page("GET", "signup.tsx", () => "/signup", ALL_ALLOW),
  page("POST", "signup.tsx", () => "/signup", ALL_ALLOW, {
    form: () => ({ name: "", email: "bad", password: "x", confirmPassword: "y" }),
  }),
  // The second step of sign-in (decision 066): only a browser half-way through signing in has one.
  page("GET", "signin_.second-factor.tsx", () => "/signin/second-factor", [
    "signin",
    "signin",
    "signin",
    "signin",
    "signin",
  ]),
  page(
    "POST",
    "signin_.second-factor.tsx",
    () => "/signin/second-factor",
    ["signin", "signin", "signin", "signin", "signin"],
    {
      form: () => ({ code: "000000" }),
    },
  ),
  page("GET", "signin_.second-factor_.setup.tsx", () => "/signin/second-factor/setup", [
    "signin",
    "signin",
    "signin",
    "signin",
    "signin",
  ]),
  page(
    "POST",
    "signin_.second-factor_.setup.tsx",
    () => "/signin/second-factor/setup",
    ["signin", "signin", "signin", "signin", "signin"],
    { form: () => ({ code: "000000" }) },
  ),
  page("GET", "signin_.passkey.tsx", () => "/signin/passkey", ALL_ALLOW),
  // Passkeys: anyone may ask for a sign-in challenge; only a signed-in browser adds a passkey.
  page("GET", "webauthn.authenticate.ts", () => "/webauthn/authenticate", ALL_ALLOW),
  page("POST", "webauthn.authenticate.ts", () => "/webauthn/authenticate", ALL_ALLOW, { json: () => ({}) }),
  page("GET", "webauthn.register.ts", () => "/webauthn/register", SIGNED_IN),
  page("POST", "webauthn.register.ts", () => "/webauthn/register", SIGNED_IN, { json: () => ({}) }),
  // Google sign-in is not configured here: both send everyone back to /signin.
  page("GET", "auth.google.tsx", () => "/auth/google", ["signin", "signin", "signin", "signin", "signin"]),
  page("POST", "auth.google.tsx", () => "/auth/google", ["signin", "signin", "signin", "signin", "signin"], {
    form: () => ({ redirectTo: "/dashboard" }),
  }),
  page("GET", "auth.google_.callback.tsx", () => "/auth/google/callback?code=x&state=y", [
    "signin",
    "signin",
    "signin",
    "signin",
    "signin",
  ]),
  // Single sign-on is not configured here either (decision 069): everyone goes back to /signin.
  page("GET", "auth.sso.tsx", () => "/auth/sso", ALL_SIGNIN),
  page("POST", "auth.sso.tsx", () => "/auth/sso", ALL_SIGNIN, { form: () => ({ redirectTo: "/dashboard" }) }),
  page("GET", "auth.sso_.callback.tsx", () => "/auth/sso/callback?code=x&state=y", ALL_SIGNIN),
  page("POST", "stripe.webhook.ts", () => "/stripe/webhook", ALL_404, {
    json: () => ({ type: "payment_intent.succeeded" }),
  }),
  // Texts are not configured on these servers (decision 090): the provider's webhook is a 404 to all.
  api("POST", "/api/sms/inbound", "api.sms.inbound.ts", () => "/api/sms/inbound", ALL_404, {
    json: () => ({ From: "+34612345678", Body: "STOP" }),
  }),
  // Its delivery status callback (docs/decisions/109), likewise.
  api("POST", "/webhooks/sms/status", "webhooks.sms.status.ts", () => "/webhooks/sms/status", ALL_404, {
    json: () => ({ MessageSid: "SM0", MessageStatus: "delivered" }),
  }),
  // Profile photos (decision 095): public by their hash; an unknown one is a 404 to anyone.
  page("GET", "avatars.$userId.$file.ts", () => `/avatars/${crypto.randomUUID()}/0123456789abcdef.webp`, ALL_404),
  // Team logos (decision 112): the same.
  page("GET", "team-logos.$teamId.$file.ts", () => `/team-logos/${crypto.randomUUID()}/0123456789abcdef.webp`, ALL_404),
  // Hosts' own logos (decision 117): the same.
  page("GET", "host-logos.$userId.$file.ts", () => `/host-logos/${crypto.randomUUID()}/0123456789abcdef.webp`, ALL_404),

  // Booking pages and guest links (the booking's token is the credential; no account needed).
  page("GET", "$username.tsx", (f) => `/${f.username}`, ALL_ALLOW),
  page("GET", "$username_.$slug/route.tsx", bookingPage, ALL_ALLOW),
  page("POST", "$username_.$slug/route.tsx", bookingPage, ALL_ALLOW, {
    form: () => ({ slot: "soon", tz: "UTC", name: "", email: "bad" }),
  }),
  page(
    "GET",
    "$username_.$slug_.booked.$id.tsx",
    (f) => `${bookingPage(f)}/booked/${f.booking}?token=${enc(f.bookingToken)}`,
    ALL_ALLOW,
  ),
  page("GET", "$username_.$slug_.booked.$id.tsx", (f) => `${bookingPage(f)}/booked/${f.booking}`, ALL_404),
  page(
    "GET",
    "$username_.$slug_.booked.$id_.ics.ts",
    (f) => `${bookingPage(f)}/booked/${f.booking}/ics?token=${enc(f.bookingToken)}`,
    ALL_ALLOW,
  ),
  page(
    "GET",
    "$username_.$slug_.booked.$id_.ics.ts",
    (f) => `${bookingPage(f)}/booked/${f.booking}/ics?token=wrong`,
    ALL_404,
  ),
  page("GET", "forgot-password.tsx", () => "/forgot-password", ALL_ALLOW),
  page("POST", "forgot-password.tsx", () => "/forgot-password", ALL_ALLOW, { form: () => ({ email: "" }) }),
  page("GET", "reset-password.$token.tsx", () => "/reset-password/not-a-link", ALL_ALLOW),
  page("POST", "reset-password.$token.tsx", () => "/reset-password/not-a-link", ALL_ALLOW, {
    form: () => ({ password: "", confirmPassword: "" }),
  }),
  // The host's mailed approve/decline page: only its token opens it.
  page("GET", "booking.$id.approval.tsx", (f) => `/booking/${f.booking}/approval?token=wrong`, ALL_404),
  page("POST", "booking.$id.approval.tsx", (f) => `/booking/${f.booking}/approval?token=wrong`, ALL_404, {
    form: () => ({ intent: "approve" }),
  }),
  // The guest's mailed "Please confirm" page (decision 086): only its own link token opens it.
  page("GET", "booking.$id.confirm.tsx", (f) => `/booking/${f.booking}/confirm?token=wrong`, ALL_404),
  page("GET", "booking.$id.confirm.tsx", (f) => `/booking/${f.booking}/confirm?token=${enc(f.bookingToken)}`, ALL_404),
  page("POST", "booking.$id.confirm.tsx", (f) => `/booking/${f.booking}/confirm?token=wrong`, ALL_404, {
    form: () => ({}),
  }),
  // A paid booking's payment step (decision 107): only its own token opens it, and only for a booking with a payment.
  page("GET", "booking.$id.pay.tsx", (f) => `/booking/${f.booking}/pay?token=wrong`, ALL_404),
  page("GET", "booking.$id.pay.tsx", (f) => `/booking/${f.booking}/pay?token=${enc(f.bookingToken)}`, ALL_404),
  page("GET", "booking.$id.cancel.tsx", (f) => `/booking/${f.booking}/cancel?token=${enc(f.bookingToken)}`, ALL_ALLOW),
  page("GET", "booking.$id.cancel.tsx", (f) => `/booking/${f.booking}/cancel`, ALL_404),
  page("POST", "booking.$id.cancel.tsx", (f) => `/booking/${f.booking}/cancel?token=wrong`, ALL_404, {
    form: () => ({ reason: "not yours" }),
  }),
  page(
    "GET",
    "booking.$id.reschedule/route.tsx",
    (f) => `/booking/${f.booking}/reschedule?token=${enc(f.bookingToken)}`,
    ALL_ALLOW,
  ),
  page("GET", "booking.$id.reschedule/route.tsx", (f) => `/booking/${f.booking}/reschedule?token=wrong`, ALL_404),
  page("POST", "booking.$id.reschedule/route.tsx", (f) => `/booking/${f.booking}/reschedule?token=wrong`, ALL_404, {
    form: (f) => ({ start: at(9, "10:00"), _f: f.slug }),
  }),

  // The host's event pages.
  page("GET", ["dashboard.tsx", "dashboard._index.tsx"], () => "/dashboard", SIGNED_IN),
  // A valid update: only ownership can refuse it.
  page("POST", "dashboard._index.tsx", () => "/dashboard?index", OWNER, {
    form: (f) => ({
      intent: "update",
      eventId: f.event,
      eventName: "Moved",
      eventType: "Phone Call",
      description: "Moved.",
      date: at(25, "00:00").slice(0, 10),
      time: "11:00",
      duration: "30",
    }),
  }),
  page("POST", "dashboard._index.tsx", () => "/dashboard?index", OWNER, {
    form: (f) => ({ intent: "delete", eventId: f.eventPast2 }),
    destructive: true,
  }),
  page("GET", "eventtype.tsx", () => "/eventtype", SIGNED_IN),
  page("GET", "one-to-one.tsx", () => "/one-to-one", SIGNED_IN),
  page("POST", "one-to-one.tsx", () => "/one-to-one", SIGNED_IN, { form: () => ({ eventName: "" }) }),
  page("GET", "group-meeting.tsx", () => "/group-meeting", SIGNED_IN),
  page("POST", "group-meeting.tsx", () => "/group-meeting", SIGNED_IN, { form: () => ({ eventName: "" }) }),
  page("POST", "notifications_.read.ts", () => "/notifications/read", SIGNED_IN, { form: () => ({}) }),
  page("GET", "notifications_.read.ts", () => "/notifications/read", ALL_404),

  // Drawer pages.
  page("GET", "dashboard.profile/route.tsx", () => "/dashboard/profile", SIGNED_IN),
  page("GET", "dashboard.profile_.photo.tsx", () => "/dashboard/profile/photo", SIGNED_IN),
  page("POST", "dashboard.profile_.photo.tsx", () => "/dashboard/profile/photo", SIGNED_IN, {
    form: () => ({ intent: "nothing" }),
  }),
  // The host's own logo (decision 117): each signed-in person's own.
  page("GET", "dashboard.profile_.logo.tsx", () => "/dashboard/profile/logo", SIGNED_IN),
  page("POST", "dashboard.profile_.logo.tsx", () => "/dashboard/profile/logo", SIGNED_IN, {
    form: () => ({ intent: "nothing" }),
  }),
  page("POST", "dashboard.profile/route.tsx", () => "/dashboard/profile", SIGNED_IN, {
    form: () => ({ intent: "details", name: "" }),
  }),
  page("POST", "dashboard.profile/route.tsx", () => "/dashboard/profile", SIGNED_IN, {
    form: () => ({ intent: "deleteAccount", password: "wrong", confirmEmail: "wrong@example.test" }),
  }),
  page("GET", "dashboard.routingForms.tsx", () => "/dashboard/routingForms", SIGNED_IN),
  page("GET", "dashboard.apiTokens/route.tsx", () => "/dashboard/apiTokens", SIGNED_IN),
  page("GET", "dashboard.apiTokens/route.tsx", (f) => `/dashboard/apiTokens?revoke=${f.token2}`, OWNER),
  page("POST", "dashboard.apiTokens/route.tsx", () => "/dashboard/apiTokens", OWNER, {
    form: (f) => ({ intent: "revoke", tokenId: f.token2 }),
    destructive: true,
  }),
  page("GET", "dashboard.eventTypes.tsx", () => "/dashboard/eventTypes", HOSTS),
  page("GET", "dashboard.eventTypes.tsx", (f) => `/dashboard/eventTypes?delete=${f.eventTypePage}`, OWNER_HOST_PAGE),
  page("POST", "dashboard.eventTypes.tsx", () => "/dashboard/eventTypes", OWNER_HOST_PAGE, {
    form: (f) => ({ intent: "toggle", id: f.eventTypePage, active: "false" }),
    destructive: true,
  }),
  page("POST", "dashboard.eventTypes.tsx", () => "/dashboard/eventTypes", OWNER_HOST_PAGE, {
    form: (f) => ({ intent: "delete", id: f.eventTypePage }),
    destructive: true,
  }),
  page("GET", "dashboard.eventTypes_.$id/route.tsx", (f) => `/dashboard/eventTypes/${f.eventType}`, OWNER_HOST_PAGE),
  page("POST", "dashboard.eventTypes_.$id/route.tsx", (f) => `/dashboard/eventTypes/${f.eventType}`, OWNER_HOST_PAGE, {
    form: () => ({ title: "" }),
  }),
  page("POST", "dashboard.eventTypes_.$id/route.tsx", (f) => `/dashboard/eventTypes/${f.eventType}`, OWNER_HOST_PAGE, {
    form: () => ({ intent: "createLink" }),
  }),
  page("GET", "dashboard.availability/route.tsx", () => "/dashboard/availability", HOSTS),
  page(
    "GET",
    "dashboard.availability/route.tsx",
    (f) => `/dashboard/availability?schedule=${f.schedule}`,
    OWNER_HOST_PAGE,
  ),
  page(
    "POST",
    "dashboard.availability/route.tsx",
    (f) => `/dashboard/availability?schedule=${f.schedule}`,
    OWNER_HOST_PAGE,
    {
      form: () => ({ intent: "save", name: "" }),
    },
  ),
  page(
    "POST",
    "dashboard.availability/route.tsx",
    (f) => `/dashboard/availability?schedule=${f.schedulePage}`,
    OWNER_HOST_PAGE,
    {
      form: () => ({ intent: "delete" }),
      destructive: true,
    },
  ),
  // The old Team page redirects everyone to the Teams area (decision 057).
  page("GET", "dashboard.team/route.tsx", (f) => `/dashboard/team?remove=${f.teamRow}`, ALL_ALLOW),
  page("POST", "dashboard.team/route.tsx", () => "/dashboard/team", ALL_ALLOW, {
    form: (f) => ({ intent: "remove", id: f.teamRow }),
  }),
  page("GET", "team.$slug.tsx", (f) => `/team/${f.teamSlug}`, ALL_ALLOW),
  // Out of office (decision 061): each person's own absences; someone else's id is 404.
  page("GET", "dashboard.out-of-office/route.tsx", () => "/dashboard/out-of-office", SIGNED_IN),
  page("POST", "dashboard.out-of-office/route.tsx", () => "/dashboard/out-of-office", SIGNED_IN, {
    form: () => ({ intent: "add", start: "", end: "" }),
  }),
  page("POST", "dashboard.out-of-office/route.tsx", () => "/dashboard/out-of-office", OWNER, {
    form: (f) => ({ intent: "delete", id: f.absencePage }),
    destructive: true,
  }),
  page("GET", "team.$slug.tsx", () => "/team/no-such-team-here", ALL_404),
  // A team's event type books on the booking page under the team's URL (decision 059).
  page("GET", "team.$team.$slug.tsx", (f) => `/team/${f.teamSlug}/${f.teamEventTypeSlug}`, ALL_ALLOW),
  page("POST", "team.$team.$slug.tsx", (f) => `/team/${f.teamSlug}/${f.teamEventTypeSlug}`, ALL_ALLOW, {
    form: () => ({ slot: "soon", tz: "UTC", name: "", email: "bad" }),
  }),
  page("GET", "team.$team.$slug.tsx", (f) => `/team/${f.teamSlug}/no-such-type`, ALL_404),
  page(
    "GET",
    "team.$team.$slug_.booked.$id.tsx",
    (f) => `/team/${f.teamSlug}/${f.teamEventTypeSlug}/booked/${f.booking}?token=${enc(f.bookingToken)}`,
    ALL_404,
  ),
  page(
    "GET",
    "team.$team.$slug_.booked.$id_.ics.ts",
    (f) => `/team/${f.teamSlug}/${f.teamEventTypeSlug}/booked/${f.booking}/ics?token=wrong`,
    ALL_404,
  ),
  page(
    "GET",
    "dashboard.teams_.$id_.event-types.$eventTypeId/route.tsx",
    (f) => `/dashboard/teams/${f.team}/event-types/new`,
    OWNER,
  ),
  page(
    "GET",
    "dashboard.teams_.$id_.event-types.$eventTypeId/route.tsx",
    (f) => `/dashboard/teams/${f.team}/event-types/${f.teamEventType}?delete=1`,
    OWNER,
  ),
  page(
    "POST",
    "dashboard.teams_.$id_.event-types.$eventTypeId/route.tsx",
    (f) => `/dashboard/teams/${f.team}/event-types/${f.teamEventType}`,
    OWNER,
    { form: () => ({ title: "", kind: "round-robin" }) },
  ),
  page(
    "POST",
    "dashboard.teams_.$id_.event-types.$eventTypeId/route.tsx",
    (f) => `/dashboard/teams/${f.team}/event-types/${f.teamEventTypePage}`,
    OWNER,
    { form: () => ({ intent: "delete" }), destructive: true },
  ),
  page("GET", "dashboard.teams/route.tsx", () => "/dashboard/teams", SIGNED_IN),
  page("POST", "dashboard.teams/route.tsx", () => "/dashboard/teams", SIGNED_IN, {
    form: () => ({ intent: "create", name: "", slug: "" }),
  }),
  // The invitation is to someone else: by id it is nobody's to answer here.
  page("POST", "dashboard.teams/route.tsx", () => "/dashboard/teams", ["signin", "404", "404", "404", "404"], {
    form: (f) => ({ intent: "accept", id: f.teamRow }),
  }),
  page("GET", "dashboard.teams_.$id/route.tsx", (f) => `/dashboard/teams/${f.team}`, OWNER),
  page("GET", "dashboard.teams_.$id/route.tsx", (f) => `/dashboard/teams/${f.team}?remove=${f.teamMember}`, OWNER),
  page("POST", "dashboard.teams_.$id/route.tsx", (f) => `/dashboard/teams/${f.team}`, OWNER, {
    form: (f) => ({ intent: "resend", id: f.teamRow }),
  }),
  page("POST", "dashboard.teams_.$id/route.tsx", (f) => `/dashboard/teams/${f.team}`, OWNER, {
    form: (f) => ({ intent: "role", id: f.teamMember, role: "admin" }),
  }),
  page("POST", "dashboard.teams_.$id/route.tsx", (f) => `/dashboard/teams/${f.team}`, OWNER, {
    form: (f) => ({ intent: "remove", id: f.teamMember }),
    destructive: true,
  }),
  // The invitation is for someone else: every signed-in person but the invitee gets a 403.
  page("GET", "dashboard.team_.accept.tsx", (f) => `/dashboard/team/accept?token=${enc(f.teamToken)}`, [
    "signin",
    "403",
    "403",
    "403",
    "403",
  ]),
  page(
    "POST",
    "dashboard.team_.accept.tsx",
    (f) => `/dashboard/team/accept?token=${enc(f.teamToken)}`,
    ["signin", "403", "403", "403", "403"],
    {
      form: (f) => ({ token: f.teamToken, intent: "accept" }),
    },
  ),
  page("GET", "dashboard.team_.accept.tsx", () => "/dashboard/team/accept?token=wrong", [
    "signin",
    "404",
    "404",
    "404",
    "404",
  ]),
  page("GET", "dashboard.scheduledEvents/route.tsx", () => "/dashboard/scheduledEvents", SIGNED_IN),
  // Admins see (and may cancel) every host's upcoming events there (decision 021).
  // Admins get the read-only list of every host's events (they cancel in Manage Event).
  page("GET", "dashboard.scheduledEvents/route.tsx", (f) => `/dashboard/scheduledEvents?cancel=${f.booking}`, [
    "signin",
    "allow",
    "404",
    "404",
    "allow",
  ]),
  page("POST", "dashboard.scheduledEvents/route.tsx", () => "/dashboard/scheduledEvents", OWNER, {
    form: (f) => ({ intent: "reschedule", eventId: f.booking, start: "not-a-time" }),
  }),
  // Reassign (decision 060): only a round-robin booking has the modal (the user's booking is a
  // one-to-one: 404 to its host too; the admin's list ignores it). Its host's POST is 409.
  page("GET", "dashboard.scheduledEvents/route.tsx", (f) => `/dashboard/scheduledEvents?reassign=${f.booking}`, [
    "signin",
    "404",
    "404",
    "404",
    "allow",
  ]),
  page("POST", "dashboard.scheduledEvents/route.tsx", () => "/dashboard/scheduledEvents", OWNER, {
    form: (f) => ({ intent: "reassign", eventId: f.booking, host: "next" }),
  }),
  page(
    "GET",
    "dashboard.scheduledEvents_.$id.timeline.tsx",
    (f) => `/dashboard/scheduledEvents/${f.booking}/timeline`,
    OWNER,
  ),
  page("GET", "dashboard.scheduledEvents_.$id._index.tsx", (f) => `/dashboard/scheduledEvents/${f.booking}`, OWNER),
  // A team's bookings (decision 062): the user owns the team; admins get their all-hosts list whatever the query.
  page("GET", "dashboard.scheduledEvents/route.tsx", (f) => `/dashboard/scheduledEvents?team=${f.team}`, [
    "signin",
    "allow",
    "404",
    "404",
    "allow",
  ]),
  // A team's webhook pages (decision 062): the team's owners and admins; the others are outside it.
  page("GET", "dashboard.teams_.$id_.webhooks/route.tsx", (f) => `/dashboard/teams/${f.team}/webhooks`, OWNER),
  page(
    "GET",
    "dashboard.teams_.$id_.webhooks/route.tsx",
    (f) => `/dashboard/teams/${f.team}/webhooks?delete=${f.teamWebhook}`,
    OWNER,
  ),
  page("POST", "dashboard.teams_.$id_.webhooks/route.tsx", (f) => `/dashboard/teams/${f.team}/webhooks`, OWNER, {
    form: () => ({ intent: "create", url: "" }),
  }),
  page("POST", "dashboard.teams_.$id_.webhooks/route.tsx", (f) => `/dashboard/teams/${f.team}/webhooks`, OWNER, {
    form: (f) => ({ intent: "test", id: f.teamWebhook }),
  }),
  page("POST", "dashboard.teams_.$id_.webhooks/route.tsx", (f) => `/dashboard/teams/${f.team}/webhooks`, OWNER, {
    form: (f) => ({ intent: "delete", id: f.teamWebhookPage }),
    destructive: true,
  }),
  page(
    "GET",
    "dashboard.teams_.$id_.webhooks_.$webhookId/route.tsx",
    (f) => `/dashboard/teams/${f.team}/webhooks/${f.teamWebhook}`,
    OWNER,
  ),
  page(
    "POST",
    "dashboard.teams_.$id_.webhooks_.$webhookId/route.tsx",
    (f) => `/dashboard/teams/${f.team}/webhooks/${f.teamWebhook}`,
    OWNER,
    { form: () => ({ intent: "update", url: "" }) },
  ),
  page(
    "POST",
    "dashboard.teams_.$id_.webhooks_.$webhookId/route.tsx",
    (f) => `/dashboard/teams/${f.team}/webhooks/${f.teamWebhook}`,
    OWNER,
    { form: (f) => ({ intent: "resend", deliveryId: f.teamWebhookDelivery }) },
  ),
  page("GET", "dashboard.webhooks/route.tsx", () => "/dashboard/webhooks", HOSTS),
  page("GET", "dashboard.webhooks/route.tsx", (f) => `/dashboard/webhooks?delete=${f.webhook}`, OWNER_HOST_PAGE),
  page("POST", "dashboard.webhooks/route.tsx", () => "/dashboard/webhooks", HOSTS, {
    form: () => ({ intent: "create", url: "" }),
  }),
  page("POST", "dashboard.webhooks/route.tsx", () => "/dashboard/webhooks", OWNER_HOST_PAGE, {
    form: (f) => ({ intent: "test", id: f.webhook }),
  }),
  page("POST", "dashboard.webhooks/route.tsx", () => "/dashboard/webhooks", OWNER_HOST_PAGE, {
    form: (f) => ({ intent: "delete", id: f.webhookPage }),
    destructive: true,
  }),
  page("GET", "dashboard.webhooks_.$id/route.tsx", (f) => `/dashboard/webhooks/${f.webhook}`, OWNER_HOST_PAGE),
  page("POST", "dashboard.webhooks_.$id/route.tsx", (f) => `/dashboard/webhooks/${f.webhook}`, OWNER_HOST_PAGE, {
    form: () => ({ intent: "update", url: "" }),
  }),
  page("POST", "dashboard.webhooks_.$id/route.tsx", (f) => `/dashboard/webhooks/${f.webhook}`, OWNER_HOST_PAGE, {
    form: (f) => ({ intent: "resend", deliveryId: f.webhookDelivery }),
  }),
  page("GET", "dashboard.workFlow.tsx", () => "/dashboard/workFlow", HOSTS),
  page("GET", "dashboard.calendars/route.tsx", () => "/dashboard/calendars", HOSTS),
  page(
    "GET",
    "dashboard.calendars/route.tsx",
    (f) => `/dashboard/calendars?remove=${f.calendarConnection}`,
    OWNER_HOST_PAGE,
  ),
  page("POST", "dashboard.calendars/route.tsx", () => "/dashboard/calendars", OWNER_HOST_PAGE, {
    form: (f) => ({
      intent: "conflicts",
      connectionId: f.calendarConnection,
      calendarId: f.calendar,
      checksConflicts: "true",
    }),
  }),
  page("POST", "dashboard.calendars/route.tsx", () => "/dashboard/calendars", OWNER_HOST_PAGE, {
    form: (f) => ({ intent: "remove", connectionId: f.calendarConnectionPage }),
    destructive: true,
  }),
  // Google Calendar is not configured here: a host is sent back to the Calendars page with a toast.
  page("GET", "dashboard.calendars_.google.tsx", () => "/dashboard/calendars/google", HOSTS),
  page(
    "GET",
    "dashboard.calendars_.google_.callback.tsx",
    () => "/dashboard/calendars/google/callback?code=x&state=y",
    HOSTS,
  ),
  // Microsoft 365 / Outlook is not configured here either (docs/decisions/064): the same.
  page("GET", "dashboard.calendars_.microsoft.tsx", () => "/dashboard/calendars/microsoft", HOSTS),
  page(
    "GET",
    "dashboard.calendars_.microsoft_.callback.tsx",
    () => "/dashboard/calendars/microsoft/callback?code=x&state=y",
    HOSTS,
  ),
  // The Video section's conferencing apps (decision 065): Teams needs a Microsoft calendar, so it is refused with a toast.
  page("POST", "dashboard.calendars/route.tsx", () => "/dashboard/calendars", HOSTS, {
    form: () => ({ intent: "video-connect", app: "microsoft-teams" }),
  }),
  page(
    "GET",
    "dashboard.conferencing_.zoom_.callback.tsx",
    () => "/dashboard/conferencing/zoom/callback?code=x&state=y",
    HOSTS,
  ),
  // The host's feed: the token is the credential.
  page("GET", "calendar.$file.ts", () => "/calendar/not-a-token.ics", ALL_404),
  page("POST", "dashboard.workFlow.tsx", () => "/dashboard/workFlow", HOSTS, {
    form: () => ({ guestReminderAmount: "-1" }),
  }),
  // One workflow's editor (decision 085): a new one for any host, an existing one for its owner only.
  page("GET", "dashboard.workFlow_.$id.tsx", () => "/dashboard/workFlow/new", HOSTS),
  page("POST", "dashboard.workFlow_.$id.tsx", () => "/dashboard/workFlow/new", HOSTS, {
    form: () => ({ intent: "save", name: "" }),
  }),
  page("GET", "dashboard.workFlow_.$id.tsx", (f) => `/dashboard/workFlow/${f.workflow}`, OWNER_HOST_PAGE),
  page("POST", "dashboard.workFlow_.$id.tsx", (f) => `/dashboard/workFlow/${f.workflow}`, OWNER_HOST_PAGE, {
    form: () => ({
      intent: "preview",
      name: "Matrix",
      trigger: "booked",
      "actions.0.type": "bell",
      "actions.0.body": "Hi",
    }),
  }),

  // Admin pages.
  page("GET", "dashboard.manageUser.tsx", () => "/dashboard/manageUser", ADMIN),
  // Deactivation (decision 068): reactivating an active account changes nothing, but passes the guard.
  page("POST", "dashboard.manageUser.tsx", () => "/dashboard/manageUser", ADMIN, {
    form: (f) => ({ intent: "reactivate", userId: f.target.id }),
  }),
  page("GET", "dashboard.manageUser.tsx", (f) => `/dashboard/manageUser?bookings=${f.user.id}`, ADMIN),
  // SCIM token and SSO settings (decision 069).
  page("GET", "dashboard.provisioning.tsx", () => "/dashboard/provisioning", ADMIN),
  page("POST", "dashboard.provisioning.tsx", () => "/dashboard/provisioning", ADMIN, {
    form: () => ({ intent: "none" }),
  }),
  // SCIM (decision 069): only the SCIM token opens it; a session or a person's API token is 401 for everyone.
  page("GET", "scim.v2.Users.ts", () => "/scim/v2/Users", ALL_SIGNIN),
  page("POST", "scim.v2.Users.ts", () => "/scim/v2/Users", ALL_SIGNIN, { form: () => ({ userName: "x" }) }),
  page("GET", "scim.v2.Users.$id.ts", (f) => `/scim/v2/Users/${f.user.id}`, ALL_SIGNIN),
  page("DELETE", "scim.v2.Users.$id.ts", (f) => `/scim/v2/Users/${f.user.id}`, ALL_SIGNIN),
  page("GET", "scim.v2.Groups.ts", () => "/scim/v2/Groups", ALL_SIGNIN),
  page("GET", "scim.v2.Groups.$id.ts", (f) => `/scim/v2/Groups/${f.team}`, ALL_SIGNIN),
  page("DELETE", "scim.v2.Groups.$id.ts", (f) => `/scim/v2/Groups/${f.team}`, ALL_SIGNIN),
  page("GET", "scim.v2.ServiceProviderConfig.ts", () => "/scim/v2/ServiceProviderConfig", ALL_SIGNIN),
  page("GET", "scim.v2.ResourceTypes.ts", () => "/scim/v2/ResourceTypes", ALL_SIGNIN),
  page("GET", "scim.v2.Schemas.ts", () => "/scim/v2/Schemas", ALL_SIGNIN),
  page("POST", "dashboard.manageUser.tsx", () => "/dashboard/manageUser", ADMIN, {
    form: (f) => ({ intent: "promote", userId: f.target.id }),
    destructive: true,
  }),
  // The admin's switch of decision 066 (no "required": it stays off).
  page("POST", "dashboard.manageUser.tsx", () => "/dashboard/manageUser", ADMIN, {
    form: () => ({ intent: "secondFactorRequired" }),
  }),
  page("GET", "dashboard.manageEvent.tsx", () => "/dashboard/manageEvent", ADMIN),
  page("POST", "dashboard.manageEvent.tsx", () => "/dashboard/manageEvent", ADMIN, {
    form: (f) => ({ intent: "cancel", eventId: f.event }),
    destructive: true,
  }),
  page("GET", "dashboard.packages/route.tsx", () => "/dashboard/packages", ADMIN),
  page("POST", "dashboard.packages/route.tsx", () => "/dashboard/packages", ADMIN, {
    form: (f) => ({ intent: "delete", packageId: f.pkgPage }),
    destructive: true,
  }),
  page("GET", "dashboard.professionalCollections.tsx", () => "/dashboard/professionalCollections", ADMIN),
  page("POST", "dashboard.professionalCollections.tsx", () => "/dashboard/professionalCollections", ADMIN, {
    form: (f) => ({ intent: "remove", recordId: f.recordPage }),
    destructive: true,
  }),
  page("GET", "dashboard.contactMessages.tsx", () => "/dashboard/contactMessages", ADMIN),
  // The audit log and the erasure of a guest (decisions 070 and 071).
  page("GET", "dashboard.auditLog.tsx", () => "/dashboard/auditLog", ADMIN),
  page("GET", "dashboard.auditLog.tsx", () => "/dashboard/auditLog?action=nope&from=never", ADMIN),
  page("POST", "dashboard.auditLog.tsx", () => "/dashboard/auditLog", ADMIN, { form: () => ({ email: "" }) }),
  page("GET", "dashboard_.auditLog[.]csv.ts", () => "/dashboard/auditLog.csv?action=auth.sign_in", ADMIN),

  // Payments (admins cannot pay).
  page("GET", "payment.$id.tsx", (f) => `/payment/${f.pkg}`, [
    "signin",
    "allow",
    "allow",
    "allow",
    "redirect:/pricing",
  ]),
  page(
    "POST",
    "payment.$id.tsx",
    (f) => `/payment/${f.pkg}`,
    ["signin", "allow", "allow", "allow", "redirect:/pricing"],
    {
      form: () => ({ intent: "confirm" }),
    },
  ),

  // JSON: the legacy paths (docs/legacy-api.md).
  api("POST", "/api/token", "api.token.ts", () => "/api/token", ALL_ALLOW, { json: () => ({}) }),
  // Audit log and data rights (decisions 070 and 071).
  api("GET", "/api/admin/audit-log", "api.admin.audit-log.ts", () => "/api/admin/audit-log?action=auth.sign_in", ADMIN),
  api("POST", "/api/admin/erase-guest", "api.admin.erase-guest.ts", () => "/api/admin/erase-guest", ADMIN, {
    json: () => ({ email: "not-an-email" }),
  }),
  api("GET", "/api/me/export", "api.me_.export.ts", () => "/api/me/export", SIGNED_IN),
  // Insights and the export (decision 079): each person's own bookings; a team only for its owners
  // and admins (the user owns the team; the others are outside it: 404).
  api("GET", "/api/insights", "api.insights.ts", () => "/api/insights", SIGNED_IN),
  api("GET", "/api/insights", "api.insights.ts", (f) => `/api/insights?teamId=${f.team}`, OWNER),
  api("GET", "/api/bookings/export", "api.bookings_.export.ts", () => "/api/bookings/export", SIGNED_IN),
  api("GET", "/api/bookings/export", "api.bookings_.export.ts", (f) => `/api/bookings/export?teamId=${f.team}`, OWNER),
  page("GET", "dashboard.insights.tsx", () => "/dashboard/insights", HOSTS),
  page("GET", "dashboard.insights.tsx", (f) => `/dashboard/insights?teamId=${f.team}`, OWNER_HOST_PAGE),
  // A wrong password is a 400: nobody's account goes here.
  api("DELETE", "/api/me", "api.me.ts", () => "/api/me", SIGNED_IN, { json: () => ({ password: "wrong" }) }),
  // The caller's own profile and brand colour (decision 108): a refused colour is 400, still "allow".
  api("GET", "/api/me", "api.me.ts", () => "/api/me", SIGNED_IN),
  api("PATCH", "/api/me", "api.me.ts", () => "/api/me", SIGNED_IN, { json: () => ({ brandColor: "#ffff00" }) }),
  // The caller's own logo (decision 117): a file that is no image is 422, still "allow".
  api("POST", "/api/me/logo", "api.me_.logo.ts", () => "/api/me/logo", SIGNED_IN, { body: notAnImage }),
  api("DELETE", "/api/me/logo", "api.me_.logo.ts", () => "/api/me/logo", SIGNED_IN),
  api(
    "PUT",
    "/users/{email}",
    "users.$email.ts",
    (f) => `/users/${enc(f.user.email)}`,
    SELF_OR_ADMIN.map((o, i) => (i === 4 ? "403" : o)) as Row,
    {
      json: (f) => ({ email: f.user.email }),
      session: true,
    },
  ),
  api("GET", "/users", "users.ts", () => "/users?limit=1", ADMIN),
  api("PUT", "/users/admin/{email}", "users_.admin.$email.ts", (f) => `/users/admin/${enc(f.target.email)}`, ADMIN, {
    destructive: true,
  }),
  api("PUT", "/users/user/{email}", "users_.user.$email.ts", (f) => `/users/user/${enc(f.target.email)}`, ADMIN, {
    destructive: true,
  }),
  api(
    "PUT",
    "/api/admin/users/{id}/active",
    "api.admin.users.$id.active.ts",
    (f) => `/api/admin/users/${f.target.id}/active`,
    ADMIN,
    { json: () => ({ active: true }) },
  ),
  api("POST", "/api/admin/scim-token", "api.admin.scim-token.ts", () => "/api/admin/scim-token", ADMIN),
  api("GET", "/admin/{email}", "admin.$email.ts", (f) => `/admin/${enc(f.user.email)}`, SELF_OR_ADMIN),
  api("GET", "/professional", "professional.ts", () => "/professional?limit=1", ADMIN),
  api(
    "GET",
    "/professional/{email}",
    "professional_.$emailOrId.ts",
    (f) => `/professional/${enc(f.user.email)}`,
    SELF_OR_ADMIN,
  ),
  api("DELETE", "/professional/{email}", "professional_.$emailOrId.ts", (f) => `/professional/${f.record}`, ADMIN, {
    destructive: true,
  }),
  api("POST", "/users/professional", "users_.professional.ts", () => "/users/professional", NOT_ADMIN, {
    json: () => ({}),
  }),
  api(
    "PUT",
    "/users/professional/{email}",
    "users_.professional_.$email.ts",
    (f) => `/users/professional/${enc(f.user.email)}`,
    SELF_OR_ADMIN,
  ),
  api("GET", "/event", "event.ts", (f) => `/event?host=${enc(f.user.email)}`, SELF_OR_ADMIN),
  api("POST", "/events", "events.ts", () => "/events", SIGNED_IN, { json: () => ({ eventName: "" }) }),
  api("PUT", "/event/{id}", "event_.$id.ts", (f) => `/event/${f.event}`, OWNER, {
    json: () => ({ eventName: "Moved", eventType: "Phone Call", description: "Moved.", dateTime: at(26, "16:00") }),
  }),
  api("DELETE", "/event/{id}", "event_.$id.ts", (f) => `/event/${f.eventPast}`, OWNER, { destructive: true }),
  api("GET", "/reviews", "reviews.ts", () => "/reviews", ALL_ALLOW),
  api("POST", "/reviews", "reviews.ts", () => "/reviews", NOT_ADMIN, { json: () => ({ rating: 9 }) }),
  api("GET", "/notifications", "notifications.ts", () => "/notifications", ALL_ALLOW),
  api("GET", "/packages", "packages.ts", () => "/packages", ALL_ALLOW),
  api("POST", "/packages", "packages.ts", () => "/packages", ADMIN, { json: () => ({ name: "" }) }),
  api("GET", "/packages/{id}", "packages_.$id.ts", (f) => `/packages/${f.pkg}`, ALL_ALLOW),
  api("PUT", "/packages/{id}", "packages_.$id.ts", (f) => `/packages/${f.pkg}`, ADMIN, { json: () => ({ name: "" }) }),
  api("DELETE", "/packages/{id}", "packages_.$id.ts", (f) => `/packages/${f.pkgDel}`, ADMIN, { destructive: true }),
  api("POST", "/create-payment-intent", "create-payment-intent.ts", () => "/create-payment-intent", NOT_ADMIN, {
    json: () => ({}),
  }),

  // JSON: scheduling.
  api("GET", "/api/openapi.json", "api.openapi[.]json.ts", () => "/api/openapi.json", ALL_ALLOW),
  api(
    "GET",
    "/api/slots",
    "api.slots.ts",
    (f) =>
      `/api/slots?eventTypeId=${f.eventType}&start=${at(1, "00:00").slice(0, 10)}&end=${at(7, "00:00").slice(0, 10)}&timeZone=UTC`,
    ALL_ALLOW,
  ),
  api("GET", "/api/schedules", "api.schedules.ts", () => "/api/schedules", SIGNED_IN),
  api("POST", "/api/schedules", "api.schedules.ts", () => "/api/schedules", SIGNED_IN, { json: () => ({ name: "" }) }),
  api("GET", "/api/schedules/{id}", "api.schedules_.$id.ts", (f) => `/api/schedules/${f.schedule}`, OWNER),
  api("PUT", "/api/schedules/{id}", "api.schedules_.$id.ts", (f) => `/api/schedules/${f.schedule}`, OWNER, {
    json: () => ({ name: "" }),
  }),
  api("DELETE", "/api/schedules/{id}", "api.schedules_.$id.ts", (f) => `/api/schedules/${f.scheduleDel}`, OWNER, {
    destructive: true,
  }),
  api("GET", "/api/event-types", "api.event-types.ts", () => "/api/event-types", SIGNED_IN),
  api("POST", "/api/event-types", "api.event-types.ts", () => "/api/event-types", SIGNED_IN, {
    json: () => ({ title: "" }),
  }),
  api("GET", "/api/event-types/{id}", "api.event-types_.$id.ts", (f) => `/api/event-types/${f.eventType}`, OWNER),
  api("PUT", "/api/event-types/{id}", "api.event-types_.$id.ts", (f) => `/api/event-types/${f.eventType}`, OWNER, {
    json: () => ({ title: "" }),
  }),
  api(
    "DELETE",
    "/api/event-types/{id}",
    "api.event-types_.$id.ts",
    (f) => `/api/event-types/${f.eventTypeDel}`,
    OWNER,
    { destructive: true },
  ),
  api(
    "GET",
    "/api/event-types/{id}/single-use-links",
    "api.event-types_.$id.single-use-links.ts",
    (f) => `/api/event-types/${f.eventType}/single-use-links`,
    OWNER,
  ),
  api(
    "POST",
    "/api/event-types/{id}/single-use-links",
    "api.event-types_.$id.single-use-links.ts",
    (f) => `/api/event-types/${f.eventType}/single-use-links`,
    OWNER,
  ),
  api(
    "DELETE",
    "/api/event-types/{id}/single-use-links/{linkId}",
    "api.event-types_.$id.single-use-links.$linkId.ts",
    (f) => `/api/event-types/${f.eventType}/single-use-links/${f.link}`,
    OWNER,
    { destructive: true },
  ),
  api("POST", "/api/bookings", "api.bookings.ts", () => "/api/bookings", ALL_ALLOW, {
    json: (f) => ({ eventTypeId: f.eventType }),
  }),
  api("POST", "/api/password-reset", "api.password-reset.ts", () => "/api/password-reset", ALL_ALLOW, {
    json: () => ({ email: "" }),
  }),
  // Approve / decline: the booking's host only (a confirmed booking answers 409 not_pending to them).
  api(
    "POST",
    "/api/bookings/{id}/approve",
    "api.bookings_.$id.approve.ts",
    (f) => `/api/bookings/${f.booking}/approve`,
    OWNER,
  ),
  api(
    "POST",
    "/api/bookings/{id}/decline",
    "api.bookings_.$id.decline.ts",
    (f) => `/api/bookings/${f.booking}/decline`,
    OWNER,
    { json: () => ({}) },
  ),
  // Reassign (decision 060): the booking's host (409 not_round_robin: it is a one-to-one), or a
  // manager of a round-robin booking's team; anyone else 404 (tests/integration/reassign.test.ts).
  api(
    "POST",
    "/api/bookings/{id}/reassign",
    "api.bookings_.$id.reassign.ts",
    (f) => `/api/bookings/${f.booking}/reassign`,
    OWNER,
    { json: () => ({}) },
  ),
  // No-show (decision 078): the booking's host (its booking is upcoming: 409 not_started to them),
  // or a manager of its team; anyone else 404 (tests/integration/booking-policies.test.ts).
  api(
    "POST",
    "/api/bookings/{id}/no-show",
    "api.bookings_.$id.no-show.ts",
    (f) => `/api/bookings/${f.booking}/no-show`,
    OWNER,
    { json: () => ({ who: "guest", noShow: true }) },
  ),
  // The host's credentials, or the booking's own token; a wrong token is a 404 to anyone.
  api(
    "POST",
    "/api/bookings/{id}/reschedule",
    "api.bookings_.$id.reschedule.ts",
    (f) => `/api/bookings/${f.booking}/reschedule?token=wrong`,
    ALL_404,
    {
      json: () => ({ start: at(10, "10:00") }),
    },
  ),
  // The guest's "Please confirm" (decision 086): only the confirm link's token; anything else is a 404.
  api(
    "POST",
    "/api/bookings/{id}/confirm",
    "api.bookings_.$id.confirm.ts",
    (f) => `/api/bookings/${f.booking}/confirm?token=wrong`,
    ALL_404,
    { json: () => ({}) },
  ),
  api(
    "POST",
    "/api/bookings/{id}/cancel",
    "api.bookings_.$id.cancel.ts",
    (f) => `/api/bookings/${f.booking}/cancel?token=wrong`,
    ALL_404,
    {
      json: () => ({}),
    },
  ),
  api(
    "POST",
    "/api/bookings/{id}/reschedule",
    "api.bookings_.$id.reschedule.ts",
    (f) => `/api/bookings/${f.booking}/reschedule`,
    OWNER,
    {
      json: () => ({ start: at(10, "10:00") }),
      destructive: true,
    },
  ),
  api(
    "POST",
    "/api/bookings/{id}/cancel",
    "api.bookings_.$id.cancel.ts",
    (f) => `/api/bookings/${f.booking}/cancel`,
    OWNER,
    {
      json: () => ({ reason: "not yours" }),
      destructive: true,
    },
  ),

  // JSON: named teams (decision 057). The user owns the team; everyone else is outside it (404).
  api("GET", "/api/teams", "api.teams.ts", () => "/api/teams", SIGNED_IN),
  api("POST", "/api/teams", "api.teams.ts", () => "/api/teams", SIGNED_IN, { json: () => ({ name: "", slug: "" }) }),
  api(
    "POST",
    "/api/teams/{id}/invitations",
    "api.teams_.$id_.invitations.ts",
    (f) => `/api/teams/${f.team}/invitations`,
    OWNER,
    {
      json: () => ({ email: `mx-json-${crypto.randomUUID().slice(0, 8)}@example.test`, role: "member" }),
    },
  ),
  api(
    "GET",
    "/api/teams/{id}/invitations",
    "api.teams_.$id_.invitations.ts",
    (f) => `/api/teams/${f.team}/invitations`,
    OWNER,
  ),
  api(
    "POST",
    "/api/teams/{id}/invitations/{invitationId}/resend",
    "api.teams_.$id_.invitations_.$invitationId_.resend.ts",
    (f) => `/api/teams/${f.team}/invitations/${f.teamInvitationResend}/resend`,
    OWNER,
  ),
  api(
    "DELETE",
    "/api/teams/{id}/invitations/{invitationId}",
    "api.teams_.$id_.invitations_.$invitationId.ts",
    (f) => `/api/teams/${f.team}/invitations/${f.teamInvitationDel}`,
    OWNER,
    { destructive: true },
  ),
  // The invitation is to someone else's address: 403 for every signed-in person.
  api(
    "POST",
    "/api/team-invitations/accept",
    "api.team-invitations.accept.ts",
    () => "/api/team-invitations/accept",
    ["signin", "403", "403", "403", "403"],
    {
      json: (f) => ({ token: f.teamToken }),
    },
  ),
  api("GET", "/api/teams/{id}/members", "api.teams_.$id_.members.ts", (f) => `/api/teams/${f.team}/members`, OWNER),
  // JSON: the team's event types (decision 059); its roles are the team roles matrix's below.
  api(
    "GET",
    "/api/teams/{id}/event-types",
    "api.teams_.$id_.event-types.ts",
    (f) => `/api/teams/${f.team}/event-types`,
    OWNER,
  ),
  api(
    "POST",
    "/api/teams/{id}/event-types",
    "api.teams_.$id_.event-types.ts",
    (f) => `/api/teams/${f.team}/event-types`,
    OWNER,
    { json: () => ({ title: "" }) },
  ),
  api(
    "GET",
    "/api/teams/{id}/event-types/{eventTypeId}",
    "api.teams_.$id_.event-types_.$eventTypeId.ts",
    (f) => `/api/teams/${f.team}/event-types/${f.teamEventType}`,
    OWNER,
  ),
  api(
    "PUT",
    "/api/teams/{id}/event-types/{eventTypeId}",
    "api.teams_.$id_.event-types_.$eventTypeId.ts",
    (f) => `/api/teams/${f.team}/event-types/${f.teamEventType}`,
    OWNER,
    { json: () => ({ title: "" }) },
  ),
  api(
    "DELETE",
    "/api/teams/{id}/event-types/{eventTypeId}",
    "api.teams_.$id_.event-types_.$eventTypeId.ts",
    (f) => `/api/teams/${f.team}/event-types/${f.teamEventTypeDel}`,
    OWNER,
    { destructive: true },
  ),
  api(
    "PATCH",
    "/api/teams/{id}/members/{userId}",
    "api.teams_.$id_.members_.$userId.ts",
    (f) => `/api/teams/${f.team}/members/${f.teamMemberDel}`,
    OWNER,
    {
      json: () => ({ role: "admin" }),
    },
  ),
  api(
    "DELETE",
    "/api/teams/{id}/members/{userId}",
    "api.teams_.$id_.members_.$userId.ts",
    (f) => `/api/teams/${f.team}/members/${f.teamMemberDel}`,
    OWNER,
    {
      destructive: true,
    },
  ),
  // JSON: a team's bookings and webhooks (decision 062). The user owns the team; everyone else is outside it (404).
  api("GET", "/api/teams/{id}/bookings", "api.teams_.$id_.bookings.ts", (f) => `/api/teams/${f.team}/bookings`, OWNER),
  api("GET", "/api/teams/{id}/webhooks", "api.teams_.$id_.webhooks.ts", (f) => `/api/teams/${f.team}/webhooks`, OWNER),
  api(
    "POST",
    "/api/teams/{id}/webhooks",
    "api.teams_.$id_.webhooks.ts",
    (f) => `/api/teams/${f.team}/webhooks`,
    OWNER,
    {
      json: () => ({ url: "", events: [] }),
    },
  ),
  api(
    "GET",
    "/api/teams/{id}/webhooks/{webhookId}",
    "api.teams_.$id_.webhooks_.$webhookId.ts",
    (f) => `/api/teams/${f.team}/webhooks/${f.teamWebhook}`,
    OWNER,
  ),
  api(
    "PATCH",
    "/api/teams/{id}/webhooks/{webhookId}",
    "api.teams_.$id_.webhooks_.$webhookId.ts",
    (f) => `/api/teams/${f.team}/webhooks/${f.teamWebhook}`,
    OWNER,
    { json: () => ({ events: [] }) },
  ),
  api(
    "DELETE",
    "/api/teams/{id}/webhooks/{webhookId}",
    "api.teams_.$id_.webhooks_.$webhookId.ts",
    (f) => `/api/teams/${f.team}/webhooks/${f.teamWebhookDel}`,
    OWNER,
    { destructive: true },
  ),
  api(
    "POST",
    "/api/teams/{id}/webhooks/{webhookId}/test",
    "api.teams_.$id_.webhooks_.$webhookId_.test/route.ts",
    (f) => `/api/teams/${f.team}/webhooks/${f.teamWebhook}/test`,
    OWNER,
  ),
  api(
    "GET",
    "/api/teams/{id}/webhooks/{webhookId}/deliveries",
    "api.teams_.$id_.webhooks_.$webhookId_.deliveries.ts",
    (f) => `/api/teams/${f.team}/webhooks/${f.teamWebhook}/deliveries`,
    OWNER,
  ),
  api(
    "POST",
    "/api/teams/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/resend",
    "api.teams_.$id_.webhooks_.$webhookId_.deliveries_.$deliveryId.resend.ts",
    (f) => `/api/teams/${f.team}/webhooks/${f.teamWebhook}/deliveries/${f.teamWebhookDelivery}/resend`,
    OWNER,
  ),
  // JSON: out of office (decision 061).
  api("GET", "/api/out-of-office", "api.out-of-office.ts", () => "/api/out-of-office", SIGNED_IN),
  api("POST", "/api/out-of-office", "api.out-of-office.ts", () => "/api/out-of-office", SIGNED_IN, {
    json: () => ({ start: "", end: "" }),
  }),
  api("GET", "/api/out-of-office/{id}", "api.out-of-office_.$id.ts", (f) => `/api/out-of-office/${f.absence}`, OWNER),
  api(
    "DELETE",
    "/api/out-of-office/{id}",
    "api.out-of-office_.$id.ts",
    (f) => `/api/out-of-office/${f.absenceDel}`,
    OWNER,
    { destructive: true },
  ),
  // JSON: workflows (decision 085).
  api("GET", "/api/workflows", "api.workflows.ts", () => "/api/workflows", SIGNED_IN),
  api("POST", "/api/workflows", "api.workflows.ts", () => "/api/workflows", SIGNED_IN, {
    json: () => ({ name: "" }),
  }),
  api("GET", "/api/workflows/{id}", "api.workflows_.$id.ts", (f) => `/api/workflows/${f.workflow}`, OWNER),
  api("PUT", "/api/workflows/{id}", "api.workflows_.$id.ts", (f) => `/api/workflows/${f.workflow}`, OWNER, {
    json: () => ({ name: "Matrix", eventTypeIds: [], trigger: "booked", actions: [{ type: "bell", body: "Booked" }] }),
  }),
  api("DELETE", "/api/workflows/{id}", "api.workflows_.$id.ts", (f) => `/api/workflows/${f.workflowDel}`, OWNER, {
    destructive: true,
  }),
  // JSON: webhooks (decision 037).
  api("GET", "/api/webhooks", "api.webhooks.ts", () => "/api/webhooks", SIGNED_IN),
  api("POST", "/api/webhooks", "api.webhooks.ts", () => "/api/webhooks", SIGNED_IN, {
    json: () => ({ url: "", events: [] }),
  }),
  api("GET", "/api/webhooks/{id}", "api.webhooks_.$id.ts", (f) => `/api/webhooks/${f.webhook}`, OWNER),
  api("PATCH", "/api/webhooks/{id}", "api.webhooks_.$id.ts", (f) => `/api/webhooks/${f.webhook}`, OWNER, {
    json: () => ({ events: [] }),
  }),
  api("DELETE", "/api/webhooks/{id}", "api.webhooks_.$id.ts", (f) => `/api/webhooks/${f.webhookDel}`, OWNER, {
    destructive: true,
  }),
  api(
    "POST",
    "/api/webhooks/{id}/test",
    "api.webhooks_.$id_.test/route.ts",
    (f) => `/api/webhooks/${f.webhook}/test`,
    OWNER,
  ),
  api(
    "GET",
    "/api/webhooks/{id}/deliveries",
    "api.webhooks_.$id_.deliveries.ts",
    (f) => `/api/webhooks/${f.webhook}/deliveries`,
    OWNER,
  ),
  api(
    "POST",
    "/api/webhooks/{id}/deliveries/{deliveryId}/resend",
    "api.webhooks_.$id_.deliveries_.$deliveryId.resend.ts",
    (f) => `/api/webhooks/${f.webhook}/deliveries/${f.webhookDelivery}/resend`,
    OWNER,
  ),
  // JSON: calendars (docs/decisions/035).
  api("GET", "/api/calendars", "api.calendars.ts", () => "/api/calendars", SIGNED_IN),
  api("POST", "/api/calendars", "api.calendars.ts", () => "/api/calendars", SIGNED_IN, {
    json: () => ({ type: "ics" }),
  }),
  api("GET", "/api/calendars/{id}", "api.calendars_.$id.ts", (f) => `/api/calendars/${f.calendarConnection}`, OWNER),
  api(
    "DELETE",
    "/api/calendars/{id}",
    "api.calendars_.$id.ts",
    (f) => `/api/calendars/${f.calendarConnectionDel}`,
    OWNER,
    { destructive: true },
  ),
  api(
    "PATCH",
    "/api/calendars/{id}/calendars/{calendarId}",
    "api.calendars_.$id_.calendars.$calendarId.ts",
    (f) => `/api/calendars/${f.calendarConnection}/calendars/${f.calendar}`,
    OWNER,
    {
      json: () => ({ checksConflicts: true }),
    },
  ),
  api(
    "POST",
    "/api/calendars/{id}/sync",
    "api.calendars_.$id_.sync.ts",
    (f) => `/api/calendars/${f.calendarConnection}/sync`,
    OWNER,
  ),
  // JSON: conferencing apps (decision 065), each person's own.
  api("GET", "/api/conferencing", "api.conferencing.ts", () => "/api/conferencing", SIGNED_IN),
  api(
    "POST",
    "/api/conferencing/{app}",
    "api.conferencing_.$app.ts",
    () => "/api/conferencing/microsoft-teams",
    SIGNED_IN,
  ),
  api("DELETE", "/api/conferencing/{app}", "api.conferencing_.$app.ts", () => "/api/conferencing/zoom", SIGNED_IN, {
    destructive: true,
  }),
  api("GET", "/api/calendar-feed", "api.calendar-feed.ts", () => "/api/calendar-feed", SIGNED_IN),
  api(
    "POST",
    "/api/calendar-feed/rotate",
    "api.calendar-feed_.rotate.ts",
    () => "/api/calendar-feed/rotate",
    SIGNED_IN,
  ),

  // Two-factor authentication (decision 066): each person's own.
  api("POST", "/api/me/totp", "api.me.totp.ts", () => "/api/me/totp", SIGNED_IN),
  api("DELETE", "/api/me/totp", "api.me.totp.ts", () => "/api/me/totp", SIGNED_IN, {
    json: () => ({ code: "000000" }),
  }),
  api("POST", "/api/me/totp/enable", "api.me.totp_.enable.ts", () => "/api/me/totp/enable", SIGNED_IN, {
    json: () => ({ code: "000000" }),
  }),

  // Routing forms (decision 074): the user's own; the public page and responses need no account.
  page("GET", "forms.$id.tsx", (f) => `/forms/${f.routingForm}`, ALL_ALLOW),
  page("GET", "forms.$id.tsx", () => `/forms/${crypto.randomUUID()}`, ALL_404),
  page("POST", "forms.$id.tsx", (f) => `/forms/${f.routingForm}`, ALL_ALLOW, { form: () => ({ a_q: "" }) }),
  page("GET", "dashboard.routingForms.tsx", (f) => `/dashboard/routingForms?form=${f.routingForm}`, OWNER),
  page("POST", "dashboard.routingForms.tsx", () => "/dashboard/routingForms", OWNER, {
    form: (f) => ({
      intent: "save",
      id: f.routingForm,
      name: "Renamed",
      definition: JSON.stringify(ROUTING_DEFINITION),
    }),
  }),
  api("GET", "/api/routing-forms", "api.routing-forms.ts", () => "/api/routing-forms", SIGNED_IN),
  api("POST", "/api/routing-forms", "api.routing-forms.ts", () => "/api/routing-forms", SIGNED_IN, {
    json: () => ({ name: "Matrix", ...ROUTING_DEFINITION }),
  }),
  api(
    "GET",
    "/api/routing-forms/{id}",
    "api.routing-forms_.$id.ts",
    (f) => `/api/routing-forms/${f.routingForm}`,
    OWNER,
  ),
  api(
    "PUT",
    "/api/routing-forms/{id}",
    "api.routing-forms_.$id.ts",
    (f) => `/api/routing-forms/${f.routingForm}`,
    OWNER,
    {
      json: () => ({ name: "Matrix", ...ROUTING_DEFINITION }),
    },
  ),
  api(
    "DELETE",
    "/api/routing-forms/{id}",
    "api.routing-forms_.$id.ts",
    (f) => `/api/routing-forms/${f.routingFormDel}`,
    OWNER,
    { destructive: true },
  ),
  api(
    "GET",
    "/api/routing-forms/{id}/responses",
    "api.routing-forms_.$id_.responses.ts",
    (f) => `/api/routing-forms/${f.routingForm}/responses`,
    OWNER,
  ),
  api(
    "POST",
    "/api/routing-forms/{id}/responses",
    "api.routing-forms_.$id_.responses.ts",
    (f) => `/api/routing-forms/${f.routingForm}/responses`,
    ALL_ALLOW,
    { json: () => ({ answers: { q: "x" } }) },
  ),
  api(
    "PUT",
    "/api/teams/{id}/members/{userId}/attributes",
    "api.teams_.$id_.members_.$userId_.attributes.ts",
    (f) => `/api/teams/${f.team}/members/${f.teamMember}/attributes`,
    OWNER,
    { json: () => ({ region: "emea" }) },
  ),
  api("GET", "/api/teams/{id}", "api.teams_.$id.ts", (f) => `/api/teams/${f.team}`, OWNER),
  api("PATCH", "/api/teams/{id}", "api.teams_.$id.ts", (f) => `/api/teams/${f.team}`, OWNER, {
    json: () => ({ brandColor: "#ffff00" }),
  }),
  // The team's logo (decision 112): its owners and admins only.
  page("GET", "dashboard.teams_.$id_.logo.tsx", (f) => `/dashboard/teams/${f.team}/logo`, OWNER),
  page("POST", "dashboard.teams_.$id_.logo.tsx", (f) => `/dashboard/teams/${f.team}/logo`, OWNER, {
    form: () => ({ intent: "remove" }),
  }),
  api("POST", "/api/teams/{id}/logo", "api.teams_.$id_.logo.ts", (f) => `/api/teams/${f.team}/logo`, OWNER, {
    body: notAnImage,
  }),
  api("DELETE", "/api/teams/{id}/logo", "api.teams_.$id_.logo.ts", (f) => `/api/teams/${f.team}/logo`, OWNER),

  // Last: signing out ends each signed-in actor's session (and its session tokens).
  page("POST", "signout.tsx", () => "/signout", ALL_ALLOW, { form: () => ({}), destructive: true }),
  // The theme cookie (decision 108): anyone, signed in or not.
  page("POST", "theme.ts", () => "/theme", ALL_ALLOW, { form: () => ({ theme: "dark" }) }),
];

function classify(res: Response): Outcome | "5xx" | "429" | `other:${number}` {
  if (res.status >= 500) return "5xx";
  if (res.status === 429) return "429";
  if (res.status === 401) return "signin";
  if (res.status === 403) return "403";
  if (res.status === 404) return "404";
  if (res.status >= 300 && res.status < 400) {
    const to = new URL(res.headers.get("location") ?? "/", "http://app.invalid");
    if (to.pathname === "/signin") return "signin";
    return `redirect:${to.pathname}`;
  }
  if (res.status < 300 || [400, 402, 409, 422].includes(res.status)) return "allow";
  return `other:${res.status}`;
}

function matches(expected: Outcome, actual: string): boolean {
  if (expected === actual) return true;
  // A redirect that is not a refusal we expected is the handler's own answer: allowed.
  return expected === "allow" && actual.startsWith("redirect:");
}

/**
 * What a refused write must leave as it was (db-snapshot.ts): the tables that hold what users own,
 * less what the matrix's own sign-ins and reads move (a user's updated_at, a team member's invitation).
 */
const OWNED = {
  tables: [
    "users",
    "events",
    "event_invitees",
    "event_types",
    "event_type_hosts",
    "schedules",
    "packages",
    "professionals",
    "team_members",
    "teams",
    "team_memberships",
    "team_invitations",
    "handles",
    "api_tokens",
    "reviews",
    "booking_seats",
    "webhook_subscriptions",
    "calendar_connections",
    "external_calendars",
    "out_of_office",
    "routing_forms",
  ],
  volatile: {
    users: ["notifications_seen_at", "updated_at"],
    team_members: ["token_hash", "responded_at", "id", "created_at", "updated_at"],
  },
};
const fingerprint = () => snapshot(db, OWNED);
const changed = (before: Snapshot, after: Snapshot) => changedTables(before, after).join(", ");

let f: Fixtures;

beforeAll(async () => {
  const [user, user2, pro, admin, target] = await Promise.all([
    account("mx-user"),
    account("mx-user2"),
    account("mx-pro", "professional"),
    account("mx-admin", "admin"),
    account("mx-target"),
  ]);
  const username = `mx${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username}, time_zone = 'UTC' where id = ${user.id}`;
  const as = (a: Account) => ({ token: a.token });

  // The user's schedules, event types, events and a booking.
  const schedule = await ok(
    await call("POST", "/api/schedules", {
      ...as(user),
      json: {
        name: "Always",
        timeZone: "UTC",
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "18:00" })),
      },
    }),
    201,
  );
  const scheduleDel = await ok(
    await call("POST", "/api/schedules", { ...as(user), json: { name: "Spare", timeZone: "UTC", weekly: [] } }),
    201,
  );
  const schedulePage = await ok(
    await call("POST", "/api/schedules", { ...as(user), json: { name: "Spare 2", timeZone: "UTC", weekly: [] } }),
    201,
  );
  const typeBody = (slug: string) => ({ title: slug, slug, duration: 30, minimumNotice: 0, scheduleId: schedule._id });
  const eventType = await ok(await call("POST", "/api/event-types", { ...as(user), json: typeBody("matrix") }), 201);
  const eventTypeDel = await ok(
    await call("POST", "/api/event-types", { ...as(user), json: typeBody("matrix-del") }),
    201,
  );
  const eventTypePage = await ok(
    await call("POST", "/api/event-types", { ...as(user), json: typeBody("matrix-page") }),
    201,
  );
  const link = await ok(await call("POST", `/api/event-types/${eventType._id}/single-use-links`, as(user)), 201);
  const eventJson = (days: number) => ({
    eventName: "Matrix",
    eventType: "Google Meet",
    eventWith: "One-to-One",
    description: "Owned by the user.",
    targetedEmail: "guest@example.org",
    dateTime: at(days, "15:00").replace("+00:00", "Z"),
  });
  const event = await ok(await call("POST", "/events", { ...as(user), json: eventJson(20) }), 201);
  const eventPast = await ok(await call("POST", "/events", { ...as(user), json: eventJson(21) }), 201);
  const eventPast2 = await ok(await call("POST", "/events", { ...as(user), json: eventJson(22) }), 201);
  // Moved into the past, so the free plan's 3 upcoming events never shape an outcome.
  await db`update events set starts_at = starts_at - interval '60 days', ends_at = ends_at - interval '60 days' where id in (${eventPast._id}, ${eventPast2._id})`;
  const booked = await ok<{ booking: { id: string; cancelUrl: string } }>(
    await call("POST", "/api/bookings", {
      json: {
        eventTypeId: eventType._id,
        start: at(9, "10:00"),
        name: "Guest",
        email: "guest@example.org",
        timeZone: "UTC",
      },
    }),
    201,
  );
  const bookingToken = new URL(booked.booking.cancelUrl).searchParams.get("token") ?? "";

  // Another API token of the user, and an invitation to the user's team.
  const minted = await ok<{ token: string }>(
    await call("POST", "/api/token", { json: { email: user.email, password: API_PASSWORD } }),
  );
  const [token2] =
    await db`select id from api_tokens where user_id = ${user.id} and source = 'password' order by created_at desc limit 1`;
  expect(minted.token).toBeTruthy();
  const invitee = uniqueEmail("mx-invitee");
  const team = await ok<{ id: string; slug: string }>(
    await call("POST", "/api/teams", {
      token: user.token,
      json: { name: "Matrix", slug: `mx-${crypto.randomUUID().slice(0, 8)}` },
    }),
    201,
  );
  const teamMembers: string[] = [];
  for (const prefix of ["mx-member", "mx-member-del"]) {
    const person = await account(prefix);
    await ok(
      await call("POST", `/api/teams/${team.id}/invitations`, { token: user.token, json: { email: person.email } }),
      201,
    );
    const [invitation] =
      await db`select text from mail_outbox where "to" = ${person.email} order by created_at desc limit 1`;
    const token = decodeURIComponent(/accept\?token=([A-Za-z0-9_%-]+)/.exec(invitation.text as string)?.[1] ?? "");
    await ok(await call("POST", "/api/team-invitations/accept", { token: person.token, json: { token } }));
    teamMembers.push(person.id);
  }
  // The team's event types (decision 059), hosted by the user.
  const teamType = async (slug: string) =>
    (
      await ok<{ _id: string; slug: string }>(
        await call("POST", `/api/teams/${team.id}/event-types`, {
          token: user.token,
          json: {
            title: slug,
            slug,
            duration: 30,
            minimumNotice: 0,
            kind: "round-robin",
            hosts: [{ userId: user.id }],
          },
        }),
        201,
      )
    )._id;
  const teamEventType = await teamType("matrix-team");
  const teamEventTypeDel = await teamType("matrix-team-del");
  const teamEventTypePage = await teamType("matrix-team-page");
  expect(
    (await user.c.post(`/dashboard/teams/${team.id}`, { intent: "invite", email: invitee, role: "member" })).status,
  ).toBe(302);
  const [teamRow] = await db`select id from team_invitations where team_id = ${team.id} and email = ${invitee}`;
  const [mail] =
    await db`select text from mail_outbox where "to" like ${`%${invitee}%`} order by created_at desc limit 1`;
  const teamToken = /accept\?token=([A-Za-z0-9_%-]+)/.exec(mail.text as string)?.[1] ?? "";
  expect(teamToken).not.toBe("");
  const teamInvite = async () =>
    (
      await ok<{ id: string }>(
        await call("POST", `/api/teams/${team.id}/invitations`, {
          token: user.token,
          json: { email: `mx-inv-${crypto.randomUUID().slice(0, 8)}@example.test` },
        }),
        201,
      )
    ).id;

  // The admin's packages and professional records (one of them the user's).
  const pkgJson = () => ({ name: `${TAG} ${crypto.randomUUID().slice(0, 8)}`, price: 5 });
  const pkg = await ok(await call("POST", "/packages", { ...as(admin), json: pkgJson() }));
  const pkgDel = await ok(await call("POST", "/packages", { ...as(admin), json: pkgJson() }));
  const pkgPage = await ok(await call("POST", "/packages", { ...as(admin), json: pkgJson() }));
  const record = async () => {
    const [row] = await db`
      insert into professionals (user_id, name, email, status, transaction_id, pack, amount_cents, issued_at)
      values (${user.id}, 'Matrix', ${user.email}, 'professional', ${`pi_mx${crypto.randomUUID().replaceAll("-", "")}`}, 'Pro', 500, now() - interval '40 days')
      returning id`;
    return row.id as string;
  };

  // The user's webhooks (to a port nobody listens on: a test fails at once), and a delivery.
  const hook = async () =>
    (
      await ok<{ id: string }>(
        await call("POST", "/api/webhooks", {
          ...as(user),
          json: { url: "http://127.0.0.1:9/matrix", events: ["booking.created"] },
        }),
        201,
      )
    ).id;
  const webhook = await hook();
  const tested = await ok<{ id: string }>(await call("POST", `/api/webhooks/${webhook}/test`, as(user)));
  // The team's webhooks (decision 062), made by its owner, the user.
  const teamHook = async () =>
    (
      await ok<{ id: string }>(
        await call("POST", `/api/teams/${team.id}/webhooks`, {
          ...as(user),
          json: { url: "http://127.0.0.1:9/matrix-team", events: ["booking.created"] },
        }),
        201,
      )
    ).id;
  const teamWebhook = await teamHook();
  const teamTested = await ok<{ id: string }>(
    await call("POST", `/api/teams/${team.id}/webhooks/${teamWebhook}/test`, as(user)),
  );
  // The user's calendar connections (as POST /api/calendars stores them, without a server to ask).
  const connection = async () => {
    const [row] =
      await db`insert into calendar_connections (user_id, type, name, url) values (${user.id}, 'ics', 'Matrix feed', 'https://feeds.example.test/x.ics') returning id`;
    const [cal] =
      await db`insert into external_calendars (connection_id, user_id, external_id, name) values (${row.id}, ${user.id}, 'feed', 'Matrix') returning id`;
    return { id: row.id as string, calendar: cal.id as string };
  };
  const calendarConnection = await connection();
  // The user's absences, far ahead so no cell's slots or bookings meet them.
  const routingForm = async () =>
    (
      await ok<{ id: string }>(
        await call("POST", "/api/routing-forms", { ...as(user), json: { name: "Matrix", ...ROUTING_DEFINITION } }),
        201,
      )
    ).id;
  const absence = async (days: number) =>
    (
      await ok<{ id: string }>(
        await call("POST", "/api/out-of-office", {
          ...as(user),
          json: { start: at(days, "00:00"), end: at(days + 1, "00:00") },
        }),
        201,
      )
    ).id;

  const workflow = async () =>
    (
      await ok<{ id: string }>(
        await call("POST", "/api/workflows", {
          ...as(user),
          json: { name: "Matrix", eventTypeIds: [], trigger: "booked", actions: [{ type: "bell", body: "Booked" }] },
        }),
        201,
      )
    ).id;

  f = {
    user,
    user2,
    pro,
    admin,
    target,
    username,
    slug: "matrix",
    event: event._id,
    eventPast: eventPast._id,
    eventPast2: eventPast2._id,
    eventType: eventType._id,
    eventTypeDel: eventTypeDel._id,
    eventTypePage: eventTypePage._id,
    link: link.id as string,
    schedule: schedule._id,
    scheduleDel: scheduleDel._id,
    schedulePage: schedulePage._id,
    booking: booked.booking.id,
    bookingToken,
    token2: token2.id as string,
    teamRow: teamRow.id as string,
    teamToken: decodeURIComponent(teamToken),
    teamInvitationResend: await teamInvite(),
    teamInvitationDel: await teamInvite(),
    team: team.id,
    teamSlug: team.slug,
    teamMember: teamMembers[0],
    teamMemberDel: teamMembers[1],
    teamWebhook,
    teamWebhookDel: await teamHook(),
    teamWebhookPage: await teamHook(),
    teamWebhookDelivery: teamTested.id,
    teamEventType,
    teamEventTypeSlug: "matrix-team",
    teamEventTypeDel,
    teamEventTypePage,
    pkg: pkg._id,
    pkgDel: pkgDel._id,
    pkgPage: pkgPage._id,
    record: await record(),
    recordPage: await record(),
    webhook,
    webhookDel: await hook(),
    webhookPage: await hook(),
    webhookDelivery: tested.id,
    calendarConnection: calendarConnection.id,
    calendar: calendarConnection.calendar,
    calendarConnectionDel: (await connection()).id,
    calendarConnectionPage: (await connection()).id,
    absence: await absence(300),
    absenceDel: await absence(302),
    workflow: await workflow(),
    workflowDel: await workflow(),
    absencePage: await absence(304),
    routingForm: await routingForm(),
    routingFormDel: await routingForm(),
  };
});

let jsonCalls = 0;

async function run(cell: Cell, actor: ActorName): Promise<Response> {
  const who = actor === "visitor" ? null : f[actor];
  const target = cell.path(f);
  if (cell.operation && !cell.session) {
    // Both servers in turn: each counts an account's calls per minute in its own process
    // (decision 042), and one actor's JSON cells outnumber one server's budget.
    jsonCalls += 1;
    return call(cell.method, target, {
      token: who?.token,
      json: cell.json?.(f),
      body: cell.body?.(),
      server: jsonCalls % 2,
    });
  }
  const c = who?.c ?? new HttpClient(f.user.c.baseUrl, { "x-forwarded-for": freshIp() });
  if (cell.form) return c.post(target, cell.form(f));
  const body = cell.json ? JSON.stringify(cell.json(f)) : undefined;
  return c.request(target, {
    method: cell.method,
    body,
    headers: { origin: c.baseUrl, ...(body ? { "content-type": "application/json" } : {}) },
  });
}

/** A route module's file name in app/routes: not a route's NAME.server.ts (remix.config.js ignores those). */
const ROUTE_FILE = /^(?!.*\.server\.ts$).*\.(tsx?|jsx?)$/;

describe("authorization matrix", () => {
  it("lists every page route and every JSON operation", async () => {
    // Route modules: the files in app/routes and the route folders' route.tsx (the pieces beside it are no
    // routes, nor a route's NAME.server.ts: remix.config.js ignores them, decision 122).
    const routesDir = path.resolve(__dirname, "../../app/routes");
    const files = fs.readdirSync(routesDir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.isFile()) return ROUTE_FILE.test(entry.name) ? [entry.name] : [];
      if (!entry.isDirectory()) return [];
      const route = fs.readdirSync(path.join(routesDir, entry.name)).find((name) => /^route\.(tsx?|jsx?)$/.test(name));
      return route ? [`${entry.name}/${route}`] : [];
    });
    const listed = new Set(CELLS.flatMap((c) => c.files));
    expect(
      files.filter((name) => !listed.has(name)),
      "routes the matrix does not list",
    ).toEqual([]);
    expect(
      [...listed].filter((name) => !files.includes(name)),
      "listed routes that do not exist",
    ).toEqual([]);

    const doc = (await (await call("GET", "/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item)
        .filter((m) => ["get", "post", "put", "delete", "patch"].includes(m))
        .map((m) => `${m} ${p}`),
    );
    const covered = new Set(CELLS.map((c) => c.operation).filter(Boolean));
    expect(
      operations.filter((op) => !covered.has(op)),
      "JSON operations the matrix does not list",
    ).toEqual([]);
    expect(
      [...covered].filter((op) => !operations.includes(op as string)),
      "listed operations the OpenAPI document lacks",
    ).toEqual([]);
  });

  // The cells in five parts, in this order (each with its own time budget): the refusals, reads
  // then writes (each refused write checked against the database), then what is allowed, reads
  // then writes, the destructive allowed cells last.
  const tally = { cells: 0, refusedWrites: 0, unexpectedAllows: 0 };
  const check = async (cell: Cell, index: number, mismatches: string[]) => {
    const expected = cell.expect[index];
    const actor = ACTORS[index];
    const write = cell.method !== "GET";
    const refusal = expected !== "allow";
    const before = write && refusal ? await fingerprint() : null;
    const res = await run(cell, actor);
    const actual = classify(res);
    await res.body?.cancel();
    tally.cells += 1;
    if (!matches(expected, actual)) {
      mismatches.push(`${cell.name} ${cell.path(f)} as ${actor}: expected ${expected}, got ${actual} (${res.status})`);
      if (refusal && (actual === "allow" || actual.startsWith("redirect:"))) tally.unexpectedAllows += 1;
    }
    if (before !== null) {
      tally.refusedWrites += 1;
      const tables = changed(before, await fingerprint());
      if (tables) mismatches.push(`${cell.name} as ${actor}: a refused write changed ${tables}`);
    }
  };
  const parts: Array<[string, (cell: Cell, index: number) => boolean]> = [
    ["refused reads", (cell, i) => cell.expect[i] !== "allow" && cell.method === "GET"],
    ["refused writes, the database unchanged", (cell, i) => cell.expect[i] !== "allow" && cell.method !== "GET"],
    ["allowed reads", (cell, i) => cell.expect[i] === "allow" && !cell.destructive && cell.method === "GET"],
    ["allowed writes", (cell, i) => cell.expect[i] === "allow" && !cell.destructive && cell.method !== "GET"],
    ["allowed and destructive", (cell, i) => cell.expect[i] === "allow" && Boolean(cell.destructive)],
  ];
  for (const [name, picks] of parts) {
    it(`every cell answers as expected: ${name}`, async () => {
      const mismatches: string[] = [];
      for (const cell of CELLS)
        for (let i = 0; i < ACTORS.length; i += 1) if (picks(cell, i)) await check(cell, i, mismatches);
      expect(mismatches).toEqual([]);
    }, 240_000);
  }

  it("every cell was checked, with no unexpected allow", () => {
    console.log(
      `authorization matrix: ${CELLS.length} requests x ${ACTORS.length} actors = ${tally.cells} cells, ${tally.refusedWrites} refused writes checked against the database, ${tally.unexpectedAllows} unexpected allows`,
    );
    expect(tally.cells).toBe(CELLS.length * ACTORS.length);
    expect(tally.unexpectedAllows).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The team roles (decisions 057, 062): every path of one team, as its owner, an admin, a member
// and someone outside it. The booking cells act on bookings another member hosts (through the
// team's event types), so "member" is never their host.

type TeamActor = "owner" | "admin" | "member" | "outsider";
const TEAM_ACTORS: TeamActor[] = ["owner", "admin", "member", "outsider"];
type TeamRow = [Outcome, Outcome, Outcome, Outcome];
/** Owners and admins; a member is refused (403); outsiders do not learn the team exists (404). */
const MANAGERS: TeamRow = ["allow", "allow", "403", "404"];
/** Any member reads; outsiders 404. */
const MEMBERS: TeamRow = ["allow", "allow", "allow", "404"];
/** A member's booking: its team's owners and admins act on it as its host; another member and an outsider find nothing. */
const AS_HOST: TeamRow = ["allow", "allow", "404", "404"];

interface TeamFixtures {
  cast: TeamCast;
  plain: Account; // the "member" actor: on the team, hosting nothing used here
  team: string;
  hostMember: string; // hosts the bookings below
  removable: Record<"owner" | "admin", string>; // members removed by each manager
  invitation: string; // resent
  invitationDel: Record<"owner" | "admin", string>; // withdrawn by each manager
  eventType: string; // a round-robin event type of the team (decision 059)
  eventTypeDel: Record<"owner" | "admin", string>; // deleted over JSON by each manager
  eventTypePageDel: Record<"owner" | "admin", string>; // deleted on its page by each manager
  booking: string; // moved, then cancelled
  bookingPage: string; // cancelled on Scheduled Events
  pending: string; // approved
  pendingDecline: string; // declined
  hook: string;
  hookDelivery: string;
  hookDel: Record<"owner" | "admin", string>;
  hookPageDel: Record<"owner" | "admin", string>;
}

interface TeamCell {
  name: string;
  files: string[];
  operation?: string;
  method: string;
  path: (t: TeamFixtures, actor: TeamActor) => string;
  form?: (t: TeamFixtures, actor: TeamActor) => Record<string, string>;
  json?: (t: TeamFixtures) => unknown;
  /** Another body (a multipart upload, decision 112), sent as is. */
  body?: () => BodyInit;
  expect: TeamRow;
  destructive?: boolean;
}

const teamPage = (
  method: string,
  file: string,
  p: TeamCell["path"],
  expect: TeamRow,
  extra: Partial<TeamCell> = {},
): TeamCell => ({ name: `${method} ${file}`, files: [file], method, path: p, expect, ...extra });
const teamApi = (
  method: string,
  template: string,
  file: string,
  p: TeamCell["path"],
  expect: TeamRow,
  extra: Partial<TeamCell> = {},
): TeamCell => ({
  name: `${method} ${template}`,
  files: [file],
  operation: `${method.toLowerCase()} ${template}`,
  method,
  path: p,
  expect,
  ...extra,
});
const manager = (actor: TeamActor): "owner" | "admin" => (actor === "admin" ? "admin" : "owner");
const freshEmail = () => `mxt-${crypto.randomUUID().slice(0, 8)}@example.test`;

const TEAM_CELLS: TeamCell[] = [
  // Decision 057's paths.
  teamPage("GET", "dashboard.teams_.$id/route.tsx", (t) => `/dashboard/teams/${t.team}`, MEMBERS),
  teamPage("POST", "dashboard.teams_.$id/route.tsx", (t) => `/dashboard/teams/${t.team}`, MANAGERS, {
    form: (t) => ({ intent: "resend", id: t.invitation }),
  }),
  teamApi(
    "GET",
    "/api/teams/{id}/members",
    "api.teams_.$id_.members.ts",
    (t) => `/api/teams/${t.team}/members`,
    MEMBERS,
  ),
  teamApi(
    "POST",
    "/api/teams/{id}/invitations",
    "api.teams_.$id_.invitations.ts",
    (t) => `/api/teams/${t.team}/invitations`,
    MANAGERS,
    { json: () => ({ email: freshEmail(), role: "member" }) },
  ),
  teamApi(
    "GET",
    "/api/teams/{id}/invitations",
    "api.teams_.$id_.invitations.ts",
    (t) => `/api/teams/${t.team}/invitations`,
    MANAGERS,
  ),
  teamApi(
    "POST",
    "/api/teams/{id}/invitations/{invitationId}/resend",
    "api.teams_.$id_.invitations_.$invitationId_.resend.ts",
    (t) => `/api/teams/${t.team}/invitations/${t.invitation}/resend`,
    MANAGERS,
  ),
  teamApi(
    "DELETE",
    "/api/teams/{id}/invitations/{invitationId}",
    "api.teams_.$id_.invitations_.$invitationId.ts",
    (t, actor) => `/api/teams/${t.team}/invitations/${t.invitationDel[manager(actor)]}`,
    MANAGERS,
    { destructive: true },
  ),
  // Decision 059: the team's event types.
  teamApi(
    "GET",
    "/api/teams/{id}/event-types",
    "api.teams_.$id_.event-types.ts",
    (t) => `/api/teams/${t.team}/event-types`,
    MEMBERS,
  ),
  teamApi(
    "POST",
    "/api/teams/{id}/event-types",
    "api.teams_.$id_.event-types.ts",
    (t) => `/api/teams/${t.team}/event-types`,
    MANAGERS,
    { json: () => ({ title: "" }) },
  ),
  teamApi(
    "GET",
    "/api/teams/{id}/event-types/{eventTypeId}",
    "api.teams_.$id_.event-types_.$eventTypeId.ts",
    (t) => `/api/teams/${t.team}/event-types/${t.eventType}`,
    MEMBERS,
  ),
  teamApi(
    "PUT",
    "/api/teams/{id}/event-types/{eventTypeId}",
    "api.teams_.$id_.event-types_.$eventTypeId.ts",
    (t) => `/api/teams/${t.team}/event-types/${t.eventType}`,
    MANAGERS,
    { json: () => ({ title: "" }) },
  ),
  teamApi(
    "DELETE",
    "/api/teams/{id}/event-types/{eventTypeId}",
    "api.teams_.$id_.event-types_.$eventTypeId.ts",
    (t, actor) => `/api/teams/${t.team}/event-types/${t.eventTypeDel[manager(actor)]}`,
    MANAGERS,
    { destructive: true },
  ),
  teamPage(
    "GET",
    "dashboard.teams_.$id_.event-types.$eventTypeId/route.tsx",
    (t) => `/dashboard/teams/${t.team}/event-types/new`,
    MANAGERS,
  ),
  teamPage(
    "GET",
    "dashboard.teams_.$id_.event-types.$eventTypeId/route.tsx",
    (t) => `/dashboard/teams/${t.team}/event-types/${t.eventType}`,
    MANAGERS,
  ),
  teamPage(
    "POST",
    "dashboard.teams_.$id_.event-types.$eventTypeId/route.tsx",
    (t) => `/dashboard/teams/${t.team}/event-types/new`,
    MANAGERS,
    { form: () => ({ title: "", kind: "collective" }) },
  ),
  teamPage(
    "POST",
    "dashboard.teams_.$id_.event-types.$eventTypeId/route.tsx",
    (t, actor) => `/dashboard/teams/${t.team}/event-types/${t.eventTypePageDel[manager(actor)]}`,
    MANAGERS,
    { form: () => ({ intent: "delete" }), destructive: true },
  ),
  teamApi(
    "PATCH",
    "/api/teams/{id}/members/{userId}",
    "api.teams_.$id_.members_.$userId.ts",
    (t) => `/api/teams/${t.team}/members/${t.hostMember}`,
    MANAGERS,
    { json: () => ({ role: "member" }) },
  ),
  teamApi(
    "DELETE",
    "/api/teams/{id}/members/{userId}",
    "api.teams_.$id_.members_.$userId.ts",
    (t, actor) => `/api/teams/${t.team}/members/${t.removable[manager(actor)]}`,
    MANAGERS,
    { destructive: true },
  ),
  // Decision 074: members' attributes for routing forms.
  teamApi(
    "PUT",
    "/api/teams/{id}/members/{userId}/attributes",
    "api.teams_.$id_.members_.$userId_.attributes.ts",
    (t) => `/api/teams/${t.team}/members/${t.hostMember}/attributes`,
    MANAGERS,
    { json: () => ({ region: "emea" }) },
  ),
  // The team and its brand colour (decision 108): members read, owners and admins set.
  teamApi("GET", "/api/teams/{id}", "api.teams_.$id.ts", (t) => `/api/teams/${t.team}`, MEMBERS),
  teamApi("PATCH", "/api/teams/{id}", "api.teams_.$id.ts", (t) => `/api/teams/${t.team}`, MANAGERS, {
    json: () => ({ brandColor: "#ffff00" }),
  }),
  // The team's logo (decision 112): owners and admins; a member 403, an outsider 404.
  teamPage("GET", "dashboard.teams_.$id_.logo.tsx", (t) => `/dashboard/teams/${t.team}/logo`, MANAGERS),
  teamPage("POST", "dashboard.teams_.$id_.logo.tsx", (t) => `/dashboard/teams/${t.team}/logo`, MANAGERS, {
    form: () => ({ intent: "remove" }),
  }),
  teamApi("POST", "/api/teams/{id}/logo", "api.teams_.$id_.logo.ts", (t) => `/api/teams/${t.team}/logo`, MANAGERS, {
    body: notAnImage,
  }),
  teamApi("DELETE", "/api/teams/{id}/logo", "api.teams_.$id_.logo.ts", (t) => `/api/teams/${t.team}/logo`, MANAGERS),
  // The same attributes on the team page: the form (a GET with ?attributes=) and its post.
  teamPage(
    "GET",
    "dashboard.teams_.$id/route.tsx",
    (t) => `/dashboard/teams/${t.team}?attributes=${t.hostMember}`,
    MANAGERS,
  ),
  teamPage("POST", "dashboard.teams_.$id/route.tsx", (t) => `/dashboard/teams/${t.team}`, MANAGERS, {
    form: (t) => ({ intent: "attributes", id: t.hostMember, name: "region", value: "emea" }),
  }),
  // Decision 062: the team's bookings.
  teamApi(
    "GET",
    "/api/teams/{id}/bookings",
    "api.teams_.$id_.bookings.ts",
    (t) => `/api/teams/${t.team}/bookings`,
    MANAGERS,
  ),
  teamPage(
    "GET",
    "dashboard.scheduledEvents/route.tsx",
    (t) => `/dashboard/scheduledEvents?team=${t.team}&member=${t.hostMember}`,
    MANAGERS,
  ),
  teamPage("POST", "dashboard.scheduledEvents/route.tsx", (t) => `/dashboard/scheduledEvents?team=${t.team}`, AS_HOST, {
    form: (t) => ({ intent: "cancel", eventId: t.bookingPage, reason: "Matrix" }),
    destructive: true,
  }),
  teamPage(
    "GET",
    "dashboard.scheduledEvents_.$id.timeline.tsx",
    (t) => `/dashboard/scheduledEvents/${t.booking}/timeline`,
    AS_HOST,
  ),
  teamPage(
    "GET",
    "dashboard.scheduledEvents_.$id._index.tsx",
    (t) => `/dashboard/scheduledEvents/${t.booking}`,
    AS_HOST,
  ),
  // Decision 079: the team's insights and export.
  teamApi("GET", "/api/insights", "api.insights.ts", (t) => `/api/insights?teamId=${t.team}`, MANAGERS),
  teamApi(
    "GET",
    "/api/bookings/export",
    "api.bookings_.export.ts",
    (t) => `/api/bookings/export?teamId=${t.team}&member=${t.hostMember}`,
    MANAGERS,
  ),
  teamPage("GET", "dashboard.insights.tsx", (t) => `/dashboard/insights?teamId=${t.team}`, MANAGERS),
  teamApi(
    "POST",
    "/api/bookings/{id}/reschedule",
    "api.bookings_.$id.reschedule.ts",
    (t) => `/api/bookings/${t.booking}/reschedule`,
    AS_HOST,
    { json: () => ({ start: at(22, "10:00") }) },
  ),
  teamApi(
    "POST",
    "/api/bookings/{id}/cancel",
    "api.bookings_.$id.cancel.ts",
    (t) => `/api/bookings/${t.booking}/cancel`,
    AS_HOST,
    { json: () => ({ reason: "Matrix" }), destructive: true },
  ),
  teamApi(
    "POST",
    "/api/bookings/{id}/approve",
    "api.bookings_.$id.approve.ts",
    (t) => `/api/bookings/${t.pending}/approve`,
    AS_HOST,
  ),
  teamApi(
    "POST",
    "/api/bookings/{id}/decline",
    "api.bookings_.$id.decline.ts",
    (t) => `/api/bookings/${t.pendingDecline}/decline`,
    AS_HOST,
    { json: () => ({}) },
  ),
  // Decision 062: the team's webhooks.
  teamApi(
    "GET",
    "/api/teams/{id}/webhooks",
    "api.teams_.$id_.webhooks.ts",
    (t) => `/api/teams/${t.team}/webhooks`,
    MANAGERS,
  ),
  teamApi(
    "POST",
    "/api/teams/{id}/webhooks",
    "api.teams_.$id_.webhooks.ts",
    (t) => `/api/teams/${t.team}/webhooks`,
    MANAGERS,
    {
      json: () => ({ url: "", events: [] }),
    },
  ),
  teamApi(
    "GET",
    "/api/teams/{id}/webhooks/{webhookId}",
    "api.teams_.$id_.webhooks_.$webhookId.ts",
    (t) => `/api/teams/${t.team}/webhooks/${t.hook}`,
    MANAGERS,
  ),
  teamApi(
    "PATCH",
    "/api/teams/{id}/webhooks/{webhookId}",
    "api.teams_.$id_.webhooks_.$webhookId.ts",
    (t) => `/api/teams/${t.team}/webhooks/${t.hook}`,
    MANAGERS,
    { json: () => ({ events: ["booking.created", "booking.cancelled"] }) },
  ),
  teamApi(
    "DELETE",
    "/api/teams/{id}/webhooks/{webhookId}",
    "api.teams_.$id_.webhooks_.$webhookId.ts",
    (t, actor) => `/api/teams/${t.team}/webhooks/${t.hookDel[manager(actor)]}`,
    MANAGERS,
    { destructive: true },
  ),
  teamApi(
    "POST",
    "/api/teams/{id}/webhooks/{webhookId}/test",
    "api.teams_.$id_.webhooks_.$webhookId_.test/route.ts",
    (t) => `/api/teams/${t.team}/webhooks/${t.hook}/test`,
    MANAGERS,
  ),
  teamApi(
    "GET",
    "/api/teams/{id}/webhooks/{webhookId}/deliveries",
    "api.teams_.$id_.webhooks_.$webhookId_.deliveries.ts",
    (t) => `/api/teams/${t.team}/webhooks/${t.hook}/deliveries`,
    MANAGERS,
  ),
  teamApi(
    "POST",
    "/api/teams/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/resend",
    "api.teams_.$id_.webhooks_.$webhookId_.deliveries_.$deliveryId.resend.ts",
    (t) => `/api/teams/${t.team}/webhooks/${t.hook}/deliveries/${t.hookDelivery}/resend`,
    MANAGERS,
  ),
  teamPage("GET", "dashboard.teams_.$id_.webhooks/route.tsx", (t) => `/dashboard/teams/${t.team}/webhooks`, MANAGERS),
  teamPage("POST", "dashboard.teams_.$id_.webhooks/route.tsx", (t) => `/dashboard/teams/${t.team}/webhooks`, MANAGERS, {
    form: (t) => ({ intent: "test", id: t.hook }),
  }),
  teamPage("POST", "dashboard.teams_.$id_.webhooks/route.tsx", (t) => `/dashboard/teams/${t.team}/webhooks`, MANAGERS, {
    form: () => ({ intent: "create", url: "" }),
  }),
  teamPage(
    "GET",
    "dashboard.teams_.$id_.webhooks_.$webhookId/route.tsx",
    (t) => `/dashboard/teams/${t.team}/webhooks/${t.hook}`,
    MANAGERS,
  ),
  teamPage(
    "POST",
    "dashboard.teams_.$id_.webhooks_.$webhookId/route.tsx",
    (t) => `/dashboard/teams/${t.team}/webhooks/${t.hook}`,
    MANAGERS,
    { form: (t) => ({ intent: "resend", deliveryId: t.hookDelivery }) },
  ),
  // Per manager: the owner deletes one, the admin another (each is gone after).
  teamPage("POST", "dashboard.teams_.$id_.webhooks/route.tsx", (t) => `/dashboard/teams/${t.team}/webhooks`, MANAGERS, {
    form: (t, actor) => ({ intent: "delete", id: t.hookPageDel[manager(actor)] }),
    destructive: true,
  }),
];

let t: TeamFixtures;

describe("authorization matrix: team roles", () => {
  beforeAll(async () => {
    const cast = await teamCast(call, db, account, "mxt");
    const extra = async (prefix: string) => {
      const person = await account(prefix);
      await join(call, db, cast.team.id, cast.owner, person, "member");
      return person;
    };
    const plain = await extra("mxt-plain");
    const removable = { owner: (await extra("mxt-rm-owner")).id, admin: (await extra("mxt-rm-admin")).id };
    const invitation = await ok<{ id: string }>(
      await call("POST", `/api/teams/${cast.team.id}/invitations`, {
        token: cast.owner.token,
        json: { email: freshEmail() },
      }),
      201,
    );
    const typeId = await teamEventType(call, db, cast);
    const invite = async () =>
      (
        await ok<{ id: string }>(
          await call("POST", `/api/teams/${cast.team.id}/invitations`, {
            token: cast.owner.token,
            json: { email: freshEmail() },
          }),
          201,
        )
      ).id;
    const doomedType = async () => teamEventType(call, db, cast, { title: "Doomed" });
    const vettedId = await teamEventType(call, db, cast, { title: "Vetted", requiresApproval: true });
    const booking = await bookAt(call, typeId, at(20, "10:00"));
    const bookingPage = await bookAt(call, typeId, at(21, "10:00"));
    const pending = await bookAt(call, vettedId, at(20, "12:00"));
    const pendingDecline = await bookAt(call, vettedId, at(21, "12:00"));
    const hook = async () =>
      (
        await ok<{ id: string }>(
          await call("POST", `/api/teams/${cast.team.id}/webhooks`, {
            token: cast.admin.token,
            json: { url: "http://127.0.0.1:9/matrix-roles", events: ["booking.created"] },
          }),
          201,
        )
      ).id;
    const main = await hook();
    const tested = await ok<{ id: string }>(
      await call("POST", `/api/teams/${cast.team.id}/webhooks/${main}/test`, { token: cast.owner.token }),
    );
    t = {
      cast,
      plain,
      team: cast.team.id,
      hostMember: cast.member.id,
      removable,
      invitation: invitation.id,
      invitationDel: { owner: await invite(), admin: await invite() },
      eventType: typeId,
      eventTypeDel: { owner: await doomedType(), admin: await doomedType() },
      eventTypePageDel: { owner: await doomedType(), admin: await doomedType() },
      booking: booking.id,
      bookingPage: bookingPage.id,
      pending: pending.id,
      pendingDecline: pendingDecline.id,
      hook: main,
      hookDelivery: tested.id,
      hookDel: { owner: await hook(), admin: await hook() },
      hookPageDel: { owner: await hook(), admin: await hook() },
    };
    expect(await db`select host_id from events where id in (${booking.id}, ${pending.id})`).toEqual([
      { host_id: cast.member.id },
      { host_id: cast.member.id },
    ]);
  });

  function who(actor: TeamActor): Account {
    return actor === "member" ? t.plain : t.cast[actor];
  }

  async function runTeam(cell: TeamCell, actor: TeamActor): Promise<Response> {
    const person = who(actor);
    const target = cell.path(t, actor);
    if (cell.operation)
      return call(cell.method, target, { token: person.token, json: cell.json?.(t), body: cell.body?.() });
    if (cell.method === "POST") return person.c.post(target, cell.form?.(t, actor) ?? {});
    return person.c.get(target);
  }

  it("lists every path of a team (its pages and JSON operations)", async () => {
    const routesDir = path.resolve(__dirname, "../../app/routes");
    const teamRoutes = fs
      .readdirSync(routesDir, { withFileTypes: true })
      .filter((e) => /^(api|dashboard)\.teams_\.\$id(_|\/|\.|$)/.test(e.name))
      .filter((e) => e.isDirectory() || ROUTE_FILE.test(e.name))
      .map((e) =>
        e.isDirectory()
          ? `${e.name}/${fs.readdirSync(path.join(routesDir, e.name)).find((n) => /^route\.(tsx?|jsx?)$/.test(n))}`
          : e.name,
      );
    const listed = new Set(TEAM_CELLS.flatMap((c) => c.files));
    expect(teamRoutes.filter((name) => !listed.has(name))).toEqual([]);
    const doc = (await (await call("GET", "/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith("/api/teams/{id}"))
      .flatMap(([p, item]) =>
        Object.keys(item)
          .filter((m) => ["get", "post", "put", "delete", "patch"].includes(m))
          .map((m) => `${m} ${p}`),
      );
    const covered = new Set(TEAM_CELLS.map((c) => c.operation).filter(Boolean));
    expect(operations.filter((op) => !covered.has(op))).toEqual([]);
  });

  it("every cell answers as expected for owner, admin, member and outsider; refused writes change nothing", async () => {
    const mismatches: string[] = [];
    let cells = 0;
    const check = async (cell: TeamCell, index: number) => {
      const expected = cell.expect[index];
      const actor = TEAM_ACTORS[index];
      const refusal = expected !== "allow";
      const before = cell.method !== "GET" && refusal ? await fingerprint() : null;
      const res = await runTeam(cell, actor);
      const actual = classify(res);
      await res.body?.cancel();
      cells += 1;
      if (!matches(expected, actual))
        mismatches.push(
          `${cell.name} ${cell.path(t, actor)} as ${actor}: expected ${expected}, got ${actual} (${res.status})`,
        );
      const tables = before === null ? "" : changed(before, await fingerprint());
      if (tables) mismatches.push(`${cell.name} as ${actor}: a refused write changed ${tables}`);
    };
    for (const cell of TEAM_CELLS)
      for (let i = 0; i < TEAM_ACTORS.length; i += 1) if (cell.expect[i] !== "allow") await check(cell, i);
    for (const cell of TEAM_CELLS.filter((c) => !c.destructive))
      for (let i = 0; i < TEAM_ACTORS.length; i += 1) if (cell.expect[i] === "allow") await check(cell, i);
    for (const cell of TEAM_CELLS.filter((c) => c.destructive))
      for (let i = 0; i < TEAM_ACTORS.length; i += 1) if (cell.expect[i] === "allow") await check(cell, i);
    console.log(
      `authorization matrix, team roles: ${TEAM_CELLS.length} requests x ${TEAM_ACTORS.length} roles = ${cells} cells`,
    );
    expect(cells).toBe(TEAM_CELLS.length * TEAM_ACTORS.length);
    expect(mismatches).toEqual([]);
    // The allowed destructive cells did their work.
    const [row] = await db`select status from events where id = ${t.bookingPage}`;
    expect(row.status).toBe("cancelled");
    expect(
      await db`select id from webhook_subscriptions where id in (${t.hookDel.owner}, ${t.hookDel.admin}, ${t.hookPageDel.owner}, ${t.hookPageDel.admin})`,
    ).toEqual([]);
    const doomed = [...Object.values(t.eventTypeDel), ...Object.values(t.eventTypePageDel)];
    expect(await db`select id from event_types where id in ${db(doomed)}`).toEqual([]);
    const withdrawn = Object.values(t.invitationDel);
    expect(await db`select id from team_invitations where id in ${db(withdrawn)}`).toEqual([]);
  }, 240_000);
});
