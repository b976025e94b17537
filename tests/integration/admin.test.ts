import { afterAll, describe, expect, it } from "vitest";
import { type HttpClient, uniqueEmail, visibleText } from "../support/http";
import { client, signUp, sql } from "./context";
import { bookingMailsSettled } from "../support/mail-wait";

const db = sql();

// Other files read /pricing and expect the seeded catalogue: the packages made here go again.
const createdPackages = new Set<string>();
afterAll(async () => {
  if (createdPackages.size)
    await db`delete from packages where lower(name) in ${db([...createdPackages].map((n) => n.toLowerCase()))}`;
});

type Role = "user" | "professional" | "admin";

const PAGES = {
  users: "/dashboard/manageUser",
  events: "/dashboard/manageEvent",
  scheduled: "/dashboard/scheduledEvents",
  packages: "/dashboard/packages",
  professionals: "/dashboard/professionalCollections",
} as const;

const TEXT = {
  promoted: "This user is promoted as admin",
  demoted: "This admin is demoted as user",
  notAdminPromote: "You don't have access to make someone admin!!",
  notAdminDemote: "You don't have access to make someone user!!",
  packageUpdated: "Package updated Successfully ",
  packageDeleted: "Package Deleted Successfully ",
  clientDeleted: "Client Deleted!!",
  nameTaken: "A package with this name already exists.",
  lastAdmin: "There must always be at least one admin",
};

/** The page's HTML without React's text-node separators. */
async function html(res: Response): Promise<string> {
  return (await res.text()).replaceAll("<!-- -->", "");
}

async function text(res: Response): Promise<string> {
  return visibleText(await html(res));
}

function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A new signed-in account with the given role (a professional with a month still running). */
async function account(role: Role, name = `Person ${unique("n")}`, server = 0) {
  const c = client(server);
  const email = uniqueEmail(`admin-${role}`);
  expect((await signUp(c, email, "correct-horse-battery", name)).status).toBe(302);
  if (role === "professional") {
    await db`update users set role = 'professional', professional_until = now() + interval '20 days' where email = ${email}`;
  } else {
    await db`update users set role = ${role} where email = ${email}`;
  }
  const [row] = await db`select id from users where email = ${email}`;
  return { c, email, name, id: row.id as string };
}

/** Follows a redirect the way a browser does, returning the page it lands on (with the toast). */
async function follow(c: HttpClient, res: Response): Promise<Response> {
  expect(res.status, await res.clone().text()).toBe(302);
  return c.get(res.headers.get("location") as string);
}

async function roleOf(id: string): Promise<{ role: Role; professional_until: Date | null }> {
  const [row] = await db`select role, professional_until from users where id = ${id}`;
  return row as { role: Role; professional_until: Date | null };
}

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function createEvent(c: HttpClient, eventName: string, days = 10, targetedEmail = "guest@example.org") {
  const res = await c.post("/one-to-one", {
    eventName,
    eventType: "Google Meet",
    description: "Planning.",
    date: dayFromNow(days),
    time: "10:00",
    duration: "30",
    targetedEmail,
  });
  expect(res.status, await res.clone().text()).toBe(302);
  const [row] = await db`select id from events where event_name = ${eventName}`;
  return row.id as string;
}

async function packageByName(name: string) {
  const rows =
    await db`select id, name, price_cents, calender, access_type from packages where lower(name) = lower(${name})`;
  return rows[0] as
    { id: string; name: string; price_cents: number; calender: number; access_type: string } | undefined;
}

function packageForm(overrides: Record<string, string> = {}): Record<string, string> {
  const form = {
    intent: "create",
    name: unique("Pack"),
    price: "10",
    accessType: "Everything in Basic, plus unlimited events",
    activeEvent: "Unlimited",
    calender: "2",
    goupEvent: "Up to 4 guests",
    notificationStatus: "E-mail",
    oneToOne: "Unlimited",
    ...overrides,
  };
  createdPackages.add(form.name.trim());
  return form;
}

