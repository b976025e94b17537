import crypto from "node:crypto";
import {
  anyActiveAdmin,
  getScimGroup,
  getScimUser,
  hideScimUser,
  insertScimUser,
  mintScimToken,
  scimTokenInfo,
  updateScimUser,
} from "~/models/scim.server";
import {
  changeProvisionedMembers,
  createProvisionedTeam,
  detachProvisionedTeam,
  renameProvisionedTeam,
} from "~/models/teams.server";
import { slugify } from "~/schemas/event-type-form";
import {
  nameFromScim,
  scimBoolean,
  scimMembersValue,
  type ScimGroupBody,
  type ScimGroupRow,
  type ScimPatchOperation,
  type ScimType,
  type ScimUserBody,
  type ScimUserRow,
} from "~/schemas/scim";
import { slugProblem } from "~/schemas/teams";
import { deactivateUser, reactivateUser } from "./people.server";
import { recordAudit } from "./audit.server";

/**
 * SCIM writes (decision 069), one function per operation, so whatever is recorded about them
 * later hooks in here: users are created, changed, (de)activated and deprovisioned; Groups are
 * teams. Deprovisioning deactivates (decision 068): nothing is deleted.
 */

export type ScimRefusal = { ok: false; status: 400 | 404 | 409; scimType?: ScimType; detail: string };
export type ScimOutcome<T> = { ok: true; value: T; created?: boolean } | ScimRefusal;

const SCIM = { scim: true } as const;
const refuse = (status: 400 | 404 | 409, detail: string, scimType?: ScimType): ScimRefusal => ({
  ok: false,
  status,
  detail,
  ...(scimType ? { scimType } : {}),
});
const NO_USER = refuse(404, "No such user.");
const NO_GROUP = refuse(404, "No such group.");
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The account's e-mail: userName must be an e-mail address (it signs in with it). */
function emailOf(userName: string): string | null {
  const email = userName.trim().toLowerCase();
  return EMAIL.test(email) && email.length <= 254 ? email : null;
}

async function setActive(userId: string, active: boolean, now: Date): Promise<ScimRefusal | null> {
  const result = active
    ? await reactivateUser({ userId, actor: SCIM })
    : await deactivateUser({ userId, actor: SCIM, now });
  if (result === "not-found") return NO_USER;
  if (result === "last-admin") return refuse(400, "The last active admin cannot be deactivated.", "mutability");
  return null;
}

/** POST /Users: 201 with the new user; 409 uniqueness when the userName is someone's e-mail. */
export async function scimCreateUser(body: ScimUserBody, now: Date): Promise<ScimOutcome<ScimUserRow>> {
  const email = emailOf(body.userName);
  if (!email) return refuse(400, "userName must be an e-mail address.", "invalidValue");
  const written = await insertScimUser({ email, name: nameFromScim(body), externalId: body.externalId ?? null });
  if (!written.ok) return refuse(409, "A user with this userName already exists.", "uniqueness");
  const active = body.active ?? true;
  // A created account starts active; a returning one keeps its state until told.
  if (!active || (written.revived && body.active !== undefined)) {
    const refused = await setActive(written.user.id, active, now);
    if (refused) return refused;
  }
  const user = await getScimUser(written.user.id);
  return user ? { ok: true, value: user, created: true } : NO_USER;
}

/** PUT /Users/{id}: the whole resource replaced (e-mail, name, externalId, active). */
export async function scimReplaceUser(id: string, body: ScimUserBody, now: Date): Promise<ScimOutcome<ScimUserRow>> {
  const email = emailOf(body.userName);
  if (!email) return refuse(400, "userName must be an e-mail address.", "invalidValue");
  const updated = await updateScimUser(id, { email, name: nameFromScim(body), externalId: body.externalId ?? null });
  if (updated === "taken") return refuse(409, "A user with this userName already exists.", "uniqueness");
  if (!updated) return NO_USER;
  if (body.active !== undefined && body.active !== updated.active) {
    const refused = await setActive(id, body.active, now);
    if (refused) return refused;
  }
  const user = await getScimUser(id);
  return user ? { ok: true, value: user } : NO_USER;
}

/** What a PATCH of a User changes, read from its operations. */
interface UserChanges {
  email?: string;
  name?: string;
  givenName?: string;
  familyName?: string;
  externalId?: string | null;
  active?: boolean;
}

