/**
 * A host's own logo, apart from the profile photo (decision 117), over real HTTP against
 * PostgreSQL: uploaded over JSON (POST and DELETE /api/me/logo) or with the profile's plain
 * multipart form, with a team logo's checks (decision 112); `logoUrl` on GET /api/me; served like a
 * team's logo (WebP, and PNG for mails); shown in place of the photo on the host's public page and
 * booking page at once (the page cache drops them); a team's booking page keeps the team's. The
 * guests' designed HTML mails, read from the mail outbox, show the host's logo (or the team's, for
 * a team's event type) at the top as an absolute PNG URL with alt text, and nothing without one.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { bookingMailsSettled } from "../support/mail-wait";
import { allDayEventType, apiClient, at, errorOf, ok, type Account } from "./api-client";
import { servers } from "./context";
import { bookAt, teamCast, teamEventType } from "./team-fixtures";

const { db, call, account } = apiClient({ ipPrefix: "10.247", namePrefix: "HostLogo" });

type Profile = { id: string; brandColor: string | null; logoUrl: string | null };

const image = async (width: number, height: number, background: string) =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width, height, channels: 4, background } })
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

const decode = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&");

async function anonymous(path: string): Promise<string> {
  const res = await call("GET", path);
  const html = await res.text();
  expect(res.status, html.slice(0, 300)).toBe(200);
  return decode(html);
}

describe("a host's logo", () => {
  let host: Account;
  let username: string;

  beforeAll(async () => {
    host = await account("logohost", "professional");
    username = `hl${crypto.randomUUID().slice(0, 8)}`;
    await db`update users set username = ${username}, name = 'Lena Logo', time_zone = 'UTC' where id = ${host.id}`;
    await allDayEventType(call, host.token, {
      title: "Logo Chat",
      slug: "chat",
      duration: 30,
      location: { type: "google-meet" },
    });
    // A photo too: the logo takes its place on the pages.
    const photo = new FormData();
    photo.append("intent", "upload");
    photo.append("photo", await image(100, 100, "#2a6"), "me.png");
    const res = await host.c.request("/dashboard/profile/photo", {
      method: "POST",
      body: photo,
      headers: { origin: host.c.baseUrl },
    });
    expect(res.status).toBe(302);
  });

  it("is uploaded over JSON, given as logoUrl by GET /api/me, served as WebP and PNG", async () => {
    expect((await ok<Profile>(await call("GET", "/api/me", { token: host.token }))).logoUrl).toBeNull();
    // The public pages are cached without a logo first.
    expect(await anonymous(`/${username}/chat?tz=UTC`)).toContain(`/avatars/${host.id}/`);
    expect(await anonymous(`/${username}`)).toContain(`/avatars/${host.id}/`);

    const res = await call("POST", "/api/me/logo", {
      token: host.token,
      body: logoForm({ logo: await image(600, 200, "#b41e1e") }),
    });
    const profile = await ok<Profile>(res);
    expect(profile.id).toBe(host.id);
    expect(profile.logoUrl).toMatch(new RegExp(`^/host-logos/${host.id}/[0-9a-f]{16}\\.webp$`));
    expect((await ok<Profile>(await call("GET", "/api/me", { token: host.token }))).logoUrl).toBe(profile.logoUrl);

    const large = await call("GET", profile.logoUrl!);
    expect(large.status).toBe(200);
    expect(large.headers.get("content-type")).toBe("image/webp");
    expect(large.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await large.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["webp", 256, 256, true]);
    // Fitted whole, as a team's logo: the wide logo leaves the square's top row transparent.
    const { data } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
    const png = await call("GET", profile.logoUrl!.replace(".webp", "-96.png"));
    expect(png.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).width).toBe(96);
  });

  it("is shown in place of the photo on the public page and the booking page at once", async () => {
    const { logoUrl } = await ok<Profile>(await call("GET", "/api/me", { token: host.token }));
    const small = logoUrl!.replace(".webp", "-96.webp");
    for (const html of [await anonymous(`/${username}/chat?tz=UTC`), await anonymous(`/${username}`)]) {
      expect(html).toContain(`src="${small}"`);
      expect(html).toContain('alt="Lena Logo logo"');
      expect(html).not.toContain(`/avatars/${host.id}/`);
    }
  });

  it("is refused with a team logo's checks: not an image 422, no file 400, not multipart 415, over 5 MB 413", async () => {
    const wrong = await call("POST", "/api/me/logo", {
      token: host.token,
      body: logoForm({ logo: new Blob([new TextEncoder().encode("not an image at all")]) }),
    });
    expect(wrong.status).toBe(422);
    expect((await errorOf(wrong)).message).toBe("That file is not a JPEG, PNG or WebP image.");
    const none = await call("POST", "/api/me/logo", { token: host.token, body: logoForm({ other: "x" }) });
    expect(none.status).toBe(400);
    expect((await errorOf(none)).message).toBe("Choose a logo to upload.");
    expect((await call("POST", "/api/me/logo", { token: host.token, json: {} })).status).toBe(415);
    const big = await call("POST", "/api/me/logo", {
      token: host.token,
      body: logoForm({ logo: new Blob([new Uint8Array(5 * 1024 * 1024 + 10)]) }),
    });
    expect(big.status).toBe(413);
    expect((await errorOf(big)).message).toBe("The logo is larger than 5 MB. Choose a smaller one.");
    expect((await call("POST", "/api/me/logo", { body: logoForm({ logo: await image(10, 10, "#000") }) })).status).toBe(
      401,
    );
  });

  it("is replaced and removed with the profile's plain forms; the old URL is 404; DELETE over JSON is 204", async () => {
    const before = (await ok<Profile>(await call("GET", "/api/me", { token: host.token }))).logoUrl!;
    const profilePage = decode(await (await host.c.get("/dashboard/profile")).text());
    expect(profilePage).toContain('action="/dashboard/profile/logo"');
    expect(profilePage).toContain(`src="${before}"`);

    const uploaded = await host.c.request("/dashboard/profile/logo", {
      method: "POST",
      body: logoForm({ intent: "upload", logo: await image(120, 120, "#00503c") }),
      headers: { origin: host.c.baseUrl },
    });
    expect(uploaded.status).toBe(302);
    expect(uploaded.headers.get("location")).toBe("/dashboard/profile#logo");
    const after = (await ok<Profile>(await call("GET", "/api/me", { token: host.token }))).logoUrl!;
    expect(after).not.toBe(before);
    expect((await call("GET", before)).status).toBe(404);

    const refused = await host.c.request("/dashboard/profile/logo", {
      method: "POST",
      body: logoForm({ intent: "upload", logo: new Blob([new TextEncoder().encode("GIF89a")]) }),
      headers: { origin: host.c.baseUrl },
    });
    expect(refused.status).toBe(422);
    expect(visibleText(await refused.text())).toContain("That file is not a JPEG, PNG or WebP image.");

    const removed = await host.c.post("/dashboard/profile/logo", { intent: "remove" }, { origin: host.c.baseUrl });
    expect(removed.status).toBe(302);
    expect((await ok<Profile>(await call("GET", "/api/me", { token: host.token }))).logoUrl).toBeNull();
    // The photo is back on the pages.
    expect(await anonymous(`/${username}/chat?tz=UTC`)).toContain(`/avatars/${host.id}/`);
    const again = await host.c.post("/dashboard/profile/logo", { intent: "remove" }, { origin: host.c.baseUrl });
    expect(again.status).toBe(409);
    expect(visibleText(await again.text())).toContain("You have no logo to remove.");

    await ok(
      await call("POST", "/api/me/logo", { token: host.token, body: logoForm({ logo: await image(50, 50, "#123") }) }),
    );
    expect((await call("DELETE", "/api/me/logo", { token: host.token })).status).toBe(204);
    expect((await call("DELETE", "/api/me/logo", { token: host.token })).status).toBe(204);
    const [row] = await db`select count(*)::int as n from user_logos where user_id = ${host.id}`;
    expect(row.n).toBe(0);
  });

  it("a team's booking page keeps the team's logo, not its maker's", async () => {
    const cast = await teamCast(call, db, account, "hlteam");
    const id = await teamEventType(call, db, cast);
    const [{ slug }] = await db`select slug from event_types where id = ${id}`;
    const mine = await ok<Profile>(
      await call("POST", "/api/me/logo", {
        token: cast.owner.token,
        body: logoForm({ logo: await image(80, 80, "#345") }),
      }),
    );
    const html = await anonymous(`/team/${cast.team.slug}/${slug}`);
    expect(html).not.toContain(mine.logoUrl!.replace(".webp", ""));
    expect(html).not.toContain("/host-logos/");
  });
});

/** The HTML of the guest's mail of a booking, from the mail outbox. */
async function guestMailHtml(bookingId: string): Promise<string> {
  await bookingMailsSettled(db);
  // bookAt's guest is gail-…@example.test; the host's own mail goes to the host.
  const mails = await db<{ html: string | null }[]>`
    select html from mail_outbox where event_id = ${bookingId} and "to" like 'gail-%'`;
  expect(mails.length).toBeGreaterThan(0);
  return mails[0]!.html ?? "";
}

