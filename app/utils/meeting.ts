/**
 * The video room of an event (Join Meeting). The room name carries the event's random room
 * id, so it is unique per event and cannot be guessed from anything public. Jitsi Meet reads
 * its options from the URL fragment: camera and microphone start on, and the room greets the
 * person by name.
 */
export function meetingRoomUrl(input: { baseUrl: string; roomId: string; displayName: string }): string {
  const base = input.baseUrl.replace(/\/+$/, "");
  const options = [
    ["config.startWithAudioMuted", false],
    ["config.startWithVideoMuted", false],
    ["userInfo.displayName", input.displayName],
  ] as const;
  const fragment = options.map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`).join("&");
  return `${base}/Scheduler-${encodeURIComponent(input.roomId)}#${fragment}`;
}

/** The room link without personal options, for invitations (each person types their own name). */
export function meetingRoomLink(baseUrl: string, roomId: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/Scheduler-${encodeURIComponent(roomId)}`;
}
