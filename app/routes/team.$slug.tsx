import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ChevronRight, Clock, Repeat2, Users } from "~/components/icons";
import { HostAvatar as Avatar } from "~/components/host-avatar";
import { brandAttributes, getPublicTeam } from "./team.$slug.server";
import { teamLogoPath } from "~/schemas/team-logo";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { slugProblem } from "~/schemas/teams";
import { notFound } from "~/utils/responses";
import { pageHref } from "~/components/booking-page";
import { teamEventTypePath } from "~/schemas/team-event-types";
import { EMBED_PARAM } from "~/utils/embed";
import { pageMeta } from "~/utils/page-meta";

/**
 * /team/{slug}: a named team's public page (decision 057): its name, its members and its active
 * event types, each linking to its booking page /team/{slug}/{event slug} (decision 059). An
 * unknown or malformed slug is the site's 404. Not in the full-page cache: membership changes at
 * once. ?embed=1: chromeless and framable, its links staying in embed mode (as /{username}).
 */

export const handle = { embeddable: true };

const KIND_TEXT: Record<string, string> = {
  collective: "Collective",
  "round-robin": "Round Robin",
  "one-to-one": "One-to-one",
  group: "Group",
  managed: "Managed",
};

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = (params.slug ?? "").toLowerCase();
  const embed = new URL(request.url).searchParams.get(EMBED_PARAM) === "1";
  const team = slugProblem(slug) === null ? await getPublicTeam(slug) : null;
  if (!team) notFound(M.notFound);
  return {
    embed,
    team: { name: team.name, slug: team.slug },
    // The team's colour (decision 108) and logo (decision 112), as on its booking pages.
    brand: brandAttributes(team.brandColor),
    logo: team.logoHash
      ? { small: teamLogoPath(team.id, team.logoHash, "small"), large: teamLogoPath(team.id, team.logoHash) }
      : null,
    members: team.members.map((m) => ({ name: m.name, username: m.username ?? m.name })),
    eventTypes: team.eventTypes.map((t) => ({
      id: t.id,
      title: t.title,
      duration: t.duration,
      kind: KIND_TEXT[t.kind] ?? t.kind,
      href: pageHref(teamEventTypePath(team.slug, t.slug), { embed: embed ? "1" : undefined }),
      excerpt: t.description.length > 140 ? `${t.description.slice(0, 137).trimEnd()}…` : t.description,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta({
        title: `${data.team.name} | Scheduler`,
        description: `Book a meeting with ${data.team.name}: pick a meeting type and a time that suits you.`,
        path: `/team/${data.team.slug}`,
      })
    : [{ title: "Page not found | Scheduler" }];

export default function TeamPage() {
  const { team, members, eventTypes, brand, logo } = useLoaderData<typeof loader>();
  return (
    <section {...brand} className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="flex flex-col items-center text-center">
        {logo ? (
          <Avatar name={team.name} username={team.slug} logo={logo} size="lg" />
        ) : (
          <span
            className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-800"
            aria-hidden
          >
            <Users className="h-8 w-8" />
          </span>
        )}
        <h1 className="mt-4 break-words text-2xl font-bold text-neutral-900" data-testid="team-name">
          {team.name}
        </h1>
        <p className="mt-1 text-neutral-600">Pick a meeting type to see open times.</p>
        <ul className="mt-6 flex flex-wrap justify-center gap-4" aria-label="Members">
          {members.map((m, i) => (
            <li key={`${m.username}-${i}`} className="flex w-24 flex-col items-center gap-1" data-testid="team-member">
              <Avatar name={m.name} username={m.username} />
              <span className="w-full break-words text-center text-sm text-neutral-700">{m.name}</span>
            </li>
          ))}
        </ul>
      </div>
      {eventTypes.length === 0 ? (
        <p className="mt-10 rounded-xl border border-neutral-200 bg-surface p-6 text-center text-neutral-700">
          This team has no bookable meetings right now.
        </p>
      ) : (
        <ul className="mt-10 divide-y divide-neutral-200 overflow-hidden rounded-xl border border-neutral-200 bg-surface shadow-sm">
          {eventTypes.map((t) => (
            <li key={t.id}>
              <Link
                to={t.href}
                data-testid="team-event-type"
                className="flex items-center gap-4 px-5 py-4 hover:bg-neutral-50 focus-visible:bg-neutral-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block break-words font-semibold text-neutral-900">{t.title}</span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-3 text-sm text-neutral-600">
                    <span className="flex items-center gap-1">
                      <Clock className="h-4 w-4" aria-hidden /> {t.duration} min
                    </span>
                    <span className="flex items-center gap-1">
                      <Repeat2 className="h-4 w-4" aria-hidden /> {t.kind}
                    </span>
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
