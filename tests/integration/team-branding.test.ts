/**
 * A team's logo and brand colour on its pages (decision 112) over real HTTP against PostgreSQL:
 * owners and admins upload the logo as a plain multipart form or over JSON (POST and DELETE
 * /api/teams/{id}/logo) with the profile photo's checks; members get 403 and outsiders 404; the
 * Team resource gives `logoUrl`; the team page and its booking pages show the team's logo and colour
 * instead of the host's photo; "Powered by" follows the team owners' plan, not the event type's maker's.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { HttpClient, visibleText } from "../support/http";
import { API_PASSWORD, apiClient, errorOf, ok, type Account } from "./api-client";
import { holdPackage, servers, signIn } from "./context";
import { join, teamCast, teamEventType, type TeamCast } from "./team-fixtures";

const { db, call, account, freshIp } = apiClient({ ipPrefix: "10.246", namePrefix: "TeamBrand" });

type Team = { id: string; slug: string; brandColor: string | null; logoUrl: string | null };

/** A wide logo: it is fitted whole, not cropped to its middle. */
const wideLogo = async () =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 180, g: 30, b: 30, alpha: 1 } } })
        .png()
        .toBuffer(),
    ),
  ]);

function logoForm(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, "logo.png");
  }
  return form;
}

/** A visitor's page, with a cookie of its own so the page cache never answers it. */
async function page(path: string): Promise<string> {
  const res = await fetch(new URL(path, servers()[0]), {
    headers: { cookie: "visitor=1", "x-forwarded-for": freshIp() },
  });
  const html = await res.text();
  expect(res.status, html.slice(0, 300)).toBe(200);
  return html;
}

const decode = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&");

async function browserOf(who: Account) {
  const browser = new HttpClient(servers()[0], { "x-forwarded-for": freshIp() });
  expect((await signIn(browser, who.email, API_PASSWORD)).status).toBe(302);
  return browser;
}

