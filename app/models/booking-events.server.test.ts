import { describe, expect, it } from "vitest";
import { collectMail, sendMail } from "~/server/mail-transport.server";
import { bookingEventRetryMs, fromSnapshot, toSnapshot } from "./booking-events.server";

describe("booking event snapshots", () => {
  it("keep dates as dates through JSON, nested and in arrays, and nothing else changes", () => {
    const value = {
      booking: {
        startsAt: new Date("2026-12-01T10:00:00.000Z"),
        invitees: ["a@x.test"],
        guestName: "2026-12-01T10:00:00.000Z",
      },
      seats: [{ cancelledAt: new Date(0), n: 1 }],
      none: null,
    };
    const stored = toSnapshot(value);
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
    const back = fromSnapshot<typeof value>(stored);
    expect(back.booking.startsAt).toBeInstanceOf(Date);
    expect(back.booking.startsAt.toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(back.booking.guestName).toBe("2026-12-01T10:00:00.000Z");
    expect(back.seats[0].cancelledAt).toEqual(new Date(0));
    expect(back).toEqual(value);
  });

  it("retries after 10 s, doubling, at most an hour", () => {
    expect(bookingEventRetryMs(1)).toBe(10_000);
    expect(bookingEventRetryMs(2)).toBe(20_000);
    expect(bookingEventRetryMs(20)).toBe(3_600_000);
  });
});

describe("collectMail", () => {
  it("answers what the senders would send and sends nothing, also from nested calls", async () => {
    const first = { to: "a@x.test", subject: "One", text: "1" };
    const second = { to: ["b@x.test"], subject: "Two", text: "2" };
    const messages = await collectMail(async () => {
      expect(await sendMail(first)).toEqual({ delivered: false, via: "outbox" });
      await Promise.resolve().then(() => sendMail(second));
    });
    expect(messages).toEqual([first, second]);
  });
});
