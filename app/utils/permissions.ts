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

export function roleLabel(
  user: Pick<Principal, "role"> | null | undefined,
): "Visitor" | "User" | "Professional" | "Admin" {
  if (!user) return "Visitor";
  return user.role === "admin" ? "Admin" : user.role === "professional" ? "Professional" : "User";
}

const REDIRECT_BASE = "http://redirect.invalid";

/**
 * The path a browser would land on for `target` (resolved against our origin the way it
 * resolves a Location header: backslashes as slashes, tabs and newlines dropped, dot segments
 * and %2e removed), or null when that is another origin or a path a browser would read as
 * another host ("//x", "/\x").
 */
function landingPath(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target, `${REDIRECT_BASE}/`);
  } catch {
    return null;
  }
  if (url.origin !== REDIRECT_BASE) return null;
  const path = url.pathname + url.search + url.hash;
  return /^\/[/\\]/.test(path) ? null : path;
}

/** One round of percent-decoding, NFKC (so "／" and "∕" become "/"), and nothing if malformed. */
function decodedOnce(path: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path.replace(/%(2e|2f|5c)/gi, (m) => String.fromCharCode(parseInt(m.slice(1), 16)));
  }
  return decoded.normalize("NFKC").replace(/[\u2044\u2215\u29f8\uff3c\ufe68]/g, "/");
}

/**
 * Only same-site paths are followed after sign-in. The check is made on the RESULT of
 * normalisation, never on the input: "/.//evil.example" passes a prefix test and still
 * resolves to "//evil.example". The path is also decoded (percent-encoding, several times,
 * and Unicode look-alike slashes) and must stay on the site each time, so a server or proxy
 * that decodes "%2f%2f" later cannot turn it into another host. Answers the normalised path.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length > 2048) return fallback;
  // As the URL parser does: leading C0 controls and spaces go, tabs and newlines anywhere.
  let start = 0;
  while (start < to.length && to.charCodeAt(start) <= 0x20) start += 1;
  const stripped = to.slice(start).replace(/[\t\n\r]/g, "");
  if (!/^[/\\]/.test(stripped)) return fallback; // "dashboard", "https:x", "javascript:…"
  const path = landingPath(stripped);
  if (path === null) return fallback;
  let current = path;
  for (let round = 0; round < 4; round += 1) {
    const decoded = decodedOnce(current);
    if (decoded === current) return path;
    if (/^[/\\]\s*[/\\]/.test(decoded)) return fallback;
    const again = landingPath(decoded);
    if (again === null) return fallback;
    if (again === current) return path; // only re-encoded what it decoded (a space, say)
    current = again;
  }
  return fallback; // still changing after four decodings: not a path anyone meant
}