function readUserChange(changes: UserChanges, path: string, value: unknown, op: string): ScimRefusal | null {
  const key = path.toLowerCase();
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : null);
  if (op === "remove") {
    if (key === "externalid") changes.externalId = null;
    else return refuse(400, `${path} cannot be removed.`, "mutability");
    return null;
  }
  switch (key) {
    case "active": {
      const parsed = scimBoolean.safeParse(value);
      if (!parsed.success) return refuse(400, "active must be a boolean.", "invalidValue");
      changes.active = parsed.data;
      return null;
    }
    case "username":
    case 'emails[type eq "work"].value':
    case "emails[primary eq true].value": {
      const email = emailOf(str(value) ?? "");
      if (!email) return refuse(400, "userName must be an e-mail address.", "invalidValue");
      changes.email = email;
      return null;
    }
    case "externalid":
      changes.externalId = str(value);
      return null;
    case "displayname":
    case "name.formatted":
      if (str(value) === null) return refuse(400, `${path} must be a string.`, "invalidValue");
      changes.name = str(value)!.slice(0, 200);
      return null;
    case "name.givenname":
      changes.givenName = str(value) ?? "";
      return null;
    case "name.familyname":
      changes.familyName = str(value) ?? "";
      return null;
    case "name": {
      const v = value as { formatted?: string; givenName?: string; familyName?: string } | null;
      if (!v || typeof v !== "object") return refuse(400, "name must be an object.", "invalidValue");
      changes.name = nameFromScim({ name: v }).slice(0, 200);
      return null;
    }
    case "emails": {
      const list = Array.isArray(value) ? (value as Array<{ value?: unknown; primary?: unknown }>) : [];
      const primary = list.find((e) => e.primary === true || e.primary === "true") ?? list[0];
      const email = emailOf(str(primary?.value) ?? "");
      if (!email) return refuse(400, "emails must hold an e-mail address.", "invalidValue");
      changes.email = email;
      return null;
    }
    default:
      return refuse(400, `This service provider does not change ${path}.`, "invalidPath");
  }
}

/** PATCH /Users/{id} (RFC 7644 §3.5.2): replace/add of active, userName, name, externalId; remove of externalId. */
export async function scimPatchUser(
  id: string,
  operations: ScimPatchOperation[],
  now: Date,
): Promise<ScimOutcome<ScimUserRow>> {
  const current = await getScimUser(id);
  if (!current) return NO_USER;
  const changes: UserChanges = {};
  for (const operation of operations) {
    if (operation.path) {
      const refused = readUserChange(changes, operation.path, operation.value, operation.op);
      if (refused) return refused;
      continue;
    }
    // No path: the value is an object of attributes to set (RFC 7644 §3.5.2.1, .3).
    if (operation.op === "remove" || !operation.value || typeof operation.value !== "object") {
      return refuse(400, "An operation without a path needs an object value.", "noTarget");
    }
    for (const [attribute, value] of Object.entries(operation.value as Record<string, unknown>)) {
      if (attribute === "schemas") continue;
      const refused = readUserChange(changes, attribute, value, operation.op);
      if (refused) return refused;
    }
  }
  let name = changes.name;
  if (name === undefined && (changes.givenName !== undefined || changes.familyName !== undefined)) {
    const [given, ...family] = current.name.split(" ");
    name = [changes.givenName ?? given, changes.familyName ?? family.join(" ")].filter(Boolean).join(" ");
  }
  if (changes.email !== undefined || name !== undefined || changes.externalId !== undefined) {
    const updated = await updateScimUser(id, { email: changes.email, name, externalId: changes.externalId });
    if (updated === "taken") return refuse(409, "A user with this userName already exists.", "uniqueness");
    if (!updated) return NO_USER;
  }
  if (changes.active !== undefined && changes.active !== current.active) {
    const refused = await setActive(id, changes.active, now);
    if (refused) return refused;
  }
  const user = await getScimUser(id);
  return user ? { ok: true, value: user } : NO_USER;
}

/** DELETE /Users/{id}: deprovisioning deactivates the account and hides it from SCIM; nothing is deleted. */
export async function scimDeprovisionUser(id: string, now: Date): Promise<ScimOutcome<null>> {
  const user = await getScimUser(id);
  if (!user) return NO_USER;
  if (user.active) {
    const refused = await setActive(id, false, now);
    if (refused) return refused;
  }
  return (await hideScimUser(id)) ? { ok: true, value: null } : NO_USER;
}

// ---------------------------------------------------------------------------------------------
// Groups

/** A free slug for a new team from the group's name: "Sales EMEA" → "sales-emea", then "-2"... */
function slugCandidates(displayName: string): string[] {
  let base = slugify(displayName).slice(0, 24).replace(/-+$/, "");
  if (!/^[a-z]/.test(base)) base = `team-${base}`.replace(/-+$/, "");
  if (base.length < 3 || slugProblem(base)) base = "team";
  const suffixes = [
    "",
    "-2",
    "-3",
    `-${crypto.randomBytes(3).toString("hex")}`,
    `-${crypto.randomBytes(3).toString("hex")}`,
  ];
  return suffixes.map((s) => `${base}${s}`).filter((c) => !slugProblem(c));
}