async function addProfessionalRecord(
  user: { id: string; name: string; email: string },
  pack: string,
  issuedAt: Date,
  packageId: string | null = null,
) {
  const [row] =
    await db`insert into professionals (user_id, package_id, name, email, transaction_id, pack, amount_cents, issued_at)
                         values (${user.id}, ${packageId}, ${user.name}, ${user.email}, ${unique("pi")}, ${pack}, 1000, ${issuedAt})
                         returning id`;
  return row.id as string;
}

describe("admin pages: who may open them", () => {
  it("sends a visitor to sign in from every admin page and refuses their posts", async () => {
    for (const path of Object.values(PAGES)) {
      const res = await client().get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(`/signin?${new URLSearchParams({ redirectTo: path })}`);
    }
    for (const [path, form] of [
      [PAGES.users, { intent: "promote", userId: "00000000-0000-4000-8000-000000000000" }],
      [PAGES.packages, packageForm()],
      [PAGES.events, { intent: "cancel", eventId: "00000000-0000-4000-8000-000000000000" }],
      [PAGES.professionals, { intent: "remove", recordId: "00000000-0000-4000-8000-000000000000" }],
    ] as const) {
      const res = await client().post(path, form);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);
    }
  });

  for (const role of ["user", "professional"] as const) {
    it(`refuses a ${role} with 403 on every admin page and action`, async () => {
      const { c } = await account(role);
      for (const path of [PAGES.users, PAGES.events, PAGES.packages, PAGES.professionals]) {
        const res = await c.get(path);
        expect(res.status, `${role} ${path}`).toBe(403);
        const page = await text(res);
        expect(page).not.toContain("Make Admin");
        for (const name of ["Manage User |", "Manage All Event", "Packages |", "Professional Collections |"])
          expect(page).not.toContain(name);
      }
      // Scheduled Events: users and professionals get their own events only (decision 021), never other hosts'.
      const scheduled = await c.get(PAGES.scheduled);
      expect(scheduled.status).toBe(200);
      expect(await html(scheduled)).not.toContain('data-testid="scheduled-event-row"');

      const before = (await db`select count(*)::int as n from packages`)[0].n;
      const create = await c.post(PAGES.packages, packageForm());
      expect(create.status).toBe(403);
      expect((await db`select count(*)::int as n from packages`)[0].n).toBe(before);
      expect(
        (await c.post(PAGES.events, { intent: "cancel", eventId: "00000000-0000-4000-8000-000000000000" })).status,
      ).toBe(403);
      expect(
        (await c.post(PAGES.professionals, { intent: "remove", recordId: "00000000-0000-4000-8000-000000000000" }))
          .status,
      ).toBe(403);
    });
  }

  it("opens every admin page for an admin", async () => {
    const { c } = await account("admin");
    const headings = {
      [PAGES.users]: "Manage User",
      [PAGES.events]: "Manage All Event",
      [PAGES.scheduled]: "Scheduled Events",
      [PAGES.packages]: "Packages",
      [PAGES.professionals]: "Professional Collections",
    };
    for (const [path, heading] of Object.entries(headings)) {
      const res = await c.get(path);
      expect(res.status, path).toBe(200);
      expect(await html(res)).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    }
  });
});

