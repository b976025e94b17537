import { count, eq } from "drizzle-orm";
import type { Database } from "./client";
import {
  eventInvitees,
  eventTypes,
  events,
  notifications,
  packages,
  professionals,
  reviews,
  schedules,
  users,
  type NewPackage,
} from "./schema";

const ACCESS_TYPE = "Connect to Google, Office 365, Outlook, and iCloud calendars";

/** The catalogue every empty database starts with, whatever SEED_DEMO says. */
export const CATALOG_PACKAGES: NewPackage[] = [
  {
    name: "Basic",
    priceCents: 0,
    calender: 1,
    activeEvent: "3",
    oneToOne: "Unlimited",
    goupEvent: "Unlimited",
    notificationStatus: "Only on site",
    accessType: ACCESS_TYPE,
  },
  {
    name: "Standard",
    priceCents: 1000,
    calender: 5,
    activeEvent: "Unlimited",
    oneToOne: "Unlimited",
    goupEvent: "Unlimited",
    notificationStatus: "On site and Email",
    accessType: ACCESS_TYPE,
  },
  {
    name: "Enterprise",
    priceCents: 2000,
    calender: 10,
    activeEvent: "Unlimited",
    oneToOne: "Unlimited",
    goupEvent: "Unlimited",
    notificationStatus: "On site and Email",
    accessType: ACCESS_TYPE,
  },
];

export async function seedCatalog(db: Database): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(packages);
  if (n === 0) await db.insert(packages).values(CATALOG_PACKAGES);
}

export interface DemoAccount {
  role: "admin" | "professional" | "user";
  email: string;
  password: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: "admin", email: "admin@example.com", password: "demo-admin-2026" },
  { role: "professional", email: "pro@example.com", password: "demo-pro-2026" },
  { role: "user", email: "host@example.com", password: "demo-host-2026" },
];

const DEMO_NAMES: Record<DemoAccount["role"], string> = {
  admin: "Avery Admin",
  professional: "Priya Professional",
  user: "Hugo Host",
};

const DEMO_WORKING_HOURS = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));

/** Booking-link handles; each must pass app/schemas/username.ts ("admin" is reserved). */
export const DEMO_USERNAMES: Record<DemoAccount["role"], string> = {
  admin: "site-admin",
  professional: "pro",
  user: "host",
};

/** Demo people and content, only on a database without any user. Returns the accounts. */
/**
 * What the demo seed takes from the app, which calls it at start-up (app/server/db.server.ts):
 * the database layer imports nothing from app/.
 */
export interface DemoSeedTools {
  /** The app's password hash, so the demo accounts can sign in. */
  hashPassword(password: string): Promise<string>;
  /** When a professional status paid at `now` ends. */
  professionalUntil(now: Date): Date;
}

export async function seedDemo(db: Database, tools: DemoSeedTools, now = new Date()): Promise<DemoAccount[]> {
  const { hashPassword } = tools;
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return DEMO_ACCOUNTS;

  const created = await db
    .insert(users)
    .values(
      await Promise.all(
        DEMO_ACCOUNTS.map(async (a) => ({
          email: a.email,
          name: DEMO_NAMES[a.role],
          username: DEMO_USERNAMES[a.role],
          role: a.role,
          passwordHash: await hashPassword(a.password),
          timeZone: "America/New_York",
        })),
      ),
    )
    .returning();
  const byRole = Object.fromEntries(created.map((u) => [u.role, u])) as Record<
    DemoAccount["role"],
    (typeof created)[0]
  >;

  await db.insert(professionals).values({
    userId: byRole.professional.id,
    name: byRole.professional.name,
    email: byRole.professional.email,
    transactionId: "demo_pi_seed",
    pack: "Standard",
    amountCents: 1000,
    issuedAt: now,
  });
  await db
    .update(users)
    .set({ professionalUntil: tools.professionalUntil(now) })
    .where(eq(users.id, byRole.professional.id));

  // Each demo host can be booked at once: working hours (Mon-Fri 09:00-17:00 in their zone) as
  // their default schedule, and one active event type on it (/pro/30min, /host/intro).
  const hosts = [byRole.professional, byRole.user];
  const made = await db
    .insert(schedules)
    .values(
      hosts.map((h) => ({
        userId: h.id,
        name: "Working hours",
        timeZone: h.timeZone,
        isDefault: true,
        weekly: DEMO_WORKING_HOURS,
        overrides: [],
      })),
    )
    .returning({ id: schedules.id, userId: schedules.userId });
  const scheduleOf = (userId: string) => made.find((m) => m.userId === userId)!.id;
  await db.insert(eventTypes).values([
    {
      userId: byRole.professional.id,
      title: "30 Minute Meeting",
      slug: "30min",
      description: "A half-hour video call to talk through your project.",
      duration: 30,
      durations: [30],
      location: { type: "google-meet" },
      scheduleId: scheduleOf(byRole.professional.id),
    },
    {
      userId: byRole.user.id,
      title: "Intro call",
      slug: "intro",
      description: "A quick phone call to get to know each other.",
      duration: 15,
      durations: [15],
      location: { type: "phone", value: "+1 212 555 0142" },
      scheduleId: scheduleOf(byRole.user.id),
    },
  ]);

  await db.insert(reviews).values([
    {
      name: "Maya Chen",
      email: "maya@example.org",
      rating: 5,
      review:
        "Booking calls with customers went from five e-mails to one link. Nobody lands on the wrong hour anymore.",
    },
    {
      name: "Tom Okafor",
      email: "tom@example.org",
      rating: 4,
      review: "Our recruiters share one page and candidates pick a time that suits them. Simple and quick.",
    },
    {
      name: "Lena Schmidt",
      email: "lena@example.org",
      rating: 5,
      review: "Time zones just work, even for our team split between Berlin and Sydney.",
    },
  ]);

  await db
    .insert(notifications)
    .values([
      { notification: "Welcome! Set your availability and share your booking link." },
      { notification: "New: group events now take up to four invitees." },
      { userId: byRole.user.id, notification: "Your event 'Project kickoff' is tomorrow." },
    ]);

  const day = 24 * 60 * 60 * 1000;
  const at = (days: number, hourUtc: number, minute = 0) => {
    const d = new Date(now.getTime() + days * day);
    d.setUTCHours(hourUtc, minute, 0, 0);
    return d;
  };
  const [kickoff, review, checkIn] = await db
    .insert(events)
    .values([
      {
        hostId: byRole.user.id,
        eventName: "Project kickoff",
        eventType: "Google Meet",
        eventWith: "One-to-One",
        description: "Agree on scope, owners and the first milestone.",
        startsAt: at(1, 15),
        endsAt: at(1, 15, 30),
      },
      {
        hostId: byRole.user.id,
        eventName: "Design review",
        eventType: "In Person Meeting",
        eventWith: "Group",
        description: "Walk through the new booking page with the team.",
        startsAt: at(3, 18),
        endsAt: at(3, 19),
      },
      {
        hostId: byRole.user.id,
        eventName: "Quarterly check-in",
        eventType: "Phone Call",
        eventWith: "One-to-One",
        description: "How the last quarter went and what comes next.",
        startsAt: at(-6, 14),
        endsAt: at(-6, 14, 45),
      },
    ])
    .returning();
  await db.insert(eventInvitees).values([
    { eventId: kickoff.id, position: 1, email: "client@example.org" },
    { eventId: review.id, position: 1, email: "ana@example.org" },
    { eventId: review.id, position: 2, email: "ben@example.org" },
    { eventId: checkIn.id, position: 1, email: "client@example.org" },
  ]);

  return DEMO_ACCOUNTS;
}
