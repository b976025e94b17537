import { Form, Link } from "@remix-run/react";
import { CalendarCheck, CalendarPlus, RefreshCw, Rss, Trash2 } from "~/components/icons";
import { useRef } from "react";
import { CopyButton, useCopy } from "~/components/copy-button";
import { Field, inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import type { CalendarConnectionJson } from "~/schemas/calendar-api";
import { useIsPending, usePendingFormData } from "~/utils/pending";

export const PAGE = "/dashboard/calendars";

export const TYPE_LABELS: Record<CalendarConnectionJson["type"], string> = {
  caldav: "CalDAV account",
  ics: "ICS feed (read-only)",
  google: "Google Calendar",
  microsoft: "Microsoft 365 / Outlook",
};

/** `reconnect`: the account's sign-in stopped working (revoked, expired): only signing in again helps. */
export type ShownConnection = CalendarConnectionJson & { synced: string | null; reconnect: boolean };

export const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

function StatusBadge({ c }: { c: ShownConnection }) {
  const [text, tone] = c.reconnect
    ? ["Reconnect needed", "bg-red-50 text-red-800 ring-red-200"]
    : c.status === "error"
      ? ["Needs attention", "bg-red-50 text-red-800 ring-red-200"]
      : c.status === "ok"
        ? ["Connected", "bg-green-50 text-green-800 ring-green-200"]
        : ["Not read yet", "bg-amber-50 text-amber-900 ring-amber-200"];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {text}
    </span>
  );
}

/** A calendar's "check for conflicts" switch: a small form post, optimistic while it travels. */
function ConflictSwitch({ c, calendar }: { c: ShownConnection; calendar: ShownConnection["calendars"][number] }) {
  const pending = usePendingFormData({ intent: "conflicts", fields: { calendarId: calendar.id }, state: "busy" });
  const on = pending ? pending.get("checksConflicts") === "true" : calendar.checksConflicts;
  return (
    <Form method="post" action={PAGE} preventScrollReset>
      <input type="hidden" name="intent" value="conflicts" />
      <input type="hidden" name="connectionId" value={c.id} />
      <input type="hidden" name="calendarId" value={calendar.id} />
      <input type="hidden" name="checksConflicts" value={on ? "false" : "true"} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-label={`Check ${calendar.name} for conflicts: ${on ? "on" : "off"}. Turn ${on ? "off" : "on"}`}
        data-testid="conflicts-switch"
        className="inline-flex items-center gap-2 rounded-lg px-1 py-1 text-sm font-medium text-neutral-700"
      >
        <span
          className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors duration-150 ${on ? "bg-accent" : "bg-neutral-300"}`}
        >
          <span
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-surface shadow transition-transform duration-150 ${on ? "translate-x-5" : "translate-x-0.5"}`}
          />
        </span>
        Check for conflicts
      </button>
    </Form>
  );
}

function ReceiverControl({ c, calendar }: { c: ShownConnection; calendar: ShownConnection["calendars"][number] }) {
  const pending = useIsPending({ intent: "receiver", fields: { calendarId: calendar.id } });
  if (calendar.receivesBookings) {
    return (
      <p
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-green-800"
        data-testid="receives-bookings"
      >
        <CalendarCheck className="h-4 w-4" aria-hidden /> Receives new bookings
      </p>
    );
  }
  if (!calendar.writable) return <p className="text-sm text-neutral-600">Read-only: bookings are not written here</p>;
  return (
    <Form method="post" action={PAGE} preventScrollReset>
      <input type="hidden" name="intent" value="receiver" />
      <input type="hidden" name="connectionId" value={c.id} />
      <input type="hidden" name="calendarId" value={calendar.id} />
      <Button type="submit" variant="secondary" pending={pending} disabled={pending} className="px-3 py-1.5">
        Use for new bookings
      </Button>
    </Form>
  );
}

