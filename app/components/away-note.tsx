import { Link } from "@remix-run/react";

/**
 * The host is out of office now (decision 061): "{Name} is away until {date}", and a link to the
 * teammate who takes their guests when one is set. On the host's page and their booking pages.
 */
export function AwayNote({
  away,
  className = "",
}: {
  away: { message: string; teammate: { name: string; href: string } | null };
  className?: string;
}) {
  return (
    <div
      role="status"
      className={`rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 ${className}`}
      data-testid="host-away"
    >
      <p className="font-semibold">{away.message}</p>
      {away.teammate ? (
        <p className="mt-1 text-sm">
          <Link
            to={away.teammate.href}
            className="font-medium text-brand-700 underline underline-offset-2"
            data-testid="away-teammate"
          >
            Book with {away.teammate.name}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
