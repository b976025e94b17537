import { appOf, updateApp } from "~/models/conferencing.server";
import { decryptSecret, encryptSecret } from "~/server/calendar-crypto.server";
import { env } from "~/server/env.server";
import { answerError, appFetch, ConferencingError, type ConferencingProvider, type MeetingDetails } from "./provider";

/**
 * Zoom over its REST API with plain fetch (decision 065): an OAuth app's consent (scope
 * meeting:write), the code and refresh tokens turned into access tokens (a refresh token is
 * used once: each refresh's new one is stored at once), and a booking's meeting made with
 * POST /users/me/meetings, moved with PATCH /meetings/{id} and deleted with DELETE
 * /meetings/{id}. ZOOM_OAUTH_BASE and ZOOM_API_BASE point the tests at a fake Zoom.
 */

const LABEL = "Zoom";
const REVOKED = "Zoom refused the access: connect Zoom again on the Calendars page.";

function oauthBase(): string {
  return (env().ZOOM_OAUTH_BASE ?? "https://zoom.us").replace(/\/$/, "");
}

function apiBase(): string {
  return `${(env().ZOOM_API_BASE ?? "https://api.zoom.us").replace(/\/$/, "")}/v2`;
}

interface ZoomTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms after which the access token is refreshed first. */
  until: number;
}

async function tokenCall(body: Record<string, string>): Promise<ZoomTokens> {
  const basic = Buffer.from(`${env().ZOOM_CLIENT_ID ?? ""}:${env().ZOOM_CLIENT_SECRET ?? ""}`).toString("base64");
  const response = await appFetch(LABEL, `${oauthBase()}/oauth/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body).toString(),
  });
  if (response.status === 400 || response.status === 401) throw new ConferencingError(REVOKED, true);
  if (!response.ok) throw answerError(LABEL, "for a token", response.status);
  const tokens = (await response.json()) as { access_token?: string; refresh_token?: string; expires_in?: number };
  if (!tokens.access_token || !tokens.refresh_token) throw new ConferencingError("Zoom gave no tokens.", false);
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    until: Date.now() + Math.max(60, (tokens.expires_in ?? 3600) - 120) * 1000,
  };
}

/** The host's access token: the stored one while it lasts, else a refresh whose new tokens are stored before use. */
async function accessToken(hostId: string, force = false): Promise<string> {
  const row = await appOf(hostId, "zoom");
  if (!row?.secret) throw new ConferencingError("Zoom is not connected.", true);
  const stored = JSON.parse(decryptSecret(row.secret)) as ZoomTokens;
  if (!force && stored.until > Date.now()) return stored.accessToken;
  try {
    const fresh = await tokenCall({ grant_type: "refresh_token", refresh_token: stored.refreshToken });
    await updateApp(hostId, "zoom", { secret: encryptSecret(JSON.stringify(fresh)), lastError: null });
    return fresh.accessToken;
  } catch (error) {
    if (error instanceof ConferencingError && error.permanent) await updateApp(hostId, "zoom", { lastError: REVOKED });
    throw error;
  }
}

/** A Zoom API call as the host, refreshing once when Zoom says the access token is no longer good. */
async function api(hostId: string, path: string, init: RequestInit = {}): Promise<Response> {
  const send = async (token: string) =>
    appFetch(LABEL, `${apiBase()}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
  const first = await send(await accessToken(hostId));
  if (first.status !== 401) return first;
  return send(await accessToken(hostId, true));
}

function meetingBody(meeting: MeetingDetails) {
  return {
    topic: meeting.title.slice(0, 200),
    type: 2,
    start_time: meeting.startsAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    duration: Math.max(1, Math.round((meeting.endsAt.getTime() - meeting.startsAt.getTime()) / 60_000)),
    timezone: "UTC",
    agenda: meeting.description.slice(0, 2000),
    settings: { join_before_host: true, waiting_room: false },
  };
}

export const zoom: ConferencingProvider = {
  app: "zoom",
  label: LABEL,
  connectsWith: "oauth",
  available: () => Boolean(env().ZOOM_CLIENT_ID && env().ZOOM_CLIENT_SECRET),
  ready: async () => true,
  authorizeUrl(redirectUri, state) {
    const url = new URL(`${oauthBase()}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: env().ZOOM_CLIENT_ID ?? "",
      redirect_uri: redirectUri,
      state,
    }).toString();
    return url.href;
  },
  async finishConnect(code, redirectUri) {
    const tokens = await tokenCall({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
    const me = await appFetch(LABEL, `${apiBase()}/users/me`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    const account = me.ok ? String(((await me.json()) as { email?: string }).email ?? "") : "";
    return { account: account || "Zoom account", secret: encryptSecret(JSON.stringify(tokens)) };
  },
  async create(hostId, meeting) {
    const response = await api(hostId, "/users/me/meetings", {
      method: "POST",
      body: JSON.stringify(meetingBody(meeting)),
    });
    if (!response.ok) throw answerError(LABEL, "for the new meeting", response.status);
    const body = (await response.json()) as {
      id?: number | string;
      join_url?: string;
      password?: string;
      settings?: { global_dial_in_numbers?: Array<{ number?: string; country_name?: string }> };
    };
    if (!body.id || !body.join_url) throw new ConferencingError("Zoom's answer had no meeting link.", false);
    const dial = body.settings?.global_dial_in_numbers?.[0];
    return {
      externalId: String(body.id),
      joinUrl: body.join_url,
      dialIn: dial?.number ? `${dial.number}${dial.country_name ? ` (${dial.country_name})` : ""}` : null,
      passcode: body.password || null,
    };
  },
  async move(hostId, externalId, meeting) {
    const response = await api(hostId, `/meetings/${encodeURIComponent(externalId)}`, {
      method: "PATCH",
      body: JSON.stringify(meetingBody(meeting)),
    });
    if (!response.ok) throw answerError(LABEL, "when moving the meeting", response.status);
  },
  async remove(hostId, externalId) {
    const response = await api(hostId, `/meetings/${encodeURIComponent(externalId)}`, { method: "DELETE" });
    if (!response.ok && response.status !== 404) throw answerError(LABEL, "when deleting the meeting", response.status);
  },
};
