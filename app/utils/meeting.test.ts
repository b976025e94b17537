import { describe, expect, it } from "vitest";
import { meetingRoomLink, meetingRoomUrl } from "./meeting";

describe("meetingRoomUrl", () => {
  it("opens the event's own room with camera and mic on and the user's name", () => {
    const url = new URL(meetingRoomUrl({ baseUrl: "https://meet.jit.si/", roomId: "a1b2c3", displayName: "Ana María \"Q\"" }));
    expect(url.origin + url.pathname).toBe("https://meet.jit.si/Scheduler-a1b2c3");
    const options = new URLSearchParams(url.hash.slice(1));
    expect(options.get("config.startWithAudioMuted")).toBe("false");
    expect(options.get("config.startWithVideoMuted")).toBe("false");
    expect(JSON.parse(options.get("userInfo.displayName") ?? "")).toBe('Ana María "Q"');
  });

  it("keeps a configured base path and gives invitations a link without personal options", () => {
    expect(meetingRoomLink("https://video.example.com/rooms", "xyz")).toBe("https://video.example.com/rooms/Scheduler-xyz");
  });
});
