import { Link } from "@remix-run/react";

export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex items-center gap-2 rounded-lg font-bold text-neutral-900 ${className}`}>
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden>
        <rect x="2" y="5" width="28" height="25" rx="6" className="fill-accent" />
        <rect x="8" y="2" width="3" height="7" rx="1.5" className="fill-brand-800" />
        <rect x="21" y="2" width="3" height="7" rx="1.5" className="fill-brand-800" />
        <path
          d="M10 19.5l4 4 8-9"
          fill="none"
          stroke="white"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg tracking-tight">Scheduler</span>
    </Link>
  );
}
