/**
 * SCIM 2.0 (RFC 7643/7644, decision 069) over real HTTP against PostgreSQL, checked against the
 * RFC's examples: the admin's token (shown once, a new one replaces the old), create user 201 with
 * Location and meta, the filter list as a ListResponse, PATCH Operations replace active false (the
 * person's live session ends), PUT, DELETE (deactivated, gone to SCIM, kept in the database), the
 * 404 and 409 uniqueness error bodies, and Groups as teams.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { apiClient, browserCall, ok, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.234", namePrefix: "Scim" });

const SCIM = "application/scim+json";
const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

let admin: Account;
let token: string;

function scim(method: string, path: string, body?: unknown, bearer = token) {
  return call(method, `/scim/v2${path}`, {
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { "content-type": SCIM }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function scimOk<T = Record<string, unknown>>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("content-type")).toBe(SCIM);
  return JSON.parse(text) as T;
}

async function scimErr(res: Response, status: number, scimType?: string) {
  const body = await scimOk<Record<string, unknown>>(res, status);
  expect(body.schemas).toEqual([ERROR]);
  expect(body.status).toBe(String(status));
  expect(typeof body.detail).toBe("string");
  if (scimType) expect(body.scimType).toBe(scimType);
  return body;
}

/** A SCIM answer as these tests read it (a resource, a list or the service's configuration). */
interface Resource {
  id: string;
  schemas: string[];
  userName?: string;
  externalId?: string;
  displayName?: string;
  active?: boolean;
  name: { formatted?: string; givenName?: string; familyName?: string };
  meta: { resourceType: string; created: string; lastModified: string; location: string };
  members: Array<{ value: string }>;
  Resources: Resource[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  patch: { supported: boolean };
  filter: { supported: boolean };
  bulk: { supported: boolean };
}

const unique = () => crypto.randomUUID().slice(0, 8);

beforeAll(async () => {
  admin = await account("admin", "admin");
  ({ token } = await ok<{ token: string }>(await call("POST", "/api/admin/scim-token", { token: admin.token }), 201));
});

describe("the SCIM token", () => {
  it("is made by an admin only, shown once, stored hashed, and a new one replaces the old", async () => {
    const person = await account("not-admin");
    expect((await call("POST", "/api/admin/scim-token", { token: person.token })).status).toBe(403);
    expect((await call("POST", "/api/admin/scim-token")).status).toBe(401);
    const [row] = await db`select token_hash from scim_tokens`;
    expect(row.token_hash).not.toContain(token);
    expect(row.token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    // Without a token, with a person's API token, or a wrong one: 401 with the SCIM error body.
    await scimErr(await call("GET", "/scim/v2/Users"), 401);
    await scimErr(await scim("GET", "/Users", undefined, admin.token), 401);
    await scimErr(await scim("GET", "/Users", undefined, "scim_nope"), 401);

    const { token: next } = await ok<{ token: string }>(
      await call("POST", "/api/admin/scim-token", { token: admin.token }),
      201,
    );
    await scimErr(await scim("GET", "/Users"), 401);
    await scimOk(await scim("GET", "/Users?count=1", undefined, next));
    token = next;
    // The page makes one too, shown in its answer.
    const page = await admin.c.post("/dashboard/provisioning", { intent: "scim-token" });
    expect(page.status).toBe(200);
    const shown = /data-testid="scim-token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-testid="scim-token"/.exec(
      await page.text(),
    );
    token = shown?.[1] ?? shown?.[2] ?? "";
    await scimOk(await scim("GET", "/Users?count=1"));
    expect(visibleText(await (await admin.c.get("/dashboard/provisioning")).text())).toContain("/scim/v2");
  });
});

describe("Users", () => {
  it("create (RFC 7644 §3.3): 201 with Location and meta; the same userName again is 409 uniqueness", async () => {
    const userName = `bjensen-${unique()}@example.com`;
    const res = await scim("POST", "/Users", {
      schemas: [USER],
      userName,
      externalId: "bjensen",
      name: { formatted: "Ms. Barbara J Jensen III", familyName: "Jensen", givenName: "Barbara" },
    });
    const created = await scimOk<Resource>(res, 201);
    expect(created.schemas).toEqual([USER]);
    expect(created.userName).toBe(userName);
    expect(created.externalId).toBe("bjensen");
    expect(created.active).toBe(true);
    expect(created.name.formatted).toBe("Ms. Barbara J Jensen III");
    expect(created.meta.resourceType).toBe("User");
    expect(Date.parse(created.meta.created)).not.toBeNaN();
    expect(Date.parse(created.meta.lastModified)).not.toBeNaN();
    expect(created.meta.location).toMatch(new RegExp(`/scim/v2/Users/${created.id}$`));
    expect(res.headers.get("location")).toBe(created.meta.location);
    const [row] = await db`select email, name, password_hash from users where id = ${created.id}`;
    expect(row).toMatchObject({ email: userName, name: "Ms. Barbara J Jensen III", password_hash: null });

    const again = await scimErr(
      await scim("POST", "/Users", { schemas: [USER], userName: userName.toUpperCase() }),
      409,
      "uniqueness",
    );
    expect(again.detail).toMatch(/already exists/);
    // An account that signed up by itself is the same: 409.
    await scimErr(await scim("POST", "/Users", { schemas: [USER], userName: admin.email }), 409, "uniqueness");
    await scimErr(await scim("POST", "/Users", { schemas: [USER], userName: "not an email" }), 400, "invalidValue");
    await scimErr(await scim("POST", "/Users", { schemas: [USER] }), 400, "invalidValue");
    const broken = await call("POST", "/scim/v2/Users", {
      headers: { authorization: `Bearer ${token}`, "content-type": SCIM },
      body: "{not json",
    });
    await scimErr(broken, 400, "invalidSyntax");
  });

  it("list with filter=userName eq (RFC 7644 §3.4.2): a ListResponse; GET by id; 404 body for an unknown id", async () => {
    const userName = `filter-${unique()}@example.com`;
    const created = await scimOk<{ id: string }>(await scim("POST", "/Users", { schemas: [USER], userName }), 201);
    const list = await scimOk<Resource>(
      await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`),
    );
    expect(list.schemas).toEqual([LIST]);
    expect(list.totalResults).toBe(1);
    expect(list.startIndex).toBe(1);
    expect(list.itemsPerPage).toBe(1);
    expect(list.Resources[0]).toMatchObject({ id: created.id, userName });
    const none = await scimOk<Resource>(
      await scim("GET", `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`),
    );
    expect(none).toMatchObject({ schemas: [LIST], totalResults: 0, Resources: [] });
    await scimErr(
      await scim("GET", `/Users?filter=${encodeURIComponent('name.familyName co "J"')}`),
      400,
      "invalidFilter",
    );
    const paged = await scimOk<Resource>(await scim("GET", "/Users?startIndex=2&count=1"));
    expect(paged.startIndex).toBe(2);
    expect(paged.itemsPerPage).toBe(1);
    expect(paged.totalResults).toBeGreaterThanOrEqual(3);

    expect(await scimOk(await scim("GET", `/Users/${created.id}`))).toMatchObject({ id: created.id, userName });
    const missing = await scimErr(await scim("GET", `/Users/${crypto.randomUUID()}`), 404);
    expect(missing.detail).toBe("No such user.");
    await scimErr(await scim("GET", "/Users/not-a-uuid"), 404);
  });

  it("PATCH Operations replace active false (RFC 7644 §3.5.2.3) deactivates: the person's live session ends at once", async () => {
    const person = await account("patched");
    expect((await person.c.get("/dashboard")).status).toBe(200);
    const patched = await scimOk<Resource>(
      await scim("PATCH", `/Users/${person.id}`, {
        schemas: [PATCH],
        Operations: [{ op: "replace", path: "active", value: false }],
      }),
    );
    expect(patched.active).toBe(false);
    const next = await person.c.get("/dashboard");
    expect(next.headers.get("location")).toBe("/signin?reason=deactivated");
    expect((await call("GET", "/api/schedules", { token: person.token })).status).toBe(401);
    // Another provider's spelling: "Replace" without a path, the boolean as a string.
    const back = await scimOk<Resource>(
      await scim("PATCH", `/Users/${person.id}`, {
        schemas: [PATCH],
        Operations: [{ op: "Replace", value: { active: "True", "name.givenName": "Pat" } }],
      }),
    );
    expect(back.active).toBe(true);
    expect(back.name.givenName).toBe("Pat");
    await scimErr(
      await scim("PATCH", `/Users/${person.id}`, {
        schemas: [PATCH],
        Operations: [{ op: "replace", path: "active", value: "maybe" }],
      }),
      400,
      "invalidValue",
    );
    await scimErr(
      await scim("PATCH", `/Users/${person.id}`, {
        schemas: [PATCH],
        Operations: [{ op: "replace", path: "nickName", value: "x" }],
      }),
      400,
      "invalidPath",
    );
    await scimErr(
      await scim("PATCH", `/Users/${person.id}`, {
        schemas: [PATCH],
        Operations: [{ op: "replace", path: "userName", value: admin.email }],
      }),
      409,
      "uniqueness",
    );
    await scimErr(
      await scim("PATCH", `/Users/${crypto.randomUUID()}`, {
        schemas: [PATCH],
        Operations: [{ op: "replace", path: "active", value: false }],
      }),
      404,
    );
  });

  it("PUT replaces; DELETE deprovisions: deactivated, 404 to SCIM, kept in the database; a new POST brings them back", async () => {
    const userName = `put-${unique()}@example.com`;
    const created = await scimOk<{ id: string }>(
      await scim("POST", "/Users", { schemas: [USER], userName, active: false }),
      201,
    );
    const renamed = `put2-${unique()}@example.com`;
    const replaced = await scimOk<Resource>(
      await scim("PUT", `/Users/${created.id}`, {
        schemas: [USER],
        userName: renamed,
        name: { givenName: "Kim", familyName: "Lee" },
        active: true,
      }),
    );
    expect(replaced).toMatchObject({ userName: renamed, active: true, name: { formatted: "Kim Lee" } });
    expect((await scim("DELETE", `/Users/${created.id}`)).status).toBe(204);
    await scimErr(await scim("GET", `/Users/${created.id}`), 404);
    await scimErr(await scim("DELETE", `/Users/${created.id}`), 404);
    const [row] = await db`select email, deactivated_at from users where id = ${created.id}`;
    expect(row.email).toBe(renamed);
    expect(row.deactivated_at).not.toBeNull();
    const revived = await scimOk<Resource>(
      await scim("POST", "/Users", { schemas: [USER], userName: renamed, active: true }),
      201,
    );
    expect(revived).toMatchObject({ id: created.id, active: true });
  });

  it("ServiceProviderConfig says what is supported; an unknown method is 405", async () => {
    const spc = await scimOk<Resource>(await scim("GET", "/ServiceProviderConfig"));
    expect(spc.patch.supported).toBe(true);
    expect(spc.filter.supported).toBe(true);
    expect(spc.bulk.supported).toBe(false);
    await scimErr(await scim("DELETE", "/Users"), 405);
  });

  it("ResourceTypes and Schemas (RFC 7644 §4) describe Users and Groups with the attributes handled", async () => {
    type List = { schemas: string[]; totalResults: number; Resources: Array<Record<string, unknown>> };
    const types = await scimOk<List>(await scim("GET", "/ResourceTypes"));
    expect(types.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:ListResponse"]);
    expect(types.totalResults).toBe(2);
    expect(types.Resources).toEqual([
      expect.objectContaining({ id: "User", name: "User", endpoint: "/Users", schema: USER }),
      expect.objectContaining({ id: "Group", name: "Group", endpoint: "/Groups", schema: GROUP }),
    ]);
    const schemas = await scimOk<List>(await scim("GET", "/Schemas"));
    const user = schemas.Resources.find((r) => r.id === USER) as { attributes: Array<Record<string, unknown>> };
    const names = user.attributes.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(["userName", "name", "emails", "active", "externalId"]));
    expect(user.attributes.find((a) => a.name === "userName")).toMatchObject({ required: true, uniqueness: "server" });
    const group = schemas.Resources.find((r) => r.id === GROUP) as { attributes: Array<{ name: string }> };
    expect(group.attributes.map((a) => a.name)).toEqual(["displayName", "members", "externalId"]);
    // With a wrong bearer token: 401 in SCIM's shape.
    const bare = await scim("GET", "/Schemas", undefined, "not-the-token");
    expect(bare.status).toBe(401);
    expect(bare.headers.get("content-type")).toContain("application/scim+json");
  });
});

describe("Groups (teams)", () => {
  it("create, filter, PATCH add and remove members, PUT, DELETE: the team and its memberships follow", async () => {
    const [a, b] = await Promise.all([account("group-a"), account("group-b")]);
    const displayName = `Tour Guides ${unique()}`;
    const res = await scim("POST", "/Groups", {
      schemas: [GROUP],
      displayName,
      externalId: "tg",
      members: [{ value: a.id }],
    });
    const group = await scimOk<Resource>(res, 201);
    expect(group).toMatchObject({ schemas: [GROUP], displayName, externalId: "tg" });
    expect(res.headers.get("location")).toBe(group.meta.location);
    expect(group.meta.resourceType).toBe("Group");
    const members = (g: Resource) => g.members.map((m) => m.value).sort();
    // The token's maker owns the team; the group's member joined as a member.
    expect(members(group)).toEqual([a.id, admin.id].sort());
    const roles = async () =>
      Object.fromEntries(
        (await db`select user_id, role from team_memberships where team_id = ${group.id}`).map((r) => [
          r.user_id,
          r.role,
        ]),
      );
    expect(await roles()).toEqual({ [admin.id]: "owner", [a.id]: "member" });

    const found = await scimOk<Resource>(
      await scim("GET", `/Groups?filter=${encodeURIComponent(`displayName eq "${displayName}"`)}`),
    );
    expect(found).toMatchObject({ schemas: [LIST], totalResults: 1 });
    expect(found.Resources[0].id).toBe(group.id);

    const added = await scimOk<Resource>(
      await scim("PATCH", `/Groups/${group.id}`, {
        schemas: [PATCH],
        Operations: [{ op: "add", path: "members", value: [{ value: b.id }] }],
      }),
    );
    expect(members(added)).toEqual([a.id, b.id, admin.id].sort());
    const removed = await scimOk<Resource>(
      await scim("PATCH", `/Groups/${group.id}`, {
        schemas: [PATCH],
        Operations: [{ op: "remove", path: `members[value eq "${a.id}"]` }],
      }),
    );
    expect(members(removed)).toEqual([b.id, admin.id].sort());
    // PUT: exactly these members; the last owner stays whatever the provider says.
    const put = await scimOk<Resource>(
      await scim("PUT", `/Groups/${group.id}`, {
        schemas: [GROUP],
        displayName: `${displayName} EU`,
        members: [{ value: a.id }],
      }),
    );
    expect(put.displayName).toBe(`${displayName} EU`);
    expect(members(put)).toEqual([a.id, admin.id].sort());

    expect((await scim("DELETE", `/Groups/${group.id}`)).status).toBe(204);
    await scimErr(await scim("GET", `/Groups/${group.id}`), 404);
    const [team] = await db`select id from teams where id = ${group.id}`;
    expect(team?.id).toBe(group.id);
    expect(await roles()).toEqual({ [admin.id]: "owner" });
    await scimErr(await scim("GET", `/Groups/${crypto.randomUUID()}`), 404);
  });

  it("a user's API session cannot reach SCIM with cookies", async () => {
    const res = await browserCall(admin.c, "GET", "/scim/v2/Users");
    expect(res.status).toBe(401);
  });
});
