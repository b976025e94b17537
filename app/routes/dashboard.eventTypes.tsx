import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  ActiveEventTypeCapError,
  data,
  deleteEventType,
  errorToast,
  getEventType,
  getProfile,
  listEventTypes,
  listMyTeams,
  readFormData,
  redirectWithSuccess,
  requireDrawerPage,
  setEventTypeActive,
  setEventTypeHidden,
  siteBase,
  teamEventTypesHostedBy,
  templatesOf,
} from "./dashboard.eventTypes.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Clock, Code2, ExternalLink, Link2, MapPin, Pencil, Plus, Trash2, Users } from "~/components/icons";
import { useRef } from "react";
import { EmptyRows } from "~/components/admin-table";
import { CopyButton, useCopy } from "~/components/copy-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { inputClass } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import type { EventType } from "~/models/event-type.server";
import { TEAM_EVENT_TYPE_MESSAGES, teamEventTypePath } from "~/schemas/team-event-types";
import { teamSettingsPage } from "~/schemas/teams";
import {
  durationText,
  EVENT_TYPE_MESSAGES as M,
  EVENT_TYPES_PAGE as PAGE,
  KIND_LABELS,
  LOCATION_LABELS,
  uuidSchema,
} from "~/schemas/event-type-form";
import { bookingLink } from "~/schemas/username-rules";
import { notFound } from "~/utils/responses";
import { useIsPending, usePendingFormData } from "~/utils/pending";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Event Types | Scheduler" }];

/** The owner's event type by an id from the URL or a form; a non-uuid or another person's is not found. */
async function ownEventType(userId: string, id: unknown): Promise<EventType> {
  const parsed = uuidSchema.safeParse(id);
  if (!parsed.success) notFound(M.notFound);
  return (await getEventType(userId, parsed.data)) ?? notFound(M.notFound);
}

/**
 * `teamSlugs`: the slugs of the person's teams, by id (a team's event type books under its
 * team's URL); `managedBy`: the team of a managed copy (decision 059), which may not be deleted.
 */
function present(e: EventType, teamSlugs: Map<string, string> = new Map(), managedBy: string | null = null) {
  const teamSlug = e.teamId ? (teamSlugs.get(e.teamId) ?? null) : null;
  return {
    id: e.id,
    title: e.title,
    slug: e.slug,
    /** The booking page's path of a team's event type; null: /{username}/{slug}. */
    teamPath: teamSlug ? teamEventTypePath(teamSlug, e.slug) : null,
    managedBy: e.parentId ? (managedBy ?? "a team") : null,
    duration: durationText(e.duration),
    kind: KIND_LABELS[e.kind],
    seats: e.seats,
    /** Team kinds: how many host it, the owner included (decision 020). */
    hosts: e.kind === "collective" || e.kind === "round-robin" ? e.hostIds.length : null,
    location: e.location.value
      ? `${LOCATION_LABELS[e.location.type]}: ${e.location.value}`
      : LOCATION_LABELS[e.location.type],
    active: e.active,
    hidden: e.hidden,
  };
}