describe("Manage User", () => {
  it("lists real names, e-mails and roles (Admin, User, Professional) with the right button", async () => {
    const admin = await account("admin");
    const user = await account("user", `Ursula ${unique("u")}`);
    const pro = await account("professional", `Pia ${unique("p")}`);
    const page = await html(await admin.c.get(`${PAGES.users}?q=${encodeURIComponent(user.email)}`));
    expect(page).toContain(user.name);
    expect(page).toContain(user.email);
    expect(visibleText(page)).toMatch(/Role User Status Active Make Admin/);
    const proPage = visibleText(await html(await admin.c.get(`${PAGES.users}?q=${encodeURIComponent(pro.name)}`)));
    expect(proPage).toContain(pro.email);
    expect(proPage).toMatch(/Role Professional Status Active Make Admin/);
    const adminPage = visibleText(await html(await admin.c.get(`${PAGES.users}?q=${encodeURIComponent(admin.email)}`)));
    expect(adminPage).toMatch(/Role Admin Status Active Remove Admin/);
  });

  it("promotes a user to admin and demotes them again, with the product's toasts and a refreshed list", async () => {
    const admin = await account("admin");
    const user = await account("user");
    const listUrl = `${PAGES.users}?q=${encodeURIComponent(user.email)}`;

    // Make Admin asks first (decision 082): a post without the confirmation changes nothing and
    // opens it, with the search kept; Cancel leads back to the list.
    const unconfirmed = await admin.c.post(listUrl, { intent: "promote", userId: user.id });
    expect(unconfirmed.status).toBe(302);
    const confirmUrl = unconfirmed.headers.get("location") ?? "";
    expect(confirmUrl).toBe(`${listUrl}&promote=${user.id}`);
    expect((await roleOf(user.id)).role).toBe("user");
    const confirmHtml = await (await admin.c.get(confirmUrl)).text();
    const confirmPage = visibleText(confirmHtml);
    expect(confirmPage).toContain(`Make ${user.name || user.email} an admin?`);
    expect(confirmHtml).toMatch(new RegExp(`<a [^>]*href="${listUrl.replace(/[?]/g, "\\?")}"[^>]*>Cancel</a>`));
    // A promote link to nobody opens nothing.
    const nobody = await text(await admin.c.get(`${listUrl}&promote=00000000-0000-4000-8000-000000000000`));
    expect(nobody).not.toContain("an admin?");

    const promoted = await follow(
      admin.c,
      await admin.c.post(confirmUrl, { intent: "promote", userId: user.id, confirmed: "yes" }),
    );
    const promotedText = await text(promoted);
    expect(promoted.url).not.toContain("promote=");
    expect(promotedText).not.toContain("an admin?");
    expect(promotedText).toContain(TEXT.promoted);
    expect(promotedText).toMatch(/Role Admin Status Active Remove Admin/);
    expect((await roleOf(user.id)).role).toBe("admin");
    // The new admin's own session is an admin's now.
    expect((await user.c.get(PAGES.packages)).status).toBe(200);

    const demoted = await follow(admin.c, await admin.c.post(listUrl, { intent: "demote", userId: user.id }));
    const demotedText = await text(demoted);
    expect(demotedText).toContain(TEXT.demoted);
    expect(demotedText).toMatch(/Role User Status Active Make Admin/);
    expect((await roleOf(user.id)).role).toBe("user");
    expect((await user.c.get(PAGES.packages)).status).toBe(403);
  });

  it("demotes an admin who still has a paid month to professional, and one whose month ended to user", async () => {
    const admin = await account("admin");
    const paid = await account("admin");
    await db`update users set professional_until = now() + interval '10 days' where id = ${paid.id}`;
    const lapsed = await account("admin");
    await db`update users set professional_until = now() - interval '1 day' where id = ${lapsed.id}`;
    expect((await admin.c.post(PAGES.users, { intent: "demote", userId: paid.id })).status).toBe(302);
    expect((await roleOf(paid.id)).role).toBe("professional");
    expect((await admin.c.post(PAGES.users, { intent: "demote", userId: lapsed.id })).status).toBe(302);
    expect((await roleOf(lapsed.id)).role).toBe("user");
  });

  it("answers a non-admin's promote and demote with 403 and the product's messages, changing nothing", async () => {
    const target = await account("admin");
    const other = await account("user");
    for (const role of ["user", "professional"] as const) {
      const { c } = await account(role);
      const promote = await c.post(PAGES.users, { intent: "promote", userId: other.id });
      expect(promote.status).toBe(403);
      expect(await text(promote)).toContain(TEXT.notAdminPromote);
      const demote = await c.post(PAGES.users, { intent: "demote", userId: target.id });
      expect(demote.status).toBe(403);
      expect(await text(demote)).toContain(TEXT.notAdminDemote);
    }
    expect((await roleOf(other.id)).role).toBe("user");
    expect((await roleOf(target.id)).role).toBe("admin");
  });

  it("answers bad ids with 404 and unknown intents with 400", async () => {
    const admin = await account("admin");
    expect((await admin.c.post(PAGES.users, { intent: "promote", userId: "not-a-uuid" })).status).toBe(404);
    expect(
      (await admin.c.post(PAGES.users, { intent: "promote", userId: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(404);
    expect((await admin.c.post(PAGES.users, { intent: "explode", userId: admin.id })).status).toBe(400);
  });

  it("never lets the last admin go: not by demoting themselves, not by two admins demoting each other at once", async () => {
    const a = await account("admin");
    const b = await account("admin");
    // Other test files made admins too: for this test, a and b are the only ones.
    const others = (await db`select id from users where role = 'admin' and id not in (${a.id}, ${b.id})`).map(
      (r) => r.id as string,
    );
    if (others.length) await db`update users set role = 'user' where id in ${db(others)}`;
    try {
      // Simultaneously, on both servers: each demotes the other. Exactly one may win.
      const aClient = a.c;
      const bClient = client(1);
      bClient.cookies.clear();
      for (const [k, v] of b.c.cookies) bClient.cookies.set(k, v);
      const [r1, r2] = await Promise.all([
        aClient.post(PAGES.users, { intent: "demote", userId: b.id }),
        bClient.post(PAGES.users, { intent: "demote", userId: a.id }),
      ]);
      // One wins. The other is refused: 409 when both got past the admin check and met at the
      // row locks, 403 when the winner had already demoted them before their request was read.
      const [won, lost] = r1.status === 302 ? [r1, r2] : [r2, r1];
      expect(won.status).toBe(302);
      expect([403, 409]).toContain(lost.status);
      const [{ n }] = await db`select count(*)::int as n from users where role = 'admin'`;
      expect(n).toBe(1);

      // The one left cannot remove their own admin role.
      const survivor = r1.status === 302 ? a : b;
      const self = await survivor.c.post(PAGES.users, { intent: "demote", userId: survivor.id });
      expect(self.status).toBe(409);
      expect(await text(self)).toContain(TEXT.lastAdmin);
      expect((await roleOf(survivor.id)).role).toBe("admin");
    } finally {
      if (others.length) await db`update users set role = 'admin' where id in ${db(others)}`;
    }
  });

  it("searches by name or e-mail and pages 20 at a time with plain links", async () => {
    const admin = await account("admin");
    const tag = unique("zebra");
    for (let i = 0; i < 21; i++) {
      const email = `${tag}-${String(i).padStart(2, "0")}@example.test`;
      await db`insert into users (email, name) values (${email}, ${`Zed ${tag} ${i}`})`;
    }
    const first = await html(await admin.c.get(`${PAGES.users}?q=${tag}`));
    expect(first.match(/data-testid="user-row"/g)).toHaveLength(20);
    expect(visibleText(first)).toContain("21 matching accounts");
    expect(visibleText(first)).toContain("Page 1 of 2");
    expect(first).toMatch(new RegExp(`href="[^"]*\\?q=${tag}&amp;page=2"`));
    const second = await html(await admin.c.get(`${PAGES.users}?q=${tag}&page=2`));
    expect(second.match(/data-testid="user-row"/g)).toHaveLength(1);
    expect(second).toContain(`${tag}-20@example.test`);
    // By name, case-insensitively; % and _ are literal characters.
    const byName = await html(
      await admin.c.get(`${PAGES.users}?q=${encodeURIComponent(`ZED ${tag.toUpperCase()} 7`)}`),
    );
    expect(byName.match(/data-testid="user-row"/g)).toHaveLength(1);
    expect(await html(await admin.c.get(`${PAGES.users}?q=%25`))).not.toContain('data-testid="user-row"');
    // A nonsense page number is page 1.
    expect((await admin.c.get(`${PAGES.users}?q=${tag}&page=abc`)).status).toBe(200);
  });
});

describe("Packages", () => {
  it("creates a package with the product's toast, lists it as '$price/month' and shows it on /pricing", async () => {
    const admin = await account("admin");
    const name = unique("Team");
    const res = await admin.c.post(
      `${PAGES.packages}?create`,
      packageForm({ name: `  ${name}  `, price: "12.5", calender: "3" }),
    );
    const page = await text(await follow(admin.c, res));
    expect(page).toContain(TEXT.packageUpdated);
    expect(page).toContain(`${name} Price $12.50/month`);
    const stored = await packageByName(name);
    expect(stored).toMatchObject({ name, price_cents: 1250, calender: 3 });
    const pricing = await text(await client().get("/pricing"));
    expect(pricing).toContain(name);
    expect(pricing).toContain("$12.50/Month");
  });

  it("stores an empty price or 'Free' as a free package", async () => {
    const admin = await account("admin");
    for (const price of ["", "Free"]) {
      const name = unique("Starter");
      expect((await admin.c.post(PAGES.packages, packageForm({ name, price }))).status).toBe(302);
      expect((await packageByName(name))?.price_cents).toBe(0);
      expect(await text(await admin.c.get(PAGES.packages))).toContain(`${name} Price Free`);
    }
  });

  it("refuses bad input with 400 and a message per field, keeping what was typed", async () => {
    const admin = await account("admin");
    const before = (await db`select count(*)::int as n from packages`)[0].n;
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: "   " }, "Package name is required."],
      [{ price: "-5" }, "The price cannot be negative."],
      [{ price: "9.999" }, "Use at most 2 decimals (cents)."],
      [{ price: "ten dollars" }, "Enter a price in dollars (e.g. 10 or 9.99) or Free."],
      [{ calender: "-1" }, "Calendars: enter a whole number, 0 or more."],
      [{ calender: "1.5" }, "Calendars: enter a whole number, 0 or more."],
      [{ accessType: "x".repeat(2001) }, "Access type: use at most 2000 characters."],
      [{ goupEvent: "y".repeat(501) }, "Group events: use at most 500 characters."],
    ];
    for (const [overrides, message] of cases) {
      const name = unique("Bad");
      const res = await admin.c.post(`${PAGES.packages}?create`, packageForm({ name, ...overrides }));
      expect(res.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
      const page = await html(res);
      expect(visibleText(page)).toContain(message);
      expect(page).toContain('aria-invalid="true"');
      // The modal is still open, with the other input kept.
      expect(visibleText(page)).toContain("Add Package");
      if (overrides.name === undefined) expect(page).toContain(`value="${name}"`);
    }
    expect((await db`select count(*)::int as n from packages`)[0].n).toBe(before);
  });

  it("refuses a name that differs only in case, also when two creates race on both servers", async () => {
    const admin = await account("admin");
    const name = unique("Unique");
    expect((await admin.c.post(PAGES.packages, packageForm({ name }))).status).toBe(302);
    const dup = await admin.c.post(`${PAGES.packages}?create`, packageForm({ name: name.toUpperCase() }));
    expect(dup.status).toBe(400);
    expect(await text(dup)).toContain(TEXT.nameTaken);

    const raced = unique("Race");
    const other = client(1);
    for (const [k, v] of admin.c.cookies) other.cookies.set(k, v);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? other : admin.c).post(PAGES.packages, packageForm({ name: i % 3 ? raced : raced.toLowerCase() })),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 400, 400, 400, 400, 400]);
    expect((await db`select count(*)::int as n from packages where lower(name) = lower(${raced})`)[0].n).toBe(1);
  });

  it("updates a package by id (the modal is a URL) and refuses renaming it onto another's name", async () => {
    const admin = await account("admin");
    const name = unique("Old");
    await admin.c.post(PAGES.packages, packageForm({ name }));
    const pkg = (await packageByName(name))!;
    const modal = await text(await admin.c.get(`${PAGES.packages}?edit=${pkg.id}`));
    expect(modal).toContain(`Update Package ${name}`);

    const renamed = unique("New");
    const res = await admin.c.post(
      `${PAGES.packages}?edit=${pkg.id}`,
      packageForm({ intent: "update", packageId: pkg.id, name: renamed, price: "0.99" }),
    );
    expect(await text(await follow(admin.c, res))).toContain(TEXT.packageUpdated);
    expect(await packageByName(renamed)).toMatchObject({ id: pkg.id, price_cents: 99 });

    const taken = unique("Taken");
    await admin.c.post(PAGES.packages, packageForm({ name: taken }));
    const clash = await admin.c.post(
      `${PAGES.packages}?edit=${pkg.id}`,
      packageForm({ intent: "update", packageId: pkg.id, name: taken.toLowerCase() }),
    );
    expect(clash.status).toBe(400);
    expect(await text(clash)).toContain(TEXT.nameTaken);
    // Keeping its own name (in another case) is fine.
    const same = await admin.c.post(
      PAGES.packages,
      packageForm({ intent: "update", packageId: pkg.id, name: renamed.toUpperCase() }),
    );
    expect(same.status).toBe(302);
  });

  it("answers unknown and malformed package ids with 404", async () => {
    const admin = await account("admin");
    expect((await admin.c.get(`${PAGES.packages}?edit=nope`)).status).toBe(404);
    expect((await admin.c.get(`${PAGES.packages}?delete=00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await admin.c.post(PAGES.packages, { intent: "delete", packageId: "1 or 1=1" })).status).toBe(404);
    expect(
      (
        await admin.c.post(
          PAGES.packages,
          packageForm({ intent: "update", packageId: "00000000-0000-4000-8000-000000000000" }),
        )
      ).status,
    ).toBe(404);
  });

  it("deletes a package after the confirm modal; professional records that bought it stay readable", async () => {
    const admin = await account("admin");
    const buyer = await account("user", `Buyer ${unique("b")}`);
    const name = unique("Gone");
    await admin.c.post(PAGES.packages, packageForm({ name }));
    const pkg = (await packageByName(name))!;
    const recordId = await addProfessionalRecord(buyer, name, new Date(), pkg.id);

    const confirm = await text(await admin.c.get(`${PAGES.packages}?delete=${pkg.id}`));
    expect(confirm).toContain(`Do you want to delete "${name}" package ?`);
    expect(confirm).toContain("If you delete it will completely delete from database.");

    const page = await text(
      await follow(admin.c, await admin.c.post(PAGES.packages, { intent: "delete", packageId: pkg.id })),
    );
    expect(page).toContain(TEXT.packageDeleted);
    expect(page).not.toContain(name);
    expect(await packageByName(name)).toBeUndefined();
    const [record] = await db`select pack, package_id from professionals where id = ${recordId}`;
    expect(record).toEqual({ pack: name, package_id: null });
    expect(await text(await admin.c.get(PAGES.professionals))).toContain(buyer.email);
    expect(await text(await client().get("/pricing"))).not.toContain(name);
  });
});

describe("Professional Collections", () => {
  it("lists records with the pack and the issued date in the admin's time zone", async () => {
    const admin = await account("admin");
    await db`update users set time_zone = 'Asia/Tokyo' where id = ${admin.id}`;
    const buyer = await account("user", `Kim ${unique("k")}`);
    await addProfessionalRecord(buyer, "Standard", new Date("2026-03-01T20:30:00Z"));
    const page = await text(await admin.c.get(PAGES.professionals));
    // 20:30 UTC on March 1 is 05:30 on March 2 in Tokyo.
    expect(page).toContain(`${buyer.name} Email ${buyer.email} Status Standard Issued Date Mon, Mar 2, 2026 5:30 AM`);
  });

  it("removes a buyer's only record after the confirm modal: back to user, end date cleared", async () => {
    const admin = await account("admin");
    const buyer = await account("user", `Solo ${unique("s")}`);
    const recordId = await addProfessionalRecord(buyer, "Standard", new Date());
    await db`update users set role = 'professional', professional_until = now() + interval '30 days' where id = ${buyer.id}`;

    const confirm = await text(await admin.c.get(`${PAGES.professionals}?remove=${recordId}`));
    expect(confirm).toContain(`Are you sure to delete ${buyer.name}?`);
    const page = await text(
      await follow(admin.c, await admin.c.post(PAGES.professionals, { intent: "remove", recordId })),
    );
    expect(page).toContain(TEXT.clientDeleted);
    expect((await db`select count(*)::int as n from professionals where id = ${recordId}`)[0].n).toBe(0);
    expect(await roleOf(buyer.id)).toEqual({ role: "user", professional_until: null });
  });

  it("keeps the professional status while another record still covers the buyer", async () => {
    const admin = await account("admin");
    const buyer = await account("user", `Twice ${unique("t")}`);
    const older = await addProfessionalRecord(buyer, "Basic", new Date(Date.now() - 20 * 86_400_000));
    await addProfessionalRecord(buyer, "Standard", new Date(Date.now() - 86_400_000));
    await db`update users set role = 'professional', professional_until = now() + interval '40 days' where id = ${buyer.id}`;
    expect((await admin.c.post(PAGES.professionals, { intent: "remove", recordId: older })).status).toBe(302);
    const after = await roleOf(buyer.id);
    expect(after.role).toBe("professional");
    expect(after.professional_until!.getTime()).toBeGreaterThan(Date.now() + 25 * 86_400_000);
  });

  it("answers unknown and malformed record ids with 404", async () => {
    const admin = await account("admin");
    expect((await admin.c.get(`${PAGES.professionals}?remove=abc`)).status).toBe(404);
    expect((await admin.c.post(PAGES.professionals, { intent: "remove", recordId: "abc" })).status).toBe(404);
    expect(
      (await admin.c.post(PAGES.professionals, { intent: "remove", recordId: "00000000-0000-4000-8000-000000000000" }))
        .status,
    ).toBe(404);
  });
});

describe("Manage All Event and Scheduled Events", () => {
  it("lists every host's events with host, type and time in the admin's zone, filtered by GET params", async () => {
    const admin = await account("admin");
    await db`update users set time_zone = 'America/New_York' where id = ${admin.id}`;
    const host = await account("user", `Hana ${unique("h")}`);
    const soon = unique("Soon");
    const later = unique("Later");
    await createEvent(host.c, soon, 5);
    await createEvent(host.c, later, 9);
    const past = unique("Past");
    await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
             values (${host.id}, ${past}, 'Phone Call', 'One-to-One', 'x', now() - interval '2 days', now() - interval '2 days' + interval '30 minutes')`;

    const all = await text(await admin.c.get(`${PAGES.events}?host=${encodeURIComponent(host.email)}`));
    for (const name of [soon, later, past]) expect(all).toContain(name);
    expect(all).toContain(host.name);
    expect(all).toContain("Google Meet · One-to-One");
    expect(all).toMatch(/\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M \((EST|EDT)\)/);

    const upcoming = await text(
      await admin.c.get(`${PAGES.events}?host=${encodeURIComponent(host.name)}&when=upcoming`),
    );
    expect(upcoming).toContain(soon);
    expect(upcoming).not.toContain(past);
    expect(upcoming.indexOf(soon)).toBeLessThan(upcoming.indexOf(later));
    const pastOnly = await text(await admin.c.get(`${PAGES.events}?host=${encodeURIComponent(host.email)}&when=past`));
    expect(pastOnly).toContain(past);
    expect(pastOnly).not.toContain(soon);
    const cancelledOnly = await text(
      await admin.c.get(`${PAGES.events}?host=${encodeURIComponent(host.email)}&status=cancelled`),
    );
    expect(cancelledOnly).toContain("No events match");
    // Unknown filter values fall back to the defaults instead of failing.
    expect((await admin.c.get(`${PAGES.events}?status=weird&when=%27&page=-3`)).status).toBe(200);

    // Every host's upcoming events, 20 a page, soonest first: other tests' bookings may come first.
    const [{ n }] = await db<
      { n: number }[]
    >`select count(*)::int as n from events where starts_at > now() and status <> 'cancelled'`;
    let scheduled = "";
    for (let page = 1; page <= Math.ceil(n / 20) + 1; page++)
      scheduled += await html(await admin.c.get(`${PAGES.scheduled}?page=${page}`));
    expect(scheduled).toContain(soon);
    expect(scheduled).not.toContain(past);
  });

  it("cancels a host's event: status cancelled, sequence bumped, METHOD:CANCEL to invitees, host notified, cap freed", async () => {
    const admin = await account("admin");
    const host = await account("user", `Capped ${unique("c")}`);
    const tag = unique("Cancel me");
    const ids = [
      await createEvent(host.c, tag, 6, "invitee@example.org"),
      await createEvent(host.c, unique("Two"), 7),
      await createEvent(host.c, unique("Three"), 8),
    ];
    const fourthEvent = {
      eventName: unique("Fourth"),
      eventType: "Phone Call",
      description: "x",
      date: dayFromNow(11),
      time: "09:00",
      duration: "30",
      targetedEmail: "a@example.org",
    };
    // At the cap: a fourth is refused (the document request is sent on to /pricing).
    const refused = await host.c.post("/one-to-one", fourthEvent);
    expect(refused.headers.get("location")).toBe("/pricing");

    const modal = await text(await admin.c.get(`${PAGES.events}?cancel=${ids[0]}`));
    expect(modal).toContain(`Cancel "${tag}"?`);
    const res = await admin.c.post(`${PAGES.events}?cancel=${ids[0]}`, { intent: "cancel", eventId: ids[0] });
    expect(res.headers.get("location")).toBe(PAGES.events);
    const page = await follow(admin.c, res);
    expect(await text(page)).toContain("The event is cancelled and its invitees are told.");

    const [event] = await db`select status, sequence from events where id = ${ids[0]}`;
    expect(event).toEqual({ status: "cancelled", sequence: 1 });
    // The cancel's mails leave through the booking events outbox (decision 030).
    await bookingMailsSettled(db);
    const mails =
      await db`select "to", subject, attachments from mail_outbox where subject like ${`Cancelled: ${tag}%`}`;
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0].to)).toContain("invitee@example.org");
    const attachment = mails[0].attachments[0];
    const ics =
      attachment.encoding === "base64"
        ? Buffer.from(attachment.content, "base64").toString("utf8")
        : attachment.content;
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("SEQUENCE:1");
    const notes =
      await db`select notification from notifications where user_id = ${host.id} and notification like ${`An admin cancelled your event "${tag}"%`}`;
    expect(notes).toHaveLength(1);

    // The host's cap is freed.
    const fourth = await host.c.post("/one-to-one", fourthEvent);
    expect(fourth.headers.get("location")).toBe("/dashboard");

    // A second cancel changes nothing and says so; the cancelled event leaves Scheduled Events.
    const again = await admin.c.post(PAGES.events, { intent: "cancel", eventId: ids[0] });
    expect(again.status).toBe(409);
    expect((await db`select sequence from events where id = ${ids[0]}`)[0].sequence).toBe(1);
    expect(await html(await admin.c.get(PAGES.scheduled))).not.toContain(tag);
  });

  it("answers unknown and malformed event ids with 404", async () => {
    const admin = await account("admin");
    expect((await admin.c.get(`${PAGES.events}?cancel=xyz`)).status).toBe(404);
    expect((await admin.c.post(PAGES.events, { intent: "cancel", eventId: "xyz" })).status).toBe(404);
    expect(
      (await admin.c.post(PAGES.events, { intent: "cancel", eventId: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(404);
  });
});
