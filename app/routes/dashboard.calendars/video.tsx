import { Form } from "@remix-run/react";
import { Video } from "~/components/icons";
import { Button } from "~/components/ui/button";

/** One conferencing app as the Calendars page's Video section shows it (decision 065). */
export interface VideoApp {
  app: "zoom" | "google-meet" | "microsoft-teams";
  label: string;
  connected: boolean;
  default: boolean;
  account: string | null;
  error: string | null;
  available: boolean;
}

const HOW: Record<VideoApp["app"], string> = {
  zoom: "Each booking gets its own Zoom meeting, moved and deleted with the booking.",
  "google-meet": "Each booking gets a Meet link, through your connected Google calendar.",
  "microsoft-teams": "Each booking gets a Teams meeting, through a connected Microsoft 365 calendar.",
};

/** The Video section: connect an app once, pick a default; the built-in room stays when none is connected. */
export function VideoApps({ apps }: { apps: VideoApp[] }) {
  return (
    <section aria-labelledby="video-title" className="space-y-4">
      <div>
        <h2 id="video-title" className="text-lg font-semibold text-neutral-900">
          Video
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-neutral-600">
          Connect the video app you meet in, then choose it as an event type&apos;s location. Without one, bookings use
          the built-in video room.
        </p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-3">
        {apps.map((a) => (
          <li
            key={a.app}
            className="flex flex-col rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm"
            data-testid={`video-${a.app}`}
          >
            <h3 className="flex items-center gap-2 font-semibold text-neutral-900">
              <Video className="h-5 w-5 text-neutral-500" aria-hidden /> {a.label}
              {a.default ? (
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Default</span>
              ) : null}
            </h3>
            <p className="mt-1 text-sm text-neutral-600">{HOW[a.app]}</p>
            {a.connected ? (
              <p className="mt-2 text-sm text-neutral-800">Connected{a.account ? `: ${a.account}` : ""}</p>
            ) : null}
            {a.error ? (
              <p className="mt-2 text-sm text-red-700" role="status">
                {a.error}
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap gap-2">
              {a.connected ? (
                <>
                  {a.default ? null : (
                    <Form method="post">
                      <input type="hidden" name="app" value={a.app} />
                      <Button type="submit" variant="secondary" name="intent" value="video-default">
                        Make default
                      </Button>
                    </Form>
                  )}
                  <Form method="post">
                    <input type="hidden" name="app" value={a.app} />
                    <Button type="submit" variant="ghost" name="intent" value="video-disconnect">
                      Disconnect {a.label}
                    </Button>
                  </Form>
                </>
              ) : a.available ? (
                <Form method="post">
                  <input type="hidden" name="app" value={a.app} />
                  <Button type="submit" variant="secondary" name="intent" value="video-connect">
                    Connect {a.label}
                  </Button>
                </Form>
              ) : (
                <p className="text-sm text-neutral-600">Not available on this server.</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