export function ConnectionCard({ c }: { c: ShownConnection }) {
  const syncing = useIsPending({ intent: "sync", fields: { connectionId: c.id } });
  return (
    <li
      className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm"
      data-testid="calendar-connection"
      data-connection-id={c.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words text-lg font-semibold text-neutral-900">{c.name}</h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
            {TYPE_LABELS[c.type]} <StatusBadge c={c} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post" action={PAGE} preventScrollReset>
            <input type="hidden" name="intent" value="sync" />
            <input type="hidden" name="connectionId" value={c.id} />
            <Button type="submit" variant="secondary" pending={syncing} disabled={syncing}>
              <RefreshCw className="h-4 w-4" aria-hidden /> Sync now
            </Button>
          </Form>
          <Link
            to={`${PAGE}?remove=${c.id}`}
            preventScrollReset
            id={`remove-${c.id}`}
            className={buttonClass("secondary", "text-red-700")}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Remove
          </Link>
        </div>
      </div>
      <p className="mt-3 text-sm text-neutral-700" data-testid="last-synced">
        {c.synced ? `Last synced ${c.synced}` : "Not synced yet"}
      </p>
      {c.error ? (
        <p className="mt-1 text-sm font-medium text-red-700" data-testid="calendar-error">
          Last try: {c.error}
        </p>
      ) : null}
      {c.reconnect ? (
        <a href={`${PAGE}/microsoft`} className={buttonClass("primary", "mt-3")} data-testid="calendar-reconnect">
          Reconnect {c.name}
        </a>
      ) : null}
      <ul className="mt-4 divide-y divide-neutral-200 border-t border-neutral-200">
        {c.calendars.map((calendar) => (
          <li
            key={calendar.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid="external-calendar"
          >
            <p className="min-w-0 break-words font-medium text-neutral-900">{calendar.name}</p>
            <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
              <ConflictSwitch c={c} calendar={calendar} />
              <ReceiverControl c={c} calendar={calendar} />
            </div>
          </li>
        ))}
      </ul>
    </li>
  );
}

export interface ConnectErrors {
  form: "caldav" | "ics";
  fields: Record<string, string[] | undefined>;
  values: { url?: string; username?: string };
}

export function CalDavForm({ errors }: { errors: ConnectErrors | null }) {
  const pending = useIsPending({ intent: "caldav" });
  const mine = errors?.form === "caldav" ? errors : null;
  return (
    <Form method="post" action={PAGE} className="space-y-4" aria-labelledby="caldav-title">
      <input type="hidden" name="intent" value="caldav" />
      <Field
        label="Server address"
        hint="iCloud: https://caldav.icloud.com. Fastmail: https://caldav.fastmail.com. Nextcloud: https://your.cloud/remote.php/dav."
        inputProps={{
          name: "url",
          type: "url",
          required: true,
          defaultValue: mine?.values.url ?? "",
          autoComplete: "url",
          placeholder: "https://caldav.icloud.com",
          id: "caldav-url",
        }}
        errors={mine?.fields.url}
      />
      <Field
        label="User name"
        inputProps={{
          name: "username",
          type: "text",
          required: true,
          defaultValue: mine?.values.username ?? "",
          autoComplete: "username",
          id: "caldav-username",
        }}
        errors={mine?.fields.username}
      />
      <Field
        label="App password"
        hint="An app-specific password (for iCloud: appleid.apple.com > Sign-In and Security > App-Specific Passwords). Stored encrypted."
        inputProps={{ name: "password", type: "password", required: true, autoComplete: "off", id: "caldav-password" }}
        errors={mine?.fields.password}
      />
      <Button type="submit" pending={pending} disabled={pending}>
        <CalendarPlus className="h-4 w-4" aria-hidden /> Connect account
      </Button>
    </Form>
  );
}

export function IcsForm({ errors }: { errors: ConnectErrors | null }) {
  const pending = useIsPending({ intent: "ics" });
  const mine = errors?.form === "ics" ? errors : null;
  return (
    <Form method="post" action={PAGE} className="space-y-4">
      <input type="hidden" name="intent" value="ics" />
      <Field
        label="Feed address (ICS)"
        hint="Outlook and Office 365: Settings > Calendar > Shared calendars > Publish a calendar, then copy the ICS link. Google: the calendar's settings > Secret address in iCal format."
        inputProps={{
          name: "url",
          type: "text",
          inputMode: "url",
          required: true,
          defaultValue: mine?.values.url ?? "",
          autoComplete: "off",
          placeholder: "https://outlook.office365.com/owa/calendar/…/calendar.ics",
          id: "ics-url",
        }}
        errors={mine?.fields.url}
      />
      <Button type="submit" variant="secondary" pending={pending} disabled={pending}>
        <Rss className="h-4 w-4" aria-hidden /> Add feed
      </Button>
    </Form>
  );
}

export function FeedBox({ feed }: { feed: { url: string; webcalUrl: string } | null }) {
  const input = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopy(feed?.url ?? "", () => input.current?.select());
  const creating = useIsPending({ intent: "feed" });
  if (!feed) {
    return (
      <Form method="post" action={PAGE}>
        <input type="hidden" name="intent" value="feed" />
        <Button type="submit" variant="secondary" pending={creating} disabled={creating}>
          <Rss className="h-4 w-4" aria-hidden /> Create my subscription address
        </Button>
      </Form>
    );
  }
  return (
    <div className="space-y-3">
      <label htmlFor="feed-url" className="block text-sm font-medium text-neutral-800">
        Your secret address
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id="feed-url"
          readOnly
          value={feed.url}
          className={`${inputClass} font-mono`}
          data-testid="feed-url"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton copied={copied} onCopy={copy} label="Copy the subscription address" compact />
      </div>
      <div className="flex flex-wrap gap-3">
        <a href={feed.webcalUrl} className={buttonClass("secondary")}>
          <CalendarPlus className="h-4 w-4" aria-hidden /> Subscribe in your calendar app
        </a>
        <Link to={`${PAGE}?rotate=1`} preventScrollReset id="rotate-feed" className={buttonClass("ghost")}>
          Reset the address
        </Link>
      </div>
    </div>
  );
}
