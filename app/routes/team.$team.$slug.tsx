/**
 * /team/{team slug}/{slug}: a team's event type books on the same booking page as
 * /{username}/{slug} (decision 059): this is that route module under the team's URL. Its loader
 * and action read `params.team` (findPage), so the calendar, the form, embeds and the
 * confirmation link are the same.
 */
export { action, default, ErrorBoundary, handle, headers, loader, meta } from "./$username_.$slug/route";