type Shown = ReturnType<typeof present>;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const [list, profile, teams, hosted] = await Promise.all([
    listEventTypes(user.id),
    getProfile(user.id),
    listMyTeams(user.id),
    teamEventTypesHostedBy(user.id),
  ]);
  const teamSlugs = new Map(teams.map((t) => [t.id, t.slug]));
  const templates = await templatesOf(list.map((e) => e.parentId));
  const origin = siteBase(request);
  // The delete confirmation is a URL (?delete=<id>), so it opens without JavaScript.
  const deleteId = new URL(request.url).searchParams.get("delete");
  const toDelete = deleteId === null ? null : present(await ownEventType(user.id, deleteId));
  const mine = new Set(list.map((e) => e.id));
  return {
    eventTypes: list.map((e) => present(e, teamSlugs, templates.get(e.parentId ?? "")?.teamName ?? null)),
    /** The team event types the person hosts but does not edit here (decision 059): read-only, with their team. */
    teamEventTypes: hosted
      .filter((t) => !mine.has(t.id))
      .map((t) => ({
        id: t.id,
        title: t.title,
        kind: KIND_LABELS[t.kind as keyof typeof KIND_LABELS] ?? t.kind,
        duration: durationText(t.duration),
        active: t.active,
        teamName: t.teamName,
        path: teamEventTypePath(t.teamSlug, t.slug),
        teamPage: teamSettingsPage(t.teamId),
      })),
    origin,
    linkBase: profile?.username ? bookingLink(origin, profile.username) : null,
    username: profile?.username ?? null,
    toDelete,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "toggle") {
    const eventType = await ownEventType(user.id, form.get("id"));
    const active = form.get("active") === "true";
    try {
      if (!(await setEventTypeActive(user.id, eventType.id, active))) notFound(M.notFound);
    } catch (error) {
      if (!(error instanceof ActiveEventTypeCapError)) throw error;
      return data({ toast: null, activeCap: true }, { status: 403 });
    }
    return redirectWithSuccess(PAGE, active ? M.turnedOn : M.turnedOff);
  }
  if (intent === "hidden") {
    const eventType = await ownEventType(user.id, form.get("id"));
    const hidden = form.get("hidden") === "true";
    if (!(await setEventTypeHidden(user.id, eventType.id, hidden))) notFound(M.notFound);
    return redirectWithSuccess(PAGE, hidden ? M.hidden : M.listed);
  }
  if (intent === "delete") {
    const eventType = await ownEventType(user.id, form.get("id"));
    const outcome = await deleteEventType(user.id, eventType.id);
    if (outcome === "not-found") notFound(M.notFound);
    // A managed copy is its team's to remove (decision 059).
    if (outcome === "managed-copy")
      return data({ toast: errorToast(TEAM_EVENT_TYPE_MESSAGES.copyDelete), activeCap: false }, { status: 403 });
    return redirectWithSuccess(PAGE, M.deleted);
  }
  return data({ toast: errorToast(M.unknownForm), activeCap: false }, { status: 400 });
}

/** Why a fourth event type stayed off (decision 038), with the way to more. */
export function ActiveCapNotice() {
  return (
    <p
      role="alert"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="active-cap"
    >
      {M.activeCap}{" "}
      <Link to="/pricing" className="font-medium text-brand-700 underline underline-offset-2">
        See the packages
      </Link>
      .
    </p>
  );
}

/** The booking link as selectable text; once hydrated, a Copy button beside it. */
function BookingLink({ url, path, title }: { url: string; path: string; title: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { hydrated, copied, copy } = useCopy(url, () => input.current?.select());

  return (
    <div className="mt-3">
      {/* The input cuts a long address short; the path, the part that differs, is always whole. */}
      <p className="mb-1 flex items-start gap-1 text-sm font-medium text-neutral-800">
        <Link2 className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
        <span className="min-w-0 font-mono [overflow-wrap:anywhere]" data-testid="event-type-path">
          {path}
        </span>
      </p>
      <div className="flex gap-2">
        <input
          ref={input}
          type="text"
          readOnly
          value={url}
          aria-label={`Booking link of ${title}`}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="event-type-link"
          className={`${inputClass} min-w-0 flex-1 font-mono !text-xs`}
        />
        {hydrated ? (
          <CopyButton
            copied={copied}
            onCopy={copy}
            className="px-3"
            label={`Copy the booking link of ${title}`}
            compact
          />
        ) : null}
      </div>
      <p className="sr-only" role="status">
        {copied === "yes"
          ? "Link copied."
          : copied === "no"
            ? "Copying is blocked here: press Ctrl+C to copy the selected link."
            : ""}
      </p>
    </div>
  );
}

function ToggleForm({ e }: { e: Shown }) {
  const toggling = usePendingFormData({ intent: "toggle", fields: { id: e.id }, state: "busy" });
  // Optimistic: the switch shows the new state while the form is on its way.
  const on = toggling ? toggling.get("active") === "true" : e.active;
  return (
    <SwitchForm
      intent="toggle"
      id={e.id}
      field="active"
      next={on ? "false" : "true"}
      on={on}
      label={`${e.title}: ${on ? "on" : "off"}. Turn ${on ? "off" : "on"}`}
      testId="event-type-toggle"
      text={on ? "On" : "Off"}
    />
  );
}

/** Listed on the public page or hidden there (decision 087): a form, so it works without JavaScript. */
function HiddenForm({ e }: { e: Shown }) {
  const pending = usePendingFormData({ intent: "hidden", fields: { id: e.id }, state: "busy" });
  const hidden = pending ? pending.get("hidden") === "true" : e.hidden;
  return (
    <SwitchForm
      intent="hidden"
      id={e.id}
      field="hidden"
      next={hidden ? "false" : "true"}
      on={!hidden}
      label={`${e.title}: ${hidden ? "hidden from" : "listed on"} your page. ${hidden ? "List it" : "Hide it"}`}
      testId="event-type-hidden-toggle"
      text={hidden ? "Hidden" : "Listed"}
    />
  );
}

/** A switch that is a one-field form post (`intent`, `id`, `field`=`next`). */
function SwitchForm(p: {
  intent: string;
  id: string;
  field: string;
  next: string;
  on: boolean;
  label: string;
  testId: string;
  text: string;
}) {
  return (
    <Form method="post" action={PAGE} preventScrollReset>
      <input type="hidden" name="intent" value={p.intent} />
      <input type="hidden" name="id" value={p.id} />
      <input type="hidden" name={p.field} value={p.next} />
      <button
        type="submit"
        role="switch"
        aria-checked={p.on}
        aria-label={p.label}
        data-testid={p.testId}
        className="inline-flex items-center gap-2 rounded-lg px-1 py-1 text-sm font-medium text-neutral-700"
      >
        <span
          className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors duration-150 ${p.on ? "bg-accent" : "bg-neutral-300"}`}
        >
          <span
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-surface shadow transition-transform duration-150 ${p.on ? "translate-x-5" : "translate-x-0.5"}`}
          />
        </span>
        {p.text}
      </button>
    </Form>
  );
}

