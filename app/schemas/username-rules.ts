// What a username may be, without zod: the browser needs these (embeds, booking links)
// on pages that validate nothing, and the schema in username.ts builds on them.

/**
 * Booking-link handles live at the top level (`/{username}`), so a username must never
 * shadow a route of ours, a JSON API path, or a name people would mistake for the site.
 * Compared lower-case (Remix matches routes case-insensitively).
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  // pages and resource routes
  "about",
  "admin",
  "admindashboard",
  "api",
  "auth",
  "avatars",
  "book",
  "booking",
  "calendar",
  "calendars",
  "bookings",
  "contact",
  "dashboard",
  "eventtype",
  "eventtypes",
  "forgot-password",
  "forms",
  "group-meeting",
  "healthz",
  "host-logos",
  "scim",
  "webauthn",
  "home",
  "index",
  "login",
  "logout",
  "notifications",
  "one-to-one",
  "payment",
  "payments",
  "pricing",
  "profile",
  "reset-password",
  "settings",
  "signin",
  "signout",
  "signup",
  "stripe",
  "team",
  "team-logos",
  "teams",
  "theme",
  "webhooks",
  // the JSON API's paths
  "create-payment-intent",
  "event",
  "events",
  "packages",
  "professional",
  "reviews",
  "users",
  // static files and infrastructure
  "assets",
  "build",
  "favicon",
  "robots",
  "sitemap",
  "images",
  "public",
  "static",
  "www",
  // names people would take for the site itself
  "help",
  "root",
  "scheduler",
  "support",
  "system",
]);

export const USERNAME_MESSAGES = {
  required: "Choose a username.",
  tooShort: "Use at least 3 characters.",
  tooLong: "Use at most 30 characters.",
  startWithLetter: "Start with a letter.",
  characters: "Use only lower-case letters, digits and hyphens.",
  hyphens: "Put hyphens only between letters or digits.",
  reserved: "That username is reserved.",
  taken: "That username is taken.",
} as const;

export function isReservedUsername(value: string): boolean {
  return RESERVED_USERNAMES.has(value.toLowerCase());
}

/** The public booking-page address for a username. */
export function bookingLink(origin: string, username: string): string {
  return `${origin.replace(/\/+$/, "")}/${username}`;
}