describe("a team's logo", () => {
  let cast: TeamCast;
  let eventSlug: string;

  beforeAll(async () => {
    cast = await teamCast(call, db, account, "tlogo");
    const id = await teamEventType(call, db, cast);
    const [row] = await db`select slug from event_types where id = ${id}`;
    eventSlug = row.slug as string;
  });

  it("an admin uploads it over JSON; it is served like a photo and the Team resource gives its URL", async () => {
    const res = await call("POST", `/api/teams/${cast.team.id}/logo`, {
      token: cast.admin.token,
      body: logoForm({ logo: await wideLogo() }),
    });
    const team = await ok<Team>(res);
    expect(team.logoUrl).toMatch(new RegExp(`^/team-logos/${cast.team.id}/[0-9a-f]{16}\\.webp$`));
    const listed = await ok<Team[]>(await call("GET", "/api/teams", { token: cast.member.token }));
    expect(listed.find((t) => t.id === cast.team.id)?.logoUrl).toBe(team.logoUrl);

    const image = await call("GET", team.logoUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["webp", 256, 256, true]);
    // Fitted whole: the wide logo leaves the square's top row transparent, where a crop would be red.
    const { data } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
    const small = await call("GET", team.logoUrl!.replace(".webp", "-96.webp"));
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(96);
  });

  it("is shown on the team page and its booking page instead of the host's photo, in the team's colour", async () => {
    await ok(
      await call("PATCH", `/api/teams/${cast.team.id}`, { token: cast.owner.token, json: { brandColor: "#0f766e" } }),
    );
    const team = await ok<Team>(await call("GET", `/api/teams/${cast.team.id}`, { token: cast.owner.token }));
    const small = team.logoUrl!.replace(".webp", "-96.webp");

    const teamPage = decode(await page(`/team/${cast.team.slug}`));
    expect(teamPage).toContain(`src="${small}"`);
    expect(teamPage).toMatch(/<section data-brand="" style="--c-accent:15 118 110/);

    const booking = decode(await page(`/team/${cast.team.slug}/${eventSlug}`));
    expect(booking).toContain(`src="${small}"`);
    expect(booking).toContain('alt="tlogo team logo"');
    expect(booking).not.toContain("/avatars/");
    expect(booking).toMatch(/<section lang="en" data-brand="" style="--c-accent:15 118 110/);
  });

  it("is refused with the photo's checks: not an image 422, no file 400, not multipart 415", async () => {
    const text = new Blob([new TextEncoder().encode("not an image at all")]);
    const wrong = await call("POST", `/api/teams/${cast.team.id}/logo`, {
      token: cast.owner.token,
      body: logoForm({ logo: text }),
    });
    expect(wrong.status).toBe(422);
    expect((await errorOf(wrong)).message).toBe("That file is not a JPEG, PNG or WebP image.");
    const none = await call("POST", `/api/teams/${cast.team.id}/logo`, {
      token: cast.owner.token,
      body: logoForm({ other: "x" }),
    });
    expect(none.status).toBe(400);
    expect((await errorOf(none)).message).toBe("Choose a logo to upload.");
    const json = await call("POST", `/api/teams/${cast.team.id}/logo`, { token: cast.owner.token, json: {} });
    expect(json.status).toBe(415);
  });

  it("is over 5 MB: 413 with the logo's message", async () => {
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 10)]);
    const res = await call("POST", `/api/teams/${cast.team.id}/logo`, {
      token: cast.owner.token,
      body: logoForm({ logo: big }),
    });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe("The logo is larger than 5 MB. Choose a smaller one.");
  });

  it("members get 403 and outsiders 404, over JSON and on the page", async () => {
    const form = () => logoForm({ logo: new Blob([new Uint8Array([1, 2, 3])]) });
    expect(
      (await call("POST", `/api/teams/${cast.team.id}/logo`, { token: cast.member.token, body: form() })).status,
    ).toBe(403);
    expect((await call("DELETE", `/api/teams/${cast.team.id}/logo`, { token: cast.member.token })).status).toBe(403);
    expect(
      (await call("POST", `/api/teams/${cast.team.id}/logo`, { token: cast.outsider.token, body: form() })).status,
    ).toBe(404);
    expect((await call("DELETE", `/api/teams/${cast.team.id}/logo`, { token: cast.outsider.token })).status).toBe(404);

    const member = await browserOf(cast.member);
    const page = `/dashboard/teams/${cast.team.id}/logo`;
    expect((await member.get(page)).status).toBe(403);
    expect((await member.post(page, { intent: "remove" }, { origin: member.baseUrl })).status).toBe(403);
    expect(decode(await (await member.get(`/dashboard/teams/${cast.team.id}`)).text())).not.toContain('id="team-logo"');
    const outsider = await browserOf(cast.outsider);
    expect((await outsider.post(page, { intent: "remove" }, { origin: outsider.baseUrl })).status).toBe(404);
    const [row] = await db`select count(*)::int as n from team_logos where team_id = ${cast.team.id}`;
    expect(row.n).toBe(1);
  });

  it("the owner replaces it with the plain form and removes it; the old URL is 404", async () => {
    const before = (await ok<Team>(await call("GET", `/api/teams/${cast.team.id}`, { token: cast.owner.token })))
      .logoUrl!;
    const owner = await browserOf(cast.owner);
    const settings = decode(await (await owner.get(`/dashboard/teams/${cast.team.id}`)).text());
    expect(settings).toContain(`action="/dashboard/teams/${cast.team.id}/logo"`);
    expect(settings).toMatch(/enctype="multipart\/form-data"/i);

    const other = new Blob([
      new Uint8Array(
        await sharp({ create: { width: 120, height: 120, channels: 3, background: { r: 0, g: 80, b: 60 } } })
          .jpeg()
          .toBuffer(),
      ),
    ]);
    const uploaded = await owner.request(`/dashboard/teams/${cast.team.id}/logo`, {
      method: "POST",
      body: logoForm({ intent: "upload", logo: other }),
      headers: { origin: owner.baseUrl },
    });
    expect(uploaded.status).toBe(302);
    expect(uploaded.headers.get("location")).toBe(`/dashboard/teams/${cast.team.id}#team-logo`);
    const after = (await ok<Team>(await call("GET", `/api/teams/${cast.team.id}`, { token: cast.owner.token })))
      .logoUrl!;
    expect(after).not.toBe(before);
    expect((await call("GET", before)).status).toBe(404);

    const refused = await owner.request(`/dashboard/teams/${cast.team.id}/logo`, {
      method: "POST",
      body: logoForm({ intent: "upload", logo: new Blob([new TextEncoder().encode("GIF89a")]) }),
      headers: { origin: owner.baseUrl },
    });
    expect(refused.status).toBe(422);
    expect(visibleText(await refused.text())).toContain("That file is not a JPEG, PNG or WebP image.");

    const removed = await owner.post(
      `/dashboard/teams/${cast.team.id}/logo`,
      { intent: "remove" },
      { origin: owner.baseUrl },
    );
    expect(removed.status).toBe(302);
    expect(
      (await ok<Team>(await call("GET", `/api/teams/${cast.team.id}`, { token: cast.owner.token }))).logoUrl,
    ).toBeNull();
    expect((await call("GET", after)).status).toBe(404);
    expect((await call("DELETE", `/api/teams/${cast.team.id}/logo`, { token: cast.owner.token })).status).toBe(204);
  });
});

describe("Powered by on a team's pages", () => {
  it("follows the team owner's plan, not the plan of the admin who made the event type", async () => {
    const owner = await account("tpb-owner");
    const admin = await account("tpb-admin", "professional");
    const team = await ok<Team>(
      await call("POST", "/api/teams", {
        token: owner.token,
        json: { name: "Plan team", slug: `tpb-${crypto.randomUUID().slice(0, 8)}` },
      }),
      201,
    );
    await join(call, db, team.id, owner, admin, "admin");
    const schedules = await ok<Array<{ _id: string; isDefault: boolean }>>(
      await call("GET", "/api/schedules", { token: admin.token }),
    );
    const def = schedules.find((s) => s.isDefault)!;
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" }));
    await ok(
      await call("PUT", `/api/schedules/${def._id}`, {
        token: admin.token,
        json: { name: "All day", timeZone: "UTC", weekly, overrides: [], isDefault: true },
      }),
    );
    const slug = `plan-${crypto.randomUUID().slice(0, 6)}`;
    await ok(
      await call("POST", `/api/teams/${team.id}/event-types`, {
        token: admin.token,
        json: {
          title: "Plan panel",
          slug,
          kind: "collective",
          hosts: [{ userId: admin.id }],
          duration: 30,
          location: { type: "video" },
        },
      }),
      201,
    );
    expect(visibleText(await page(`/team/${team.slug}/${slug}`))).toContain("Powered by Scheduler");
    await holdPackage(owner.email);
    expect(visibleText(await page(`/team/${team.slug}/${slug}`))).not.toContain("Powered by");
  });
});
