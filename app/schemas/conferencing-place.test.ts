import { describe, expect, it } from "vitest";
import { locationJson, meetingPlace, type ConferenceMeeting } from "./meeting";

const base = { eventType: "Google Meet" as const, baseUrl: "https://rooms.example", roomId: "r1" };
const zoomMeeting: ConferenceMeeting = {
  app: "zoom",
  status: "created",
  joinUrl: "https://zoom.example/j/123?pwd=x",
  dialIn: "+1 646 558 8656 (US)",
  passcode: "729301",
};

describe("the place of a booking with a conferencing app's meeting (decision 065)", () => {
  it("a made Zoom meeting: its link, dial-in and passcode", () => {
    const place = meetingPlace({ ...base, setting: { type: "zoom" }, meeting: zoomMeeting });
    expect(place).toMatchObject({ kind: "video", name: "Zoom", joinUrl: zoomMeeting.joinUrl, ownRoom: false });
    expect(place.extra).toEqual(["Dial-in: +1 646 558 8656 (US)", "Passcode: 729301"]);
    expect(locationJson({ type: "zoom" }, place)).toEqual({ type: "zoom", joinUrl: zoomMeeting.joinUrl });
  });

  it("a failed meeting: the built-in room, with the reason said", () => {
    const place = meetingPlace({ ...base, setting: { type: "zoom" }, meeting: { ...zoomMeeting, status: "failed" } });
    expect(place).toMatchObject({ name: "Video room", joinUrl: "https://rooms.example/Scheduler-r1", ownRoom: true });
    expect(place.extra?.[0]).toContain("The Zoom meeting could not be set up");
    expect(locationJson({ type: "zoom" }, place)).toEqual({
      type: "video",
      joinUrl: "https://rooms.example/Scheduler-r1",
    });
  });

  it("not made yet: no link, and the page says it is on its way", () => {
    const place = meetingPlace({ ...base, setting: { type: "microsoft-teams" }, meeting: null });
    expect(place).toMatchObject({ name: "Microsoft Teams", joinUrl: null, app: "microsoft-teams" });
    expect(place.detail).toContain("on its way");
  });

  it("Google Meet without a meeting is the built-in room as before; with one, the Meet link", () => {
    expect(meetingPlace({ ...base, setting: { type: "google-meet" }, meeting: null })).toMatchObject({
      name: "Video room",
      ownRoom: true,
    });
    const meet: ConferenceMeeting = { ...zoomMeeting, app: "google-meet", joinUrl: "https://meet.google.com/abc" };
    expect(meetingPlace({ ...base, setting: { type: "google-meet" }, meeting: meet })).toMatchObject({
      name: "Google Meet",
      joinUrl: "https://meet.google.com/abc",
    });
    // A host's own fixed Meet link stays theirs.
    expect(
      meetingPlace({ ...base, setting: { type: "google-meet", value: "https://meet.google.com/own" }, meeting: null }),
    ).toMatchObject({ joinUrl: "https://meet.google.com/own", ownRoom: false });
  });

  it("a link that is not http(s) is never offered", () => {
    const place = meetingPlace({
      ...base,
      setting: { type: "zoom" },
      meeting: { ...zoomMeeting, joinUrl: "javascript:alert(1)" },
    });
    expect(place.joinUrl).toBeNull();
  });

  it("other locations keep their JSON, a host's video link gains joinUrl", () => {
    const phone = meetingPlace({ ...base, setting: { type: "phone", value: "+1 555" } });
    expect(locationJson({ type: "phone", value: "+1 555" }, phone)).toEqual({ type: "phone", value: "+1 555" });
    const room = meetingPlace({ ...base, setting: { type: "video" } });
    expect(locationJson({ type: "video" }, room)).toEqual({ type: "video" });
    const own = meetingPlace({ ...base, setting: { type: "video", value: "https://v.example/x" } });
    expect(locationJson({ type: "video", value: "https://v.example/x" }, own)).toEqual({
      type: "video",
      value: "https://v.example/x",
      joinUrl: "https://v.example/x",
    });
  });
});
