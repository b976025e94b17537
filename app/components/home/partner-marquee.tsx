/** Fictional companies, drawn as simple wordmarks in public/images/partners. */
const PARTNERS = [
  { file: "lumora", name: "Lumora" },
  { file: "kestrel", name: "Kestrel" },
  { file: "brightpath", name: "Brightpath" },
  { file: "quanta", name: "Quanta Labs" },
  { file: "harborline", name: "Harborline" },
  { file: "fernwood", name: "Fernwood" },
  { file: "orbitly", name: "Orbitly" },
  { file: "tidewell", name: "Tidewell" },
];

/** Each logo sits in a slot of fixed width (w-[208px]), so one set is a known width and the speed exact. */
export const LOGO_SLOT_PX = 208;
/** How fast the partner logos scroll, in pixels per second. */
export const MARQUEE_PX_PER_SECOND = 70;
const SET_WIDTH_PX = LOGO_SLOT_PX * PARTNERS.length;

function LogoSet({ hidden }: { hidden?: boolean }) {
  return (
    <ul
      className={`flex shrink-0 ${
        hidden
          ? "motion-reduce:hidden"
          : "motion-reduce:w-full motion-reduce:shrink motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-y-4"
      }`}
      aria-hidden={hidden || undefined}
    >
      {PARTNERS.map((p) => (
        // Still, the logos wrap in smaller slots.
        <li
          key={p.file}
          className="flex w-[208px] shrink-0 items-center justify-center px-6 motion-reduce:w-1/2 motion-reduce:px-2 sm:motion-reduce:w-1/4"
        >
          <img
            src={`/images/partners/${p.file}.svg`}
            alt=""
            width={160}
            height={48}
            className="h-12 w-40 motion-reduce:h-9 motion-reduce:w-[120px] sm:motion-reduce:h-12 sm:motion-reduce:w-40"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The partner strip: two copies of the logo set slide left at 70 px/s and start over after
 * one set, so the loop has no seam. No gradient edges. It stops under prefers-reduced-motion
 * (the logos then wrap), while hovered or focused, and with the pause toggle (a checkbox, so
 * it works without JavaScript).
 */
export function PartnerMarquee() {
  const names = PARTNERS.map((p) => p.name).join(", ");
  return (
    <section
      aria-label="Companies that schedule with us"
      className="group/marquee border-y border-neutral-200 bg-neutral-50 py-8"
    >
      <div className="mx-auto flex max-w-content flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 sm:px-6">
        <p className="text-sm font-semibold text-neutral-700">Teams of every size schedule with us</p>
        <label className="flex cursor-pointer items-center gap-2 text-sm text-neutral-700 motion-reduce:hidden">
          <input type="checkbox" className="h-4 w-4 rounded border-neutral-300 accent-brand-600" />
          Pause logos
        </label>
      </div>
      <div role="img" aria-label={`Logos of ${names}`} className="mt-6 overflow-hidden">
        <div
          data-testid="partner-marquee"
          className="flex w-max animate-marquee hover:[animation-play-state:paused] group-has-[:checked]/marquee:[animation-play-state:paused] motion-reduce:mx-auto motion-reduce:w-full motion-reduce:max-w-content motion-reduce:animate-none motion-reduce:justify-center"
          style={{ animationDuration: `${SET_WIDTH_PX / MARQUEE_PX_PER_SECOND}s` }}
        >
          <LogoSet />
          <LogoSet hidden />
        </div>
      </div>
    </section>
  );
}
