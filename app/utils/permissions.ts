/**
 * The one place that answers "may this person do that?". Loaders and actions call it
 * through auth.server.ts; components call it directly; so the UI and the server can
 * never disagree.
 */
export type Role = "user" | "professional" | "admin";

export interface Principal {
  id: string;
  role: Role;
}

export type Permission =
  | "admin:access" // admin-only screens and JSON calls
  | "admin:users" // promote and demote admins (Manage User)
  | "admin:packages" // create, change and delete packages
  | "admin:professionals" // list and remove professional records
  | "admin:events" // every host's events: list and cancel
  | "review:create" // Give Review
  | "package:buy" // pay for a package
  | "event:unlimited" // no cap on upcoming events
  | "dashboard:access";

const GRANTS: Record<Role, ReadonlySet<Permission>> = {
  user: new Set(["review:create", "package:buy", "dashboard:access"]),
  professional: new Set(["review:create", "package:buy", "dashboard:access", "event:unlimited"]),
  admin: new Set([
    "admin:access",
    "admin:users",
    "admin:packages",
    "admin:professionals",
    "admin:events",
    "event:unlimited",
    "dashboard:access",
  ]),
};

export function can(user: Pick<Principal, "role"> | null | undefined, permission: Permission): boolean {
  return user ? GRANTS[user.role].has(permission) : false;
}

export function roleLabel(user: Pick<Principal, "role"> | null | undefined): "Visitor" | "User" | "Professional" | "Admin" {
  if (!user) return "Visitor";
  return user.role === "admin" ? "Admin" : user.role === "professional" ? "Professional" : "User";
}

/** Only same-site paths are followed after sign-in: "/x" yes, "//evil.com" or "https://…" no. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  try {
    const url = new URL(to, "http://x.invalid");
    if (url.host !== "x.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
