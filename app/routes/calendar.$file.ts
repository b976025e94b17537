import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedCalendar } from "~/services/calendars.server";
import { notFound } from "~/utils/responses";

/** /calendar/<token>.ics: a host's subscription feed (any calendar app; the token is the only key). */
export async function loader({ params }: LoaderFunctionArgs) {
  const match = /^(.+)\.ics$/.exec(params.file ?? "");
  const text = match ? await feedCalendar(match[1], new Date()) : null;
  if (text === null) notFound();
  return new Response(text, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "cache-control": "private, max-age=300",
      "referrer-policy": "no-referrer",
      "x-robots-tag": "noindex",
    },
  });
}
