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

/** An event type's location as stored (docs/decisions/016). */
export interface LocationSetting {
  type: "in-person" | "phone" | "google-meet" | "video";
  value?: string;
}

/**
 * Where a meeting happens, as every message says it (docs/decisions/028): `name` is the
 * location's own name, `detail` what the reader needs (an address, a number, a link), `joinUrl`
 * a link to open (only for video), `href` what a page links the detail to (also tel:).
 */
export interface MeetingPlace {
  kind: "in-person" | "phone" | "video";
  name: string;
  detail: string | null;
  joinUrl: string | null;
  href: string | null;
  /** Whether it is our own room (MEETING_BASE_URL): its link is a secret of the event (decision 009). */
  ownRoom: boolean;
}

/** A value that is an http(s) URL, or null. */
function httpUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The meeting's real place from its event type's location (`setting`), or, for an event without
 * one (a host's own event, a deleted event type), from the event's legacy `eventType` option. Our video
 * room (MEETING_BASE_URL) only for a video or Google Meet location without a link of the host's
 * own, never for an in-person or phone meeting. Pure: the caller passes everything.
 */
export function meetingPlace(input: {
  setting: LocationSetting | null | undefined;
  eventType: "In Person Meeting" | "Phone Call" | "Google Meet";
  baseUrl: string;
  roomId: string;
}): MeetingPlace {
  const type =
    input.setting?.type ??
    (input.eventType === "In Person Meeting"
      ? "in-person"
      : input.eventType === "Phone Call"
        ? "phone"
        : "google-meet");
  const value = input.setting?.value?.trim() || undefined;
  const room = () => meetingRoomLink(input.baseUrl, input.roomId);
  switch (type) {
    case "in-person":
      return {
        kind: "in-person",
        name: "In Person Meeting",
        detail: value ?? null,
        joinUrl: null,
        href: null,
        ownRoom: false,
      };
    case "phone":
      return value
        ? {
            kind: "phone",
            name: "Phone Call",
            detail: value,
            joinUrl: null,
            href: `tel:${value.replace(/[^+\d]/g, "")}`,
            ownRoom: false,
          }
        : {
            kind: "phone",
            name: "Phone Call",
            detail: "The host calls you.",
            joinUrl: null,
            href: null,
            ownRoom: false,
          };
    case "google-meet": {
      const link = httpUrl(value);
      return link
        ? { kind: "video", name: "Google Meet", detail: link, joinUrl: link, href: link, ownRoom: false }
        : { kind: "video", name: "Video room", detail: room(), joinUrl: room(), href: room(), ownRoom: true };
    }
    default: {
      const link = httpUrl(value);
      const url = link ?? room();
      return {
        kind: "video",
        name: link ? "Video call" : "Video room",
        detail: url,
        joinUrl: url,
        href: url,
        ownRoom: !link,
      };
    }
  }
}

/**
 * "In Person Meeting: 1 Main St", "Video room: https://…": the place on one line. `hideRoom`:
 * our own room by name only (a list page: its link stays in the invitation and the join modal).
 */
export function placeLine(place: MeetingPlace, options: { hideRoom?: boolean } = {}): string {
  if (options.hideRoom && place.ownRoom) return place.name;
  return place.detail ? `${place.name}: ${place.detail}` : place.name;
}
