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

/** An event type's location as stored (docs/decisions/016; zoom and microsoft-teams: decision 065). */
export interface LocationSetting {
  type: "in-person" | "phone" | "google-meet" | "video" | "zoom" | "microsoft-teams";
  value?: string;
}

/** The conferencing apps a booking's meeting can be made in (decision 065). */
export type ConferencingAppName = "zoom" | "google-meet" | "microsoft-teams";

export const CONFERENCING_APP_LABELS: Record<ConferencingAppName, string> = {
  zoom: "Zoom",
  "google-meet": "Google Meet",
  "microsoft-teams": "Microsoft Teams",
};

/**
 * A booking's meeting in a conferencing app as the readers need it: `created` with its link,
 * `failed` (the built-in room stands in), `deleted` (the booking was cancelled). Null: none yet.
 */
export interface ConferenceMeeting {
  app: ConferencingAppName;
  status: "created" | "failed" | "deleted";
  joinUrl: string | null;
  dialIn: string | null;
  passcode: string | null;
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
  /** More lines for the reader: a meeting's dial-in and passcode, or why the built-in room stands in. */
  extra?: string[];
  /** The conferencing app the meeting is in (decision 065), when it is one. */
  app?: ConferencingAppName;
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
  /**
   * The booking's meeting in a conferencing app (decision 065): null when it has none (yet);
   * undefined when the caller did not look (then a zoom or teams location reads as on its way).
   */
  meeting?: ConferenceMeeting | null;
}): MeetingPlace {
  const conferenced = conferencePlace(input);
  if (conferenced) return conferenced;
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
 * The place of a booking whose location is a conferencing app's, or whose meeting was made in
 * one (google-meet without a link of the host's: only when the host connected Google Meet, so a
 * meeting exists); null for every other location.
 */
function conferencePlace(input: Parameters<typeof meetingPlace>[0]): MeetingPlace | null {
  const type = input.setting?.type;
  const meeting = input.meeting;
  const appLocation = type === "zoom" || type === "microsoft-teams";
  const meetLocation = type === "google-meet" && !input.setting?.value?.trim() && Boolean(meeting);
  if (!appLocation && !meetLocation) return null;
  const app = (meeting?.app ?? type) as ConferencingAppName;
  const name = CONFERENCING_APP_LABELS[app];
  if (meeting?.status === "created" && meeting.joinUrl) {
    const link = httpUrl(meeting.joinUrl);
    if (link) {
      const extra = [
        ...(meeting.dialIn ? [`Dial-in: ${meeting.dialIn}`] : []),
        ...(meeting.passcode ? [`Passcode: ${meeting.passcode}`] : []),
      ];
      return { kind: "video", name, detail: link, joinUrl: link, href: link, ownRoom: false, extra, app };
    }
  }
  if (meeting?.status === "failed") {
    const room = meetingRoomLink(input.baseUrl, input.roomId);
    return {
      kind: "video",
      name: "Video room",
      detail: room,
      joinUrl: room,
      href: room,
      ownRoom: true,
      extra: [`The ${name} meeting could not be set up, so this meeting uses the built-in video room instead.`],
    };
  }
  if (meeting?.status === "deleted") {
    return { kind: "video", name, detail: null, joinUrl: null, href: null, ownRoom: false, app };
  }
  return {
    kind: "video",
    name,
    detail: `The ${name} link is on its way: it comes by e-mail.`,
    joinUrl: null,
    href: null,
    ownRoom: false,
    app,
  };
}

/**
 * "In Person Meeting: 1 Main St", "Video room: https://…": the place on one line. `hideRoom`:
 * our own room by name only (a list page: its link stays in the invitation and the join modal).
 */
export function placeLine(place: MeetingPlace, options: { hideRoom?: boolean } = {}): string {
  if (options.hideRoom && place.ownRoom) return place.name;
  return place.detail ? `${place.name}: ${place.detail}` : place.name;
}

/**
 * The `location` of booking answers and webhook payloads (decision 065): the event type's
 * `{ type, value? }` with the meeting's `joinUrl` added; a conferencing app's meeting that could
 * not be made reads as the built-in room (`type: "video"`) that stands in for it.
 */
export function locationJson(
  setting: LocationSetting | null | undefined,
  place: MeetingPlace,
): { type: LocationSetting["type"]; value?: string; joinUrl?: string } | null {
  if (!setting) return null;
  const appType = setting.type === "zoom" || setting.type === "microsoft-teams";
  if (appType && place.ownRoom && place.joinUrl) return { type: "video", joinUrl: place.joinUrl };
  const base = setting.value ? { type: setting.type, value: setting.value } : { type: setting.type };
  return place.joinUrl && (!place.ownRoom || place.app) ? { ...base, joinUrl: place.joinUrl } : base;
}
