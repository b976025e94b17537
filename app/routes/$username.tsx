import {
  awayNotice,
  getPublicHost,
  hostLogoOf,
  listActiveEventTypes,
  notTakingBookings,
  photoHashOf,
  publicAbsences,
  publicPageTag,
  tagPublicPage,
} from "./$username.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ChevronRight, Clock } from "~/components/icons";
import { timeZoneHint } from "~/browser/time-zone-hint";
import { AwayNote } from "~/components/away-note";
import { HostAvatar as Avatar } from "~/components/host-avatar";
import { pageHref, USERNAME_IN_URL } from "~/components/booking-page";
import { EMBED_PARAM } from "~/utils/embed";
import { notFound } from "~/utils/responses";
import { pageMeta } from "~/utils/page-meta";

/**
 * /{username}: a host's public page, the list of their active event types.
 * Static routes rank above this one; an unknown or malformed username is the site's 404.
 */
/** ?embed=1: chromeless and framable by any site (app/root.tsx, docs/decisions/019). */
/** An anonymous visitor's copy may come from the full-page cache (docs/decisions/032). */
export const handle = { embeddable: true, pageCache: true };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const username = params.username ?? "";
  const now = new Date();
  const [host, absences] = USERNAME_IN_URL.test(username)
    ? await Promise.all([getPublicHost(username), publicAbsences(username, now)])
    : [null, []];
  if (!host) notFound();
  // The host's, and a teammate's an absence sends guests to (docs/decisions/061).
  tagPublicPage(context, [
    publicPageTag.host(host.id),
    ...absences.flatMap((a) => (a.teammateId ? [publicPageTag.host(a.teammateId)] : [])),
  ]);
  // A deactivated host (decision 068) lists nothing: the page says they are not taking bookings.
  const types = host.deactivated ? [] : await listActiveEventTypes(host.id);
  const embed = new URL(request.url).searchParams.get(EMBED_PARAM) === "1";
  // The viewer's zone from the time-zone hint, else the host's (as on the booking page).
  const zone = timeZoneHint(request.headers.get("cookie")) ?? host.timeZone;
  return {
    embed,
    host: {
      name: host.name || host.username,
      username: host.username,
      id: host.id,
      photoHash: await photoHashOf(host.id),
      /** The host's own logo (decision 117), shown in place of the photo. */
      logo: await hostLogoOf(host.id),
    },
    notTaking: host.deactivated ? notTakingBookings(host.name || host.username).title : null,
    /** "{Name} is away until {date}" while an absence covers now, with the teammate's page (decision 061). */
    away: await awayNotice(host.name || host.username, absences, now, zone, { embed }),
    eventTypes: types.map((t) => ({
      slug: t.slug,
      title: t.title,
      duration: t.duration,
      excerpt: t.description.length > 140 ? `${t.description.slice(0, 137).trimEnd()}…` : t.description,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        ...pageMeta({
          title: `${data.host.name} | Scheduler`,
          description: `Book a meeting with ${data.host.name}: pick a meeting type and a time that suits you.`,
          path: `/${data.host.username}`,
        }),
        ...(data.embed ? [{ name: "robots", content: "noindex" }] : []),
      ]
    : [{ title: "Page not found | Scheduler" }];

export default function HostPage() {
  const { host, eventTypes, embed, away, notTaking } = useLoaderData<typeof loader>();
  return (
    <section className={`mx-auto max-w-3xl px-4 sm:px-6 ${embed ? "py-6" : "py-10 sm:py-16"}`}>
      <div className="flex flex-col items-center text-center">
        <Avatar
          name={host.name}
          username={host.username}
          userId={host.id}
          photoHash={host.photoHash}
          logo={host.logo}
          size="lg"
        />
        <h1 className="mt-4 text-2xl font-bold text-neutral-900" data-testid="host-name">
          {host.name}
        </h1>
        <p className="mt-1 text-neutral-600">Pick a meeting type to see open times.</p>
      </div>
      {away ? <AwayNote away={away} className="mx-auto mt-8 max-w-xl text-center" /> : null}
      {notTaking ? (
        <p
          role="status"
          className="mt-10 rounded-xl border border-amber-300 bg-amber-50 p-6 text-center font-semibold text-amber-900"
          data-testid="not-taking-bookings"
        >
          {notTaking}
        </p>
      ) : eventTypes.length === 0 ? (
        <p className="mt-10 rounded-xl border border-neutral-200 bg-surface p-6 text-center text-neutral-700">
          This host has no bookable meetings right now.
        </p>
      ) : (
        <ul className="mt-10 divide-y divide-neutral-200 overflow-hidden rounded-xl border border-neutral-200 bg-surface shadow-sm">
          {eventTypes.map((t) => (
            <li key={t.slug}>
              <Link
                to={pageHref(`/${host.username}/${t.slug}`, { embed: embed ? "1" : undefined })}
                data-testid="host-event-type"
                className="flex items-center gap-4 px-5 py-4 hover:bg-neutral-50 focus-visible:bg-neutral-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-neutral-900">{t.title}</span>
                  <span className="mt-0.5 flex items-center gap-1 text-sm text-neutral-600">
                    <Clock className="h-4 w-4" aria-hidden /> {t.duration} min
                  </span>
                  {t.excerpt ? <span className="mt-1 block text-sm text-neutral-600">{t.excerpt}</span> : null}
                </span>
                <ChevronRight className="h-5 w-5 shrink-0 text-neutral-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
