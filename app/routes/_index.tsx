import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CalendarCheck2, Link2, SlidersHorizontal } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { useOptionalUser } from "~/root";

export const meta: MetaFunction = () => [{ title: "Scheduler: easy meeting scheduling" }];

const STEPS = [
  { icon: SlidersHorizontal, title: "Create simple rules", body: "Let people know when you're available to meet." },
  { icon: Link2, title: "Share your link", body: "Send guests your link, or embed it on your website." },
  { icon: CalendarCheck2, title: "Get booked", body: "They pick a time and the event lands on your calendar." },
];

export default function Home() {
  const user = useOptionalUser();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-content px-4 py-16 text-center sm:px-6 sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight text-neutral-900 sm:text-5xl">Wants to Scheduled?</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-neutral-700">
            The fastest and easiest way to schedule any meeting or other collaboration.
          </p>
          <Link to={user ? "/dashboard" : "/signup"} className={buttonClass("primary", "mt-8 px-6 py-3 text-base")}>
            Get started
          </Link>
        </div>
      </section>
      <section className="mx-auto max-w-content px-4 py-16 sm:px-6">
        <h2 className="text-center text-2xl font-bold text-neutral-900">We make it easy to get started</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((s) => (
            <article key={s.title} className="rounded-xl border border-neutral-200 bg-white p-6 shadow-sm">
              <s.icon className="h-6 w-6 text-brand-600" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold text-neutral-900">{s.title}</h3>
              <p className="mt-2 text-neutral-600">{s.body}</p>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
