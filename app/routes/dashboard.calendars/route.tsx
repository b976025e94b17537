import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  calendarAllowance,
  CalendarConnectError,
  CalendarLimitError,
  calendarSecretsAvailable,
  connectCalendar,
  connectConferencing,
  data,
  deleteConnection,
  disconnectConferencing,
  errorToast,
  feedTokenOf,
  feedUrls,
  getConnection,
  getFeedToken,
  googleCalendarAvailable,
  isConferencingApp,
  isUuid,
  linkBase,
  listConferencing,
  listConnections,
  makeDefaultConferencing,
  MICROSOFT_RECONNECT,
  microsoftCalendarAvailable,
  readFormData,
  recordAudit,
  redirect,
  redirectWithError,
  redirectWithSuccess,
  requireDrawerPage,
  rotateFeedToken,
  setCalendarSwitches,
  syncNow,
} from "~/routes/dashboard.calendars/route.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CalendarX2 } from "~/components/icons";
import { z } from "zod";
import { EmptyRows } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { caldavBody, calendarConnectionJson, icsBody } from "~/schemas/calendar-api";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";
import { CalDavForm, ConnectionCard, FeedBox, IcsForm, linkClass, PAGE, type ConnectErrors } from "./pieces";
import { VideoApps } from "./video";
import { CONFERENCING_APP_LABELS } from "~/schemas/meeting";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Calendars | Scheduler" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const url = new URL(request.url);
  const format = dateTimeFormatters(user.timeZone);
  const connections = (await listConnections(user.id)).map((c) => ({
    ...calendarConnectionJson(c),
    synced: c.lastSyncedAt
      ? `${format.date.format(c.lastSyncedAt)} ${format.time.format(c.lastSyncedAt)} (${format.zone.replaceAll("_", " ")})`
      : null,
    reconnect: c.type === "microsoft" && c.lastError === MICROSOFT_RECONNECT,
  }));
  // The remove confirmation is a URL (?remove=<id>), so it opens without JavaScript.
  const removeId = url.searchParams.get("remove");
  const toRemove =
    removeId === null ? null : (connections.find((c) => c.id === removeId) ?? notFound("No such calendar connection."));
  const available = calendarSecretsAvailable();
  const token = available ? await getFeedToken(user.id) : null;
  return {
    connections,
    toRemove,
    rotating: url.searchParams.get("rotate") === "1" && Boolean(token),
    feed: token ? feedUrls(linkBase(request), await feedTokenOf(user.id)) : null,
    available,
    google: googleCalendarAvailable(),
    microsoft: microsoftCalendarAvailable(),
    zone: format.zone,
    video: await listConferencing(user.id),
    allowance: await calendarAllowance(user.id),
  };
}