function EventTypeCard({
  e,
  linkBase,
  username,
  origin,
}: {
  e: Shown;
  linkBase: string | null;
  username: string | null;
  origin: string;
}) {
  return (
    <li
      className={`flex flex-col rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm ${e.active ? "" : "bg-neutral-50"}`}
      data-testid="event-type-card"
      data-event-type-id={e.id}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-neutral-900" data-testid="event-type-title">
            {e.title}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-700">
            <span className="inline-flex items-center gap-1" data-testid="event-type-duration">
              <Clock className="h-4 w-4 text-neutral-500" aria-hidden /> {e.duration}
            </span>
            <span className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-600/20">
              {e.kind}
            </span>
            {e.seats ? (
              <span className="inline-flex items-center gap-1">
                <Users className="h-4 w-4 text-neutral-500" aria-hidden /> {e.seats} seats
              </span>
            ) : null}
            {e.hosts ? (
              <span className="inline-flex items-center gap-1" data-testid="event-type-hosts">
                <Users className="h-4 w-4 text-neutral-500" aria-hidden />{" "}
                {e.hosts === 1 ? "1 host" : `${e.hosts} hosts`}
              </span>
            ) : null}
            {e.active ? null : (
              <span className="inline-flex rounded-full bg-neutral-200 px-2.5 py-0.5 text-xs font-semibold text-neutral-800">
                Off
              </span>
            )}
            {e.hidden ? (
              <span
                className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
                data-testid="event-type-hidden"
              >
                Hidden
              </span>
            ) : null}
          </p>
          <p className="mt-1 flex items-start gap-1 break-words text-sm text-neutral-600">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-neutral-500" aria-hidden />{" "}
            <span className="min-w-0 [overflow-wrap:anywhere]">{e.location}</span>
          </p>
        </div>
        <div className="flex flex-col items-end">
          <ToggleForm e={e} />
          <HiddenForm e={e} />
        </div>
      </div>
      {e.managedBy ? (
        <p className="mt-2 text-sm text-neutral-700" data-testid="managed-by">
          Managed by {e.managedBy}: some fields are locked, and only the team removes it.
        </p>
      ) : null}
      {e.teamPath ? (
        <BookingLink url={`${origin}${e.teamPath}`} path={e.teamPath} title={e.title} />
      ) : linkBase && username ? (
        <BookingLink url={`${linkBase}/${e.slug}`} path={`/${username}/${e.slug}`} title={e.title} />
      ) : (
        <p className="mt-3 font-mono text-sm text-neutral-700 [overflow-wrap:anywhere]">/&lt;username&gt;/{e.slug}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2 border-t border-neutral-200 pt-4">
        <Link to={`${PAGE}/${e.id}`} className={buttonClass("secondary", "px-3 py-2")} aria-label={`Edit ${e.title}`}>
          <Pencil className="h-4 w-4" aria-hidden /> Edit
        </Link>
        {(e.teamPath || username) && e.active ? (
          <a
            href={e.teamPath ?? `/${username}/${e.slug}`}
            className={buttonClass("secondary", "px-3 py-2")}
            aria-label={`View the booking page of ${e.title}`}
            data-testid="view-booking-page"
          >
            <ExternalLink className="h-4 w-4" aria-hidden /> View booking page
          </a>
        ) : null}
        <Link
          to={`${PAGE}/${e.id}#embed`}
          className={buttonClass("secondary", "px-3 py-2")}
          aria-label={`Embed ${e.title} on your website`}
        >
          <Code2 className="h-4 w-4" aria-hidden /> Embed
        </Link>
        {e.managedBy ? null : (
          <Link
            to={`${PAGE}?delete=${e.id}`}
            preventScrollReset
            id={`delete-${e.id}`}
            className={buttonClass("secondary", "px-3 py-2 text-red-700")}
            aria-label={`Delete ${e.title}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Link>
        )}
      </div>
    </li>
  );
}

export default function EventTypes() {
  const { eventTypes, teamEventTypes, linkBase, username, toDelete, origin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleting = useIsPending({ intent: "delete", state: "busy" });
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold text-neutral-900">Event Types</h1>
          <p className="mt-2 text-neutral-700">
            Each event type is a booking link: guests pick a free time in its schedule and the meeting lands on your
            calendar.
          </p>
        </div>
        <Link to={`${PAGE}/new`} className={buttonClass("primary")}>
          <Plus className="h-4 w-4" aria-hidden /> New event type
        </Link>
      </header>

      {actionData?.activeCap ? <ActiveCapNotice /> : null}

      {linkBase ? null : (
        <p
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="username-missing"
        >
          <Link2 className="mr-1 inline h-4 w-4 align-text-bottom text-amber-700" aria-hidden />
          Your booking links need a username, and you have none yet.{" "}
          <Link
            to="/dashboard/profile#username-title"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Choose a username on your profile
          </Link>
          .
        </p>
      )}

      {eventTypes.length === 0 ? (
        <EmptyRows
          title="No event types yet"
          body="Make your first booking link: a title, a duration and where you meet are enough to start."
        >
          <Link to={`${PAGE}/new`} className={buttonClass("primary", "mt-6")}>
            <Plus className="h-4 w-4" aria-hidden /> New event type
          </Link>
        </EmptyRows>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Your event types">
          {eventTypes.map((e) => (
            <EventTypeCard key={e.id} e={e} linkBase={linkBase} username={username} origin={origin} />
          ))}
        </ul>
      )}

      {teamEventTypes.length > 0 ? (
        <section aria-labelledby="team-event-types-title" className="space-y-3">
          <h2 id="team-event-types-title" className="text-lg font-semibold text-neutral-900">
            Team event types you host
          </h2>
          <p className="text-sm text-neutral-600">Their teams' owners and admins edit them.</p>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Team event types you host">
            {teamEventTypes.map((t) => (
              <li
                key={t.id}
                className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm"
                data-testid="hosted-team-event-type"
              >
                <h3 className="break-words font-semibold text-neutral-900">{t.title}</h3>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-700">
                  <span className="inline-flex items-center gap-1">
                    <Clock className="h-4 w-4 text-neutral-500" aria-hidden /> {t.duration}
                  </span>
                  <span className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-600/20">
                    {t.kind}
                  </span>
                  <Link to={t.teamPage} className="font-medium text-brand-700 underline">
                    {t.teamName}
                  </Link>
                  {t.active ? null : <span>Off</span>}
                </p>
                <p className="mt-2 flex items-start gap-1 text-sm">
                  <Link2 className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                  <a href={t.path} className="min-w-0 font-mono text-brand-700 underline [overflow-wrap:anywhere]">
                    {t.path}
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {toDelete ? (
        <Modal title={`Delete “${toDelete.title}”?`} closeTo={PAGE} returnFocusTo={`delete-${toDelete.id}`}>
          <Form method="post" action={PAGE} preventScrollReset className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={toDelete.id} />
            <p className="text-sm text-neutral-700">
              Its booking link stops working at once. Meetings already booked through it stay on your schedule. This
              cannot be undone.
            </p>
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Link to={PAGE} preventScrollReset data-autofocus className={buttonClass("secondary")}>
                Cancel
              </Link>
              <Button type="submit" variant="danger" pending={deleting} disabled={deleting}>
                Delete event type
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
