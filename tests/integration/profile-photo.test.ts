/**
 * The profile photo (decision 095) over real HTTP: a signed-in host uploads it as a plain multipart
 * form, it is served at a URL naming its bytes with long caching and 304s, booking pages show it at
 * once (the page cache empties), bad files get a 4xx and a message, and only its owner changes it.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { HttpClient } from "../support/http";
import { allDayEventType, apiClient, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.112", namePrefix: "Photo" });
const UPLOAD = "/dashboard/profile/photo";

function send(c: HttpClient, fields: Record<string, string | Blob>, filename = "me.png") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, filename);
  }
  return c.request(UPLOAD, { method: "POST", body: form, headers: { origin: c.baseUrl } });
}

const png = async () =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 90, b: 200 } } })
        .png()
        .toBuffer(),
    ),
  ]);

const decode = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&");

async function photoHash(userId: string): Promise<string | null> {
  const [row] = await db`select hash from user_photos where user_id = ${userId}`;
  return (row?.hash as string | undefined) ?? null;
}

describe("profile photo", () => {
  let host: Account;
  let username: string;

  beforeAll(async () => {
    host = await account("photohost", "professional");
    username = `ph${crypto.randomUUID().slice(0, 8)}`;
    await db`update users set username = ${username}, name = 'Paula Photo', time_zone = 'UTC' where id = ${host.id}`;
    await allDayEventType(call, host.token, {
      title: "Photo Chat",
      slug: "chat",
      duration: 30,
      location: { type: "google-meet" },
    });
  });

  it("is uploaded, served with long caching and a 304, and shown on the booking and public pages at once", async () => {
    // An anonymous visit first, so the page cache holds the page without a photo.
    const before = await call("GET", `/${username}/chat?tz=UTC`);
    expect(before.status).toBe(200);
    expect(await before.text()).not.toContain(`/avatars/${host.id}/`);

    const res = await send(host.c, { intent: "upload", photo: await png() });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/profile#photo");
    const hash = await photoHash(host.id);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);

    const profile = decode(await (await host.c.get("/dashboard/profile")).text());
    expect(profile).toContain(`src="/avatars/${host.id}/${hash}.webp"`);

    const photo = await call("GET", `/avatars/${host.id}/${hash}.webp`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    expect(photo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = photo.headers.get("etag");
    expect(etag).toBeTruthy();
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);
    const small = await call("GET", `/avatars/${host.id}/${hash}-96.webp`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(96);
    // The mails' PNG of the same rendition.
    const forMail = await call("GET", `/avatars/${host.id}/${hash}-96.png`);
    expect(forMail.headers.get("content-type")).toBe("image/png");
    const pngMeta = await sharp(Buffer.from(await forMail.arrayBuffer())).metadata();
    expect([pngMeta.format, pngMeta.width]).toEqual(["png", 96]);
    expect(forMail.headers.get("etag")).not.toBe(small.headers.get("etag"));

    const again = await call("GET", `/avatars/${host.id}/${hash}.webp`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toContain("immutable");
    expect((await call("GET", `/avatars/${host.id}/0000000000000000.webp`)).status).toBe(404);
    expect((await call("GET", `/avatars/not-a-uuid/${hash}.webp`)).status).toBe(404);

    // The page cache emptied on the upload: the next anonymous visit shows the photo.
    const booking = decode(await (await call("GET", `/${username}/chat?tz=UTC`)).text());
    expect(booking).toMatch(new RegExp(`<img[^>]*src="/avatars/${host.id}/${hash}-96.webp"[^>]*alt="Paula Photo"`));
    const home = decode(await (await call("GET", `/${username}`)).text());
    expect(home).toContain(`/avatars/${host.id}/${hash}-96.webp`);
  });

  it("refuses a file that is not an image by its bytes, whatever its name says, with a message", async () => {
    const before = await photoHash(host.id);
    const res = await send(host.c, {
      intent: "upload",
      photo: new Blob(["not a picture at all"], { type: "image/png" }),
    });
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain("That file is not a JPEG, PNG or WebP image.");
    expect(await photoHash(host.id)).toBe(before);
  });

  it("refuses a photo over 5 MB with a message, read or not", async () => {
    const over = new Uint8Array(5 * 1024 * 1024 + 10);
    over.set([0xff, 0xd8, 0xff]);
    const res = await send(host.c, { intent: "upload", photo: new Blob([over]) }, "big.jpg");
    expect(res.status).toBe(413);
    expect(decode(await res.text())).toContain("The photo is larger than 5 MB. Choose a smaller one.");
    // Far over: refused by its Content-Length before the app reads it.
    const huge = await send(
      host.c,
      { intent: "upload", photo: new Blob([new Uint8Array(8 * 1024 * 1024)]) },
      "huge.jpg",
    );
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("The photo is larger than 5 MB.");
  });

  it("asks for a file when none is sent, and for multipart", async () => {
    expect((await send(host.c, { intent: "upload" })).status).toBe(400);
    const plain = await host.c.post(UPLOAD, { intent: "upload" });
    expect(plain.status).toBe(400);
  });

  it("is changed only by its owner: a visitor is sent to sign in, another host's remove touches their own", async () => {
    const hash = await photoHash(host.id);
    expect(hash).not.toBeNull();
    const anonymous = await call("POST", UPLOAD, { body: new FormData(), headers: { origin: host.c.baseUrl } });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/signin");

    const other = await account("photoother");
    const removed = await send(other.c, { intent: "remove" });
    expect(removed.status).toBe(409);
    expect(await photoHash(host.id)).toBe(hash);
    const mine = await send(other.c, { intent: "upload", photo: await png() });
    expect(mine.status).toBe(302);
    expect(await photoHash(other.id)).not.toBeNull();
    expect(await photoHash(host.id)).toBe(hash);
  });

  it("is removed: its URL answers 404 and the booking page shows initials again", async () => {
    const hash = await photoHash(host.id);
    const res = await host.c.post(UPLOAD, { intent: "remove" });
    expect(res.status).toBe(302);
    expect(await photoHash(host.id)).toBeNull();
    expect((await call("GET", `/avatars/${host.id}/${hash}.webp`)).status).toBe(404);
    const booking = decode(await (await call("GET", `/${username}/chat?tz=UTC`)).text());
    expect(booking).not.toContain(`/avatars/${host.id}/`);
    expect(booking).toContain(">PP</span>");
  });
});
