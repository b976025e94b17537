import { Form } from "@remix-run/react";
import { Filter, Users } from "~/components/icons";
import { inputClass } from "~/components/forms";
import { Button } from "~/components/ui/button";
import type { ScheduledTab } from "~/schemas/scheduled-events";

/**
 * Whose bookings Scheduled Events lists (decision 062), for a person who runs one or more teams:
 * their own, or a team's (`?team=`), then one member's (`?member=`). Two plain GET forms, so the
 * switch works without JavaScript; switching the view starts again with every member.
 */

const PATH = "/dashboard/scheduledEvents";

export interface TeamViewData {
  teams: { id: string; name: string }[];
  team: { id: string; name: string } | null;
  members: { userId: string; name: string }[];
  member: string | null;
}

export function TeamViewPicker({ view, tab }: { view: TeamViewData; tab: ScheduledTab }) {
  return (
    <div
      className="mt-4 flex flex-col gap-3 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end"
      data-testid="team-view"
    >
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:flex-none">
          <label htmlFor="view-team" className="mb-1 block text-sm font-medium text-neutral-800">
            Bookings of
          </label>
          <select id="view-team" name="team" defaultValue={view.team?.id ?? ""} className={`${inputClass} sm:w-64`}>
            <option value="">My events</option>
            {view.teams.map((t) => (
              <option key={t.id} value={t.id}>
                Team: {t.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" className="px-3 py-2">
          <Users className="h-4 w-4" aria-hidden /> Show
        </Button>
      </Form>
      {view.team ? (
        <Form method="get" action={PATH} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="team" value={view.team.id} />
          {tab !== "upcoming" ? <input type="hidden" name="tab" value={tab} /> : null}
          <div className="min-w-0 flex-1 sm:flex-none">
            <label htmlFor="view-member" className="mb-1 block text-sm font-medium text-neutral-800">
              Hosted by
            </label>
            <select
              key={view.team.id}
              id="view-member"
              name="member"
              defaultValue={view.member ?? ""}
              className={`${inputClass} sm:w-64`}
            >
              <option value="">Every member</option>
              {view.members.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" className="px-3 py-2">
            <Filter className="h-4 w-4" aria-hidden /> Filter
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