function connectFailure(
  form: "caldav" | "ics",
  fields: Record<string, string[] | undefined>,
  values: ConnectErrors["values"],
  message: string,
  status = 400,
) {
  return data({ errors: { form, fields, values } satisfies ConnectErrors, toast: errorToast(message) }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const field = (name: string) => String(form.get(name) ?? "");

  if (intent === "caldav" || intent === "ics") {
    const values = { url: field("url"), username: intent === "caldav" ? field("username") : undefined };
    if (!calendarSecretsAvailable())
      return connectFailure(intent, {}, values, "Calendars cannot be connected on this server.");
    const parsed =
      intent === "caldav"
        ? caldavBody.safeParse({
            type: "caldav",
            url: values.url,
            username: values.username,
            password: field("password"),
          })
        : icsBody.safeParse({ type: "ics", url: values.url });
    if (!parsed.success)
      return connectFailure(
        intent,
        z.flattenError(parsed.error as z.ZodError).fieldErrors,
        values,
        "Check the highlighted fields.",
      );
    try {
      const id = await connectCalendar(user.id, parsed.data, new Date());
      await recordAudit({
        actorId: user.id,
        actorEmail: user.email,
        action: "calendar.connected",
        targetType: "calendar",
        targetId: id,
        after: { type: parsed.data.type },
        request,
      });
    } catch (error) {
      if (error instanceof CalendarLimitError) return connectFailure(intent, {}, values, error.message, 403);
      if (error instanceof CalendarConnectError)
        return connectFailure(intent, { url: [error.message] }, values, error.message);
      throw error;
    }
    return redirectWithSuccess(PAGE, intent === "caldav" ? "Calendar account connected." : "Feed added.");
  }

  if (intent === "feed" || intent === "rotate") {
    if (!calendarSecretsAvailable())
      return redirectWithError(PAGE, "The subscription feed is not available on this server.");
    if (intent === "feed") await feedTokenOf(user.id);
    else await rotateFeedToken(user.id);
    return redirectWithSuccess(
      PAGE,
      intent === "feed" ? "Your subscription address is ready." : "New address made: the old one no longer works.",
    );
  }

  // The Video section's conferencing apps (decision 065).
  if (intent.startsWith("video-")) {
    const app = field("app");
    if (!isConferencingApp(app)) notFound("No such conferencing app.");
    const label = CONFERENCING_APP_LABELS[app];
    if (intent === "video-connect") {
      const outcome = await connectConferencing(user.id, app, new Date());
      if (!outcome.ok)
        return redirectWithError(
          PAGE,
          outcome.reason === "needs_calendar"
            ? `${label} needs a connected ${app === "google-meet" ? "Google" : "Microsoft 365"} calendar: connect it first.`
            : `${label} is not available on this server.`,
        );
      return "authorizeUrl" in outcome
        ? redirect(outcome.authorizeUrl)
        : redirectWithSuccess(PAGE, `${label} connected.`);
    }
    if (intent === "video-disconnect") {
      await disconnectConferencing(user.id, app);
      return redirectWithSuccess(PAGE, `${label} disconnected.`);
    }
    if (intent === "video-default") {
      if (!(await makeDefaultConferencing(user.id, app))) notFound(`${label} is not connected.`);
      return redirectWithSuccess(PAGE, `${label} is your default video app.`);
    }
  }

  // The rest act on one of the host's connections: another person's (or a non-uuid) is not found.
  const connectionId = field("connectionId");
  if (!isUuid(connectionId) || !(await getConnection(user.id, connectionId))) notFound("No such calendar connection.");

  if (intent === "sync") {
    const problem = await syncNow(user.id, connectionId, new Date());
    return problem ? redirectWithError(PAGE, `Sync failed: ${problem}`) : redirectWithSuccess(PAGE, "Synced.");
  }
  if (intent === "remove") {
    await deleteConnection(user.id, connectionId);
    await recordAudit({
      actorId: user.id,
      actorEmail: user.email,
      action: "calendar.disconnected",
      targetType: "calendar",
      targetId: connectionId,
      request,
    });
    return redirectWithSuccess(PAGE, "Calendar connection removed.");
  }
  if (intent === "conflicts" || intent === "receiver") {
    const calendarId = field("calendarId");
    const change =
      intent === "conflicts" ? { checksConflicts: field("checksConflicts") === "true" } : { receivesBookings: true };
    const result = isUuid(calendarId)
      ? await setCalendarSwitches(user.id, connectionId, calendarId, change)
      : ({ ok: false, reason: "not-found" } as const);
    if (!result.ok && result.reason === "read-only")
      return redirectWithError(PAGE, "Bookings cannot be written into an ICS feed.");
    if (!result.ok) notFound("No such calendar.");
    if (intent === "conflicts") {
      if (change.checksConflicts) await syncNow(user.id, connectionId, new Date());
      return redirectWithSuccess(
        PAGE,
        change.checksConflicts ? "Its events now block your slots." : "Its events no longer block your slots.",
      );
    }
    return redirectWithSuccess(PAGE, "New bookings will be written into this calendar.");
  }
  return data({ errors: null, toast: errorToast("Unknown action.") }, { status: 400 });
}

export default function Calendars() {
  const { connections, toRemove, rotating, feed, available, google, microsoft, video, allowance } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData && "errors" in actionData ? (actionData.errors as ConnectErrors | null) : null;
  const removing = useIsPending({ intent: "remove" });
  const rotatingNow = useIsPending({ intent: "rotate" });
  // A new connection empties the forms (the password above all): they mount afresh.
  const formKey = connections.map((c) => c.id).join(",");
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold text-neutral-900">Calendars</h1>
        <p className="mt-2 max-w-3xl text-neutral-700">
          Connect the calendars you already use. Their events block the times guests can book, so nobody books you when
          you are busy, and every new booking is written into the calendar you choose.
        </p>
      </header>

      {!available ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          Calendars cannot be connected on this server yet: its operator has to set CALENDAR_ENCRYPTION_KEY.
        </p>
      ) : null}

      <section aria-labelledby="connections-title" className="space-y-4">
        <h2 id="connections-title" className="text-lg font-semibold text-neutral-900">
          Your calendars
        </h2>
        {connections.length === 0 ? (
          <EmptyRows
            title="No calendars connected yet"
            body="Connecting a calendar makes its events block your booking slots (checked again the moment a guest books), and puts every new booking into it. Your calendar's details stay private: guests only see that a time is taken."
          >
            <CalendarX2 className="mx-auto mt-4 h-8 w-8 text-neutral-400" aria-hidden />
          </EmptyRows>
        ) : (
          <ul className="space-y-4">
            {connections.map((c) => (
              <ConnectionCard key={c.id} c={c} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="connect-title" className="space-y-4">
        <h2 id="connect-title" className="text-lg font-semibold text-neutral-900">
          Connect a calendar
        </h2>
        {allowance.reached ? (
          <p id="calendar-limit" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
            {`Your plan connects up to ${allowance.limit} calendar${allowance.limit === 1 ? "" : "s"}, and you have ${allowance.used} connected. Remove one, or `}
            <a href="/pricing" className={linkClass}>
              upgrade your plan
            </a>{" "}
            to connect more. Calendars you already have keep working.
          </p>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6">
            <h3 id="caldav-title" className="font-semibold text-neutral-900">
              iCloud, Fastmail, Nextcloud or another CalDAV server
            </h3>
            <p className="mb-4 mt-1 text-sm text-neutral-600">
              Read for busy times and written with your bookings. Checked as soon as you connect.
            </p>
            <CalDavForm key={formKey} errors={errors} />
          </div>
          <div className="space-y-4">
            <div className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6">
              <h3 className="font-semibold text-neutral-900">Google Calendar</h3>
              {google ? (
                <>
                  <p className="mb-4 mt-1 text-sm text-neutral-600">
                    Google asks you to allow reading your free/busy times and adding events.
                  </p>
                  <a href={`${PAGE}/google`} className={buttonClass("secondary")}>
                    Connect Google Calendar
                  </a>
                </>
              ) : (
                <p className="mt-1 text-sm text-neutral-600">
                  Not available on this server. You can still add Google Calendar read-only below, with its secret
                  address in iCal format.
                </p>
              )}
            </div>
            <div className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6">
              <h3 className="font-semibold text-neutral-900">Microsoft 365 / Outlook</h3>
              {microsoft ? (
                <>
                  <p className="mb-4 mt-1 text-sm text-neutral-600">
                    Microsoft asks you to sign in and allow reading your calendars and adding events. Work, school and
                    personal Outlook accounts.
                  </p>
                  <a href={`${PAGE}/microsoft`} className={buttonClass("secondary")}>
                    Connect Microsoft 365 / Outlook
                  </a>
                </>
              ) : (
                <p className="mt-1 text-sm text-neutral-600">
                  Not available on this server. You can still add Outlook read-only below, with its ICS address.
                </p>
              )}
            </div>
            <div className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6">
              <h3 className="font-semibold text-neutral-900">Outlook, Office 365 or any ICS feed</h3>
              <p className="mb-4 mt-1 text-sm text-neutral-600">
                Outlook and Office 365 connect through their ICS address too: read-only, so their events block your
                slots, but bookings are not written there (subscribe to your feed below instead).
              </p>
              <IcsForm key={formKey} errors={errors} />
            </div>
          </div>
        </div>
      </section>

      <VideoApps apps={video} />

      <section
        aria-labelledby="feed-title"
        className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="feed-title" className="text-lg font-semibold text-neutral-900">
          Subscribe to your bookings
        </h2>
        <p className="mb-4 mt-1 max-w-3xl text-sm text-neutral-600">
          A private address with your bookings and events, kept up to date, that any calendar app can subscribe to:
          Apple Calendar, Outlook, or Google Calendar&apos;s &ldquo;From URL&rdquo;. Anyone with the address can read
          it; reset it if it leaks.
        </p>
        {available ? (
          <FeedBox feed={feed} />
        ) : (
          <p className="text-sm text-neutral-600">Not available on this server.</p>
        )}
      </section>

      <p className="text-sm text-neutral-600">
        Busy times are read every few seconds to a minute, and again the moment a guest books. How it works:{" "}
        <a href="/api/docs" className={linkClass}>
          the API reference
        </a>{" "}
        lists the Calendars paths.
      </p>

      {toRemove ? (
        <Modal title={`Remove “${toRemove.name}”?`} closeTo={PAGE} returnFocusTo={`remove-${toRemove.id}`}>
          <Form method="post" action={PAGE} className="space-y-4">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="connectionId" value={toRemove.id} />
            <p className="text-sm text-neutral-700">
              Its events stop blocking your slots. Bookings already written into it stay there.
            </p>
            <div className="flex justify-end gap-2">
              <a href={PAGE} className={buttonClass("secondary")}>
                Keep it
              </a>
              <Button type="submit" variant="danger" pending={removing} disabled={removing} data-autofocus>
                Remove
              </Button>
            </div>
          </Form>
        </Modal>
      ) : null}
      {rotating ? (
        <Modal title="Reset your subscription address?" closeTo={PAGE} returnFocusTo="rotate-feed">
          <Form method="post" action={PAGE} className="space-y-4">
            <input type="hidden" name="intent" value="rotate" />
            <p className="text-sm text-neutral-700">
              The current address stops working at once: calendar apps subscribed to it need the new one.
            </p>
            <div className="flex justify-end gap-2">
              <a href={PAGE} className={buttonClass("secondary")}>
                Keep it
              </a>
              <Button type="submit" variant="danger" pending={rotatingNow} disabled={rotatingNow} data-autofocus>
                Reset the address
              </Button>
            </div>
          </Form>
        </Modal>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
