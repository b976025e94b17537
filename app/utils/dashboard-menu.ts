import type { Role } from "./permissions";

export interface DrawerItem {
  to: string;
  label: string;
}

/** The side drawer of spec section 2 ("Drawer menu by role"), after the home link. */
export function drawerItems(role: Role): DrawerItem[] {
  if (role === "admin") {
    return [
      { to: "/dashboard", label: "Admin Profile" },
      { to: "/dashboard/manageUser", label: "Manage User" },
      { to: "/dashboard/manageEvent", label: "Manage Event" },
      { to: "/dashboard/scheduledEvents", label: "Scheduled Events" },
      { to: "/dashboard/packages", label: "Packages" },
      { to: "/dashboard/professionalCollections", label: "Professional Collections" },
      { to: "/dashboard/contactMessages", label: "Contact Messages" },
    ];
  }
  if (role === "professional") {
    return [
      { to: "/dashboard", label: "Profile" },
      { to: "/dashboard/eventTypes", label: "Event Types" },
    ];
  }
  return [
    { to: "/dashboard", label: "Profile" },
    { to: "/dashboard/eventTypes", label: "Event Types" },
    { to: "/dashboard/scheduledEvents", label: "Scheduled Events" },
    { to: "/dashboard/workFlow", label: "Workflows" },
  ];
}