/** The mail's images, tag by tag. */
const imagesOf = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];

describe("logos in the guests' mails", () => {
  it("a host without a logo: the mail has no logo, as before", async () => {
    const plain = await account("nologo", "professional");
    const type = await allDayEventType(call, plain.token, { title: "Plain", slug: "plain", duration: 30 });
    const booking = await bookAt(call, type._id as string, at(3, "10:00"));
    const html = await guestMailHtml(booking.id);
    expect(html).toContain("invites you to");
    expect(html).not.toContain("/host-logos/");
    expect(html).not.toContain("/team-logos/");
    // Only the app's own mark in the header, as before.
    expect(imagesOf(html).map((img) => /alt="([^"]*)"/.exec(img)?.[1])).toEqual(["Scheduler logo"]);
  });

  it("a host's logo: at the top, before the photo and the first line, as a PNG URL from APP_URL with alt text", async () => {
    const host = await account("maillogo", "professional");
    await db`update users set name = 'Mia <Mail>' where id = ${host.id}`;
    const type = await allDayEventType(call, host.token, { title: "Logo mail", slug: "logo-mail", duration: 30 });
    const { logoUrl } = await ok<Profile>(
      await call("POST", "/api/me/logo", { token: host.token, body: logoForm({ logo: await image(90, 60, "#0a5") }) }),
    );
    const booking = await bookAt(call, type._id as string, at(3, "11:00"));
    const html = await guestMailHtml(booking.id);
    // The mail is written by whichever server's job runner takes the booking: its APP_URL.
    const urls = servers().map((base) => `${base.replace(/\/$/, "")}${logoUrl!.replace(".webp", "-96.png")}`);
    const logo = imagesOf(html).find((img) => img.includes("/host-logos/"));
    const url = / src="([^"]*)"/.exec(logo ?? "")?.[1];
    expect(urls).toContain(url);
    expect(logo).toContain('alt="Mia &lt;Mail&gt; logo"');
    // At the top of the content: after the app's header, before the first line.
    expect(html.indexOf("/host-logos/")).toBeGreaterThan(html.indexOf('alt="Scheduler logo"'));
    expect(html.indexOf("/host-logos/")).toBeLessThan(html.lastIndexOf("invites you"));
    const png = await fetch(url!);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
  });

  it("a team's event type: the team's logo, not its host's", async () => {
    const cast = await teamCast(call, db, account, "mailteam");
    const id = await teamEventType(call, db, cast);
    const team = await ok<{ logoUrl: string }>(
      await call("POST", `/api/teams/${cast.team.id}/logo`, {
        token: cast.owner.token,
        body: logoForm({ logo: await image(300, 100, "#a30") }),
      }),
    );
    for (const who of [cast.owner, cast.member]) {
      await ok(
        await call("POST", "/api/me/logo", { token: who.token, body: logoForm({ logo: await image(40, 40, "#555") }) }),
      );
    }
    const booking = await bookAt(call, id, at(3, "00:30"));
    const html = await guestMailHtml(booking.id);
    const logo = imagesOf(html).find((img) => img.includes("/team-logos/"));
    expect(logo).toContain(`${team.logoUrl.replace(".webp", "-96.png")}"`);
    expect(logo).toContain('alt="mailteam team logo"');
    expect(html).not.toContain("/host-logos/");
  });
});
