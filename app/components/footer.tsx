import { Logo } from "./logo";
import { MESSAGES } from "~/messages";
import { ThemeToggle } from "./theme-toggle";

const COLUMNS: Array<{ title: string; items: string[] }> = [
  { title: "About", items: ["Our story", "Careers", "Press", "Trust & safety"] },
  { title: "Supports", items: ["Help center", "Community", "Status", "Contact support"] },
  { title: "Solutions", items: ["Sales", "Marketing", "Customer success", "Recruiting"] },
  { title: "Add-Ons", items: ["Calendar sync", "Video rooms", "Reminders", "Routing forms"] },
  { title: "Popular Features", items: ["Booking links", "Group events", "Time zones", "Embeds"] },
  { title: "Developers", items: ["API", "Webhooks", "Embed snippets", "Changelog"] },
];

/** Simple drawn marks for the social icons (text only: they have no destinations). */
function SocialIcon({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span
      role="img"
      aria-label={label}
      className="flex h-9 w-9 items-center justify-center rounded-full bg-neutral-200 text-neutral-700"
    >
      <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden fill="currentColor">
        {children}
      </svg>
    </span>
  );
}

export function Footer({ year, theme }: { year: number; theme?: string | null }) {
  return (
    <footer className="mt-auto border-t border-neutral-200 bg-neutral-50">
      <div className="mx-auto grid max-w-content gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_2fr]">
        <div className="space-y-4">
          <Logo />
          <p className="max-w-xs text-sm text-neutral-600">{MESSAGES.footerTagline}</p>
          <div className="flex gap-2">
            <SocialIcon label="Facebook">
              <path d="M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l.5-4H14V8.6c0-.4.3-.6.6-.6z" />
            </SocialIcon>
            <SocialIcon label="X">
              <path d="M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.3L20.5 20H16l-4.4-6.1L6.3 20H3.6l6.7-7.8z" />
            </SocialIcon>
            <SocialIcon label="LinkedIn">
              <path d="M4 9h3.5v11H4zM5.8 3.5a2 2 0 110 4 2 2 0 010-4zM10 9h3.3v1.6c.5-.9 1.7-1.9 3.5-1.9 3.6 0 4.2 2.3 4.2 5.4V20h-3.5v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H10z" />
            </SocialIcon>
            <SocialIcon label="YouTube">
              <path d="M21.6 7.2a2.5 2.5 0 00-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4A2.5 2.5 0 002.4 7.2 26 26 0 002 12a26 26 0 00.4 4.8 2.5 2.5 0 001.8 1.8c1.5.4 7.8.4 7.8.4s6.3 0 7.8-.4a2.5 2.5 0 001.8-1.8A26 26 0 0022 12a26 26 0 00-.4-4.8zM10 15V9l5.2 3z" />
            </SocialIcon>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {COLUMNS.map((c) => (
            <div key={c.title}>
              <h2 className="text-sm font-semibold text-neutral-900">{c.title}</h2>
              <ul className="mt-3 space-y-2">
                {c.items.map((i) => (
                  <li key={i} className="text-sm text-neutral-600">
                    {i}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div className="mx-auto flex max-w-content flex-wrap items-center justify-between gap-4 border-t border-neutral-200 px-4 py-6 sm:px-6">
        <p className="text-sm text-neutral-600">Copyright © {year} Scheduler. All rights reserved.</p>
        <ThemeToggle theme={theme} />
      </div>
    </footer>
  );
}
