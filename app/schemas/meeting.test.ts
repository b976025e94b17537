import { describe, expect, it } from "vitest";
import { meetingPlace, meetingRoomLink, meetingRoomUrl, placeLine } from "./meeting";

describe("meetingRoomUrl", () => {
  it("opens the event's own room with camera and mic on and the user's name", () => {
    const url = new URL(
      meetingRoomUrl({ baseUrl: "https://meet.jit.si/", roomId: "a1b2c3", displayName: 'Ana María "Q"' }),
    );
    expect(url.origin + url.pathname).toBe("https://meet.jit.si/Scheduler-a1b2c3");
    const options = new URLSearchParams(url.hash.slice(1));
    expect(options.get("config.startWithAudioMuted")).toBe("false");
    expect(options.get("config.startWithVideoMuted")).toBe("false");
    expect(JSON.parse(options.get("userInfo.displayName") ?? "")).toBe('Ana María "Q"');
  });

  it("keeps a configured base path and gives invitations a link without personal options", () => {
    expect(meetingRoomLink("https://video.example.com/rooms", "xyz")).toBe(
      "https://video.example.com/rooms/Scheduler-xyz",
    );
  });
});

describe("meetingPlace", () => {
  const base = { baseUrl: "https://meet.example.test/", roomId: "r1", eventType: "Google Meet" as const };
  const room = "https://meet.example.test/Scheduler-r1";

  it("gives an in-person meeting its address and never a link", () => {
    const p = meetingPlace({
      ...base,
      eventType: "In Person Meeting",
      setting: { type: "in-person", value: " 1 Main St, Springfield " },
    });
    expect(p).toEqual({
      kind: "in-person",
      name: "In Person Meeting",
      detail: "1 Main St, Springfield",
      joinUrl: null,
      href: null,
      ownRoom: false,
    });
    expect(placeLine(p)).toBe("In Person Meeting: 1 Main St, Springfield");
  });

  it("gives a phone call its number (a tel: link) or says the host calls", () => {
    expect(meetingPlace({ ...base, setting: { type: "phone", value: "+1 (555) 010-0200" } })).toMatchObject({
      detail: "+1 (555) 010-0200",
      href: "tel:+15550100200",
      joinUrl: null,
    });
    expect(meetingPlace({ ...base, setting: { type: "phone" } })).toMatchObject({ name: "Phone Call", joinUrl: null });
  });

  it("uses the host's own video link, else our room for a video or Google Meet location", () => {
    expect(
      meetingPlace({ ...base, setting: { type: "video", value: "https://zoom.example.test/j/123" } }),
    ).toMatchObject({
      name: "Video call",
      joinUrl: "https://zoom.example.test/j/123",
    });
    expect(
      meetingPlace({ ...base, setting: { type: "google-meet", value: "https://meet.google.com/abc-defg-hij" } }),
    ).toMatchObject({
      name: "Google Meet",
      joinUrl: "https://meet.google.com/abc-defg-hij",
    });
    expect(meetingPlace({ ...base, setting: { type: "video" } })).toMatchObject({ name: "Video room", joinUrl: room });
    expect(meetingPlace({ ...base, setting: { type: "google-meet" } })).toMatchObject({
      name: "Video room",
      joinUrl: room,
      ownRoom: true,
    });
    expect(placeLine(meetingPlace({ ...base, setting: { type: "video" } }), { hideRoom: true })).toBe("Video room");
    expect(
      placeLine(meetingPlace({ ...base, setting: { type: "video", value: "https://zoom.example.test/j/1" } }), {
        hideRoom: true,
      }),
    ).toBe("Video call: https://zoom.example.test/j/1");
  });

  it("falls back on the event's own stored option when there is no event type", () => {
    expect(meetingPlace({ ...base, eventType: "In Person Meeting", setting: null }).joinUrl).toBeNull();
    expect(meetingPlace({ ...base, eventType: "Phone Call", setting: null }).joinUrl).toBeNull();
    expect(meetingPlace({ ...base, setting: null }).joinUrl).toBe(room);
  });
});
