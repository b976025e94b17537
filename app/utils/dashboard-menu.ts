import type { Role } from "./permissions";

export interface DrawerItem {
  to: string;
  label: string;
}

/**
 * The side drawer by role, after the home link. "My
 * Schedule" (the dashboard's own home, the event list) comes first for everybody; "API
 * Tokens" (decision 012: each person's own bearer tokens) comes last for everybody.
 */
export function drawerItems(role: Role): DrawerItem[] {
  const mySchedule = { to: "/dashboard", label: "My Schedule" };
  const apiTokens = { to: "/dashboard/apiTokens", label: "API Tokens" };
  // A host's schedules (decision 016), right after the event types that use them.
  const availability = { to: "/dashboard/availability", label: "Availability" };
  // Reminders and follow-ups (decision 022): every host's, so professionals get it too.
  const workflows = { to: "/dashboard/workFlow", label: "Workflows" };
  // The person's teams (decisions 020 and 057): members, roles, invitations, right after availability.
  const team = { to: "/dashboard/teams", label: "Teams" };
  // Booking events pushed to the host's own systems, with their delivery log (decision 037).
  const webhooks = { to: "/dashboard/webhooks", label: "Webhooks" };
  // The host's outside calendars and subscription feed (docs/decisions/035), beside availability.
  const calendars = { to: "/dashboard/calendars", label: "Calendars" };
  // Forms that send leads to the right booking page (decision 074), after the event types they lead to.
  const routingForms = { to: "/dashboard/routingForms", label: "Routing Forms" };
  // The host's figures over their bookings, and their teams' for owners and admins (decision 079).
  const insights = { to: "/dashboard/insights", label: "Insights" };
  if (role === "admin") {
    return [
      mySchedule,
      { to: "/dashboard/profile", label: "Admin Profile" },
      { to: "/dashboard/manageUser", label: "Manage User" },
      // SCIM token and single sign-on (decision 069).
      { to: "/dashboard/provisioning", label: "Provisioning" },
      { to: "/dashboard/manageEvent", label: "Manage Event" },
      { to: "/dashboard/scheduledEvents", label: "Scheduled Events" },
      { to: "/dashboard/packages", label: "Packages" },
      { to: "/dashboard/professionalCollections", label: "Professional Collections" },
      { to: "/dashboard/contactMessages", label: "Contact Messages" },
      // Who did what (decision 070), and the erasure of a guest (decision 071).
      { to: "/dashboard/auditLog", label: "Audit Log" },
      apiTokens,
    ];
  }
  if (role === "professional") {
    // Scheduled Events too (decision 021): booked events belong in the host's Scheduled Events.
    const scheduledEvents = { to: "/dashboard/scheduledEvents", label: "Scheduled Events" };
    return [
      mySchedule,
      { to: "/dashboard/profile", label: "Profile" },
      { to: "/dashboard/eventTypes", label: "Event Types" },
      availability,
      calendars,
      team,
      scheduledEvents,
      routingForms,
      insights,
      workflows,
      webhooks,
      apiTokens,
    ];
  }
  return [
    mySchedule,
    { to: "/dashboard/profile", label: "Profile" },
    { to: "/dashboard/eventTypes", label: "Event Types" },
    availability,
    calendars,
    team,
    { to: "/dashboard/scheduledEvents", label: "Scheduled Events" },
    routingForms,
    insights,
    workflows,
    webhooks,
    apiTokens,
  ];
}
