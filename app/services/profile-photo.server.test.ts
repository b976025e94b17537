import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, avatarPath, avatarUrl, parseAvatarFile } from "~/schemas/profile-photo";
import { hostLogoPath, logoMailUrl, teamLogoPath } from "~/schemas/team-logo";
import { photoAsPng, preparePhoto, sniffImageType } from "./profile-photo.server";

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

describe("preparePhoto", () => {
  it("makes square WebP renditions of 256 and 96 px from a wide PNG", async () => {
    const out = await preparePhoto(await picture(300, 100).png().toBuffer());
    if (!out.ok) throw new Error(out.message);
    const large = await sharp(out.photo.large).metadata();
    const small = await sharp(out.photo.small).metadata();
    expect([large.format, large.width, large.height]).toEqual(["webp", 256, 256]);
    expect([small.format, small.width, small.height]).toEqual(["webp", 96, 96]);
    expect(out.photo.hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("drops the EXIF data of a JPEG, GPS position included", async () => {
    const jpeg = await picture(120, 160)
      .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const out = await preparePhoto(jpeg);
    if (!out.ok) throw new Error(out.message);
    const meta = await sharp(out.photo.large).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(out.photo.large).includes(Buffer.from("PhoneCo"))).toBe(false);
  });

  it("accepts WebP and gives the same bytes the same hash", async () => {
    const webp = await picture(64, 64).webp().toBuffer();
    const [a, b] = await Promise.all([preparePhoto(webp), preparePhoto(webp)]);
    expect(a.ok && b.ok && a.photo.hash === b.photo.hash).toBe(true);
  });

  it("refuses what is not a JPEG, PNG or WebP by its bytes, whatever it is called", async () => {
    expect(await preparePhoto(Buffer.from("hello, I am a photo.png"))).toEqual({
      ok: false,
      message: PHOTO_MESSAGES.wrongType,
    });
    const gif = await picture(10, 10).gif().toBuffer();
    expect(await preparePhoto(gif)).toEqual({ ok: false, message: PHOTO_MESSAGES.wrongType });
  });

  it("refuses a file that starts like a PNG but is not one", async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect(await preparePhoto(fake)).toEqual({ ok: false, message: PHOTO_MESSAGES.unreadable });
  });

  it("refuses an empty file and one over 5 MB", async () => {
    expect(await preparePhoto(new Uint8Array())).toEqual({ ok: false, message: PHOTO_MESSAGES.missing });
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await preparePhoto(big)).toEqual({ ok: false, message: PHOTO_MESSAGES.tooBig });
  });
});

describe("sniffImageType", () => {
  it("reads the first bytes", async () => {
    expect(sniffImageType(await picture(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await picture(4, 4).png().toBuffer())).toBe("png");
    expect(sniffImageType(await picture(4, 4).webp().toBuffer())).toBe("webp");
    expect(sniffImageType(Buffer.from("RIFF0000WAVE"))).toBeNull();
  });
});

describe("photoAsPng", () => {
  it("turns a stored WebP rendition into a PNG of the same size", async () => {
    const out = await preparePhoto(await picture(300, 200).png().toBuffer());
    if (!out.ok) throw new Error(out.message);
    const meta = await sharp(await photoAsPng(out.photo.small)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 96, 96]);
  });
});

describe("avatar URLs", () => {
  const id = "6f1c1b0e-7d4a-4e55-9d7e-3a1f2b3c4d5e";
  it("names the bytes and reads back", () => {
    expect(avatarPath(id, "0123456789abcdef")).toBe(`/avatars/${id}/0123456789abcdef.webp`);
    expect(parseAvatarFile("0123456789abcdef-96.webp")).toEqual({
      hash: "0123456789abcdef",
      size: "small",
      format: "webp",
    });
    // PNG for mails (several mail clients show no WebP); nothing else.
    expect(parseAvatarFile("0123456789abcdef-96.png")).toEqual({
      hash: "0123456789abcdef",
      size: "small",
      format: "png",
    });
    expect(parseAvatarFile("0123456789abcdef.jpg")).toBeNull();
    expect(parseAvatarFile("0123456789abcdef-96.png.webp")).toBeNull();
    expect(parseAvatarFile("../etc.webp")).toBeNull();
  });
  it("is absolute for mails, null without a photo", () => {
    expect(avatarUrl({ id, photoHash: "0123456789abcdef" }, "https://cal.example.com/")).toBe(
      `https://cal.example.com/avatars/${id}/0123456789abcdef.webp`,
    );
    expect(avatarUrl({ id, photoHash: "0123456789abcdef" }, "https://cal.example.com", "small", "png")).toBe(
      `https://cal.example.com/avatars/${id}/0123456789abcdef-96.png`,
    );
    expect(avatarUrl({ id, photoHash: null }, "https://cal.example.com")).toBeNull();
  });
});

describe("logo URLs (decisions 112, 117)", () => {
  const id = "6f1c1b0e-7d4a-4e55-9d7e-3a1f2b3c4d5e";
  it("name the host's and the team's logos by their hash, WebP for pages and PNG for mails", () => {
    expect(hostLogoPath(id, "0123456789abcdef")).toBe(`/host-logos/${id}/0123456789abcdef.webp`);
    expect(hostLogoPath(id, "0123456789abcdef", "small", "png")).toBe(`/host-logos/${id}/0123456789abcdef-96.png`);
    expect(teamLogoPath(id, "0123456789abcdef", "small")).toBe(`/team-logos/${id}/0123456789abcdef-96.webp`);
  });
  it("are absolute for mails (the small PNG), null without a logo", () => {
    expect(logoMailUrl({ owner: "host", id, hash: "0123456789abcdef" }, "https://cal.example.com/")).toBe(
      `https://cal.example.com/host-logos/${id}/0123456789abcdef-96.png`,
    );
    expect(logoMailUrl({ owner: "team", id, hash: "0123456789abcdef" }, "https://cal.example.com")).toBe(
      `https://cal.example.com/team-logos/${id}/0123456789abcdef-96.png`,
    );
    expect(logoMailUrl({ owner: "host", id, hash: null }, "https://cal.example.com")).toBeNull();
  });
});
