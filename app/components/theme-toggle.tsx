/**
 * System / Light / Dark (decision 108): a plain form to POST /theme, which sets the cookie and
 * comes back to this page, so it works before the scripts load and without them.
 */
export function ThemeToggle({ theme }: { theme?: string | null }) {
  const current = theme ?? "system";
  return (
    <form method="post" action="/theme">
      <fieldset className="flex gap-1 rounded-lg bg-neutral-100 p-1 text-sm">
        <legend className="sr-only">Theme</legend>
        {["system", "light", "dark"].map((t) => (
          <button
            key={t}
            name="theme"
            value={t}
            aria-pressed={t === current}
            className="flex-1 rounded-md px-2 py-1 capitalize text-neutral-700 aria-pressed:bg-surface aria-pressed:font-semibold aria-pressed:text-neutral-900 aria-pressed:shadow-sm"
          >
            {t}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
