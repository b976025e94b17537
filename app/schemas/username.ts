import { z } from "zod";

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
  "book",
  "booking",
  "bookings",
  "contact",
  "dashboard",
  "eventtype",
  "eventtypes",
  "group-meeting",
  "healthz",
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
  "settings",
  "signin",
  "signout",
  "signup",
  "stripe",
  "teams",
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

/**
 * 3-30 lower-case letters, digits and hyphens, starting with a letter, no leading, trailing
 * or doubled hyphen, not reserved. What people type is trimmed and lower-cased first.
 * Uniqueness is the database's job (users_username_key).
 */
export const usernameSchema = z
  .string({ error: USERNAME_MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, USERNAME_MESSAGES.required)
  .superRefine((value, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", message });
    if (value.length < 3) return issue(USERNAME_MESSAGES.tooShort);
    if (value.length > 30) return issue(USERNAME_MESSAGES.tooLong);
    if (!/^[a-z]/.test(value)) return issue(USERNAME_MESSAGES.startWithLetter);
    if (!/^[a-z0-9-]+$/.test(value)) return issue(USERNAME_MESSAGES.characters);
    if (/--|-$/.test(value)) return issue(USERNAME_MESSAGES.hyphens);
    if (isReservedUsername(value)) return issue(USERNAME_MESSAGES.reserved);
  });

/** The public booking-page address for a username. */
export function bookingLink(origin: string, username: string): string {
  return `${origin.replace(/\/+$/, "")}/${username}`;
}