/** POST /Groups: a new team named displayName, owned by the admin who made the SCIM token. */
export async function scimCreateGroup(
  body: ScimGroupBody,
  tokenMaker: string | null,
): Promise<ScimOutcome<ScimGroupRow>> {
  const ownerId = tokenMaker ?? (await anyActiveAdmin());
  if (!ownerId) return refuse(400, "No admin can own the new team.", "invalidValue");
  for (const slug of slugCandidates(body.displayName)) {
    const created = await createProvisionedTeam({
      name: body.displayName,
      slug,
      externalId: body.externalId ?? null,
      ownerId,
    });
    if (!created.ok) continue;
    if (body.members?.length) {
      const changed = await changeProvisionedMembers(created.team.id, { add: body.members.map((m) => m.value) });
      if (changed === "cap") return refuse(400, "A team has at most 50 members.", "invalidValue");
    }
    const group = await getScimGroup(created.team.id);
    return group ? { ok: true, value: group, created: true } : NO_GROUP;
  }
  return refuse(409, "No free team address for this displayName.", "uniqueness");
}

/** PUT /Groups/{id}: name, externalId and exactly these members (the last owner always stays). */
export async function scimReplaceGroup(id: string, body: ScimGroupBody): Promise<ScimOutcome<ScimGroupRow>> {
  if (!(await getScimGroup(id))) return NO_GROUP;
  await renameProvisionedTeam(id, { name: body.displayName, externalId: body.externalId ?? null });
  const changed = await changeProvisionedMembers(id, { replace: (body.members ?? []).map((m) => m.value) });
  if (changed === "cap") return refuse(400, "A team has at most 50 members.", "invalidValue");
  const group = await getScimGroup(id);
  return group ? { ok: true, value: group } : NO_GROUP;
}

const MEMBER_FILTER = /^members\[value eq "([^"]+)"\]$/i;

/** PATCH /Groups/{id}: displayName and externalId replaced; members added, removed or replaced. */
export async function scimPatchGroup(id: string, operations: ScimPatchOperation[]): Promise<ScimOutcome<ScimGroupRow>> {
  if (!(await getScimGroup(id))) return NO_GROUP;
  for (const operation of operations) {
    const path = operation.path ?? "";
    const memberInPath = MEMBER_FILTER.exec(path);
    let change: { add?: string[]; remove?: string[]; replace?: string[] } | null = null;
    if (memberInPath && operation.op === "remove") change = { remove: [memberInPath[1]] };
    else if (path.toLowerCase() === "members") {
      if (operation.op === "remove" && operation.value === undefined) change = { replace: [] };
      else {
        const members = scimMembersValue.safeParse(operation.value);
        if (!members.success) return refuse(400, "members must be a list of { value }.", "invalidValue");
        const ids = members.data.map((m) => m.value);
        change = operation.op === "add" ? { add: ids } : operation.op === "remove" ? { remove: ids } : { replace: ids };
      }
    } else if (path.toLowerCase() === "displayname" || path.toLowerCase() === "externalid" || path === "") {
      const values: Record<string, unknown> =
        path === "" && operation.value && typeof operation.value === "object"
          ? (operation.value as Record<string, unknown>)
          : { [path]: operation.value };
      for (const [key, value] of Object.entries(values)) {
        const k = key.toLowerCase();
        if (k === "displayname") {
          if (typeof value !== "string" || !value.trim() || value.length > 80) {
            return refuse(400, "displayName must be 1-80 characters.", "invalidValue");
          }
          await renameProvisionedTeam(id, { name: value.trim() });
        } else if (k === "externalid") {
          await renameProvisionedTeam(id, { externalId: typeof value === "string" ? value : null });
        } else if (k === "members") {
          const members = scimMembersValue.safeParse(value);
          if (!members.success) return refuse(400, "members must be a list of { value }.", "invalidValue");
          const ids = members.data.map((m) => m.value);
          const changed = await changeProvisionedMembers(id, operation.op === "add" ? { add: ids } : { replace: ids });
          if (changed === "cap") return refuse(400, "A team has at most 50 members.", "invalidValue");
        } else if (k !== "schemas" && k !== "id") {
          return refuse(400, `This service provider does not change ${key}.`, "invalidPath");
        }
      }
    } else {
      return refuse(400, `This service provider does not change ${path}.`, "invalidPath");
    }
    if (change) {
      const changed = await changeProvisionedMembers(id, change);
      if (changed === "cap") return refuse(400, "A team has at most 50 members.", "invalidValue");
      if (changed === "not-found") return NO_GROUP;
    }
  }
  const group = await getScimGroup(id);
  return group ? { ok: true, value: group } : NO_GROUP;
}

/** DELETE /Groups/{id}: the team stays (its bookings and event types), its members but the owners leave. */
export async function scimDeleteGroup(id: string): Promise<ScimOutcome<null>> {
  return (await detachProvisionedTeam(id)) ? { ok: true, value: null } : NO_GROUP;
}

/** POST /api/admin/scim-token and the Provisioning page: a new token, shown once; the old one stops working. */
export async function rotateScimToken(adminId: string, request: Request | null = null): Promise<string> {
  const replaced = await scimTokenInfo();
  const token = await mintScimToken(adminId);
  // The old token stops working: its end is an entry of its own.
  if (replaced)
    await recordAudit({ actorId: adminId, action: "scim_token.revoked", targetType: "scim_token", request });
  await recordAudit({ actorId: adminId, action: "scim_token.created", targetType: "scim_token", request });
  return token;
}
