/** The reschedule page's own links: the token, and whatever of the guest's choices the step keeps. */
export function pageHref(
  token: string,
  q: {
    tz?: string | null;
    month?: string;
    date?: string | null;
    start?: string;
    reason?: string;
    /** ?lang= as the guest gave it (docs/decisions/099). */
    lang?: string | null;
  },
) {
  const params = new URLSearchParams({ token });
  if (q.lang) params.set("lang", q.lang);
  if (q.tz) params.set("tz", q.tz);
  if (q.month) params.set("month", q.month);
  if (q.date) params.set("date", q.date);
  if (q.start) params.set("start", q.start);
  if (q.reason) params.set("reason", q.reason);
  return `?${params.toString()}`;
}
