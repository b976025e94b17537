import { makeIcon } from "~/components/icon";
import globeDrawing from "lucide/dist/esm/icons/globe.mjs";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { inputClass } from "~/components/forms";
import { fill } from "~/messages/languages";
import type { GuestWords } from "~/messages/guest-words";

const Globe = makeIcon(globeDrawing, "globe");

export type ZonePickerWords = Pick<GuestWords, "timeZone" | "zoneSearch" | "zoneList" | "zoneNoMatch" | "zoneNow">;

const ENGLISH: ZonePickerWords = {
  timeZone: "Time zone",
  zoneSearch: "Search a city or zone",
  zoneList: "Time zones",
  zoneNoMatch: "No time zone matches “{query}”.",
  zoneNow: "Now {time}",
};

/**
 * The guest's time zone as a searchable list (the WAI-ARIA combobox pattern with a listbox):
 * type a city, a zone or an offset ("tokyo", "gmt+9"); arrows move through the matches and change
 * nothing; Enter or a click chooses; Escape or leaving the field keeps the zone as it was.
 * Regions group the zones; each shows its current time and UTC offset. Pages render it only once
 * scripts run: the native select in a GET form is the fallback without JavaScript. The dashboard's
 * zone fields use it too, through ZoneField (app/components/zone-field.tsx).
 */

interface ZoneInfo {
  zone: string;
  city: string;
  region: string;
  offset: string;
  time: string;
  search: string;
}

const readable = (name: string) => name.replace(/_/g, " ");

function zoneInfo(zone: string, now: number, clock24: boolean, locale = "en-US"): ZoneInfo {
  const parts = zone.split("/");
  const city = readable(parts[parts.length - 1] ?? zone);
  const region = parts.length > 1 ? parts[0] : "Universal";
  let offset = "GMT";
  let time = "";
  try {
    offset =
      new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
        .formatToParts(now)
        .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
    time = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      hour: "numeric",
      minute: "2-digit",
      hourCycle: clock24 ? "h23" : "h12",
    }).format(now);
  } catch {
    // A zone this browser does not know: listed without time and offset.
  }
  const utc = offset.replace("GMT", "UTC");
  return { zone, city, region, offset, time, search: `${readable(zone)} ${offset} ${utc}`.toLowerCase() };
}

export function zoneOffsetAndTime(zone: string, clock24: boolean, now = Date.now(), locale = "en-US"): string {
  const info = zoneInfo(zone, now, clock24, locale);
  return info.time ? `${info.time}, ${info.offset}` : info.offset;
}

export function TimeZonePicker({
  zones,
  value,
  clock24,
  onChoose,
  label,
  name,
  inputId,
  describedBy,
  invalid,
  locale = "en-US",
  words = ENGLISH,
}: {
  zones: string[];
  value: string;
  clock24: boolean;
  onChoose: (zone: string) => void;
  /** A label of the form's own (a form field); else the globe and "Time zone". */
  label?: ReactNode;
  /** In a form: the chosen zone is posted under this name. */
  name?: string;
  inputId?: string;
  /** The form field's hint and error ids. */
  describedBy?: string;
  invalid?: boolean;
  /** The guest's locale and words (docs/decisions/088); English when not given. */
  locale?: string;
  words?: ZonePickerWords;
}) {
  const id = useId();
  const fieldId = inputId ?? `${id}-input`;
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // The current time beside the zone stays current while the page is open.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const infos = useMemo(
    () => (open ? zones.map((z) => zoneInfo(z, now, clock24, locale)) : []),
    [open, zones, now, clock24, locale],
  );
  const matches = useMemo(() => {
    const words = query.toLowerCase().replace(/_/g, " ").split(/\s+/).filter(Boolean);
    return words.length === 0 ? infos : infos.filter((info) => words.every((w) => info.search.includes(w)));
  }, [infos, query]);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active, open]);

  // Opening shows the chosen zone highlighted.
  function show() {
    if (open) return;
    setOpen(true);
    setQuery("");
    setActive(Math.max(0, zones.indexOf(value)));
  }

  function close() {
    setOpen(false);
    setQuery("");
  }

  function choose(zone: string) {
    close();
    if (zone !== value) onChoose(zone);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) show();
        else setActive((i) => Math.min(matches.length - 1, i + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) show();
        else setActive((i) => Math.max(0, i - 1));
        break;
      case "PageDown":
        if (open) {
          event.preventDefault();
          setActive((i) => Math.min(matches.length - 1, i + 10));
        }
        break;
      case "PageUp":
        if (open) {
          event.preventDefault();
          setActive((i) => Math.max(0, i - 10));
        }
        break;
      case "Enter":
        if (open) {
          event.preventDefault();
          const chosen = matches[active];
          if (chosen) choose(chosen.zone);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  }

  // Matches grouped by region, in list order; each option keeps its index among the matches.
  const groups: { region: string; items: { info: ZoneInfo; index: number }[] }[] = [];
  matches.forEach((info, index) => {
    const last = groups[groups.length - 1];
    if (last && last.region === info.region) last.items.push({ info, index });
    else groups.push({ region: info.region, items: [{ info, index }] });
  });
  const activeId = open && matches[active] ? `${id}-o${active}` : undefined;

  return (
    <div className="relative">
      <label htmlFor={fieldId} className="mb-1 flex items-center gap-1 text-sm font-medium text-neutral-800">
        {label ?? (
          <>
            <Globe className="h-4 w-4" aria-hidden /> {words.timeZone}
          </>
        )}
      </label>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      <input
        ref={input}
        id={fieldId}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-describedby={[`${id}-now`, describedBy].filter(Boolean).join(" ")}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        className={inputClass}
        placeholder={words.zoneSearch}
        value={open ? query : readable(value)}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={show}
        onKeyDown={onKeyDown}
        onBlur={close}
        data-testid="time-zone-search"
      />
      <p id={`${id}-now`} className="mt-1 text-xs text-neutral-600" data-testid="time-zone-now">
        {fill(words.zoneNow, { time: zoneOffsetAndTime(value, clock24, now, locale) })}
      </p>
      <div
        ref={list}
        id={listId}
        role="listbox"
        aria-label={words.zoneList}
        hidden={!open}
        className="absolute left-0 right-0 top-[4.25rem] z-30 max-h-72 overflow-y-auto rounded-lg border border-neutral-200 bg-surface py-1 text-sm shadow-lg"
      >
        {open && matches.length === 0 ? (
          <p className="px-3 py-2 text-neutral-600">{fill(words.zoneNoMatch, { query })}</p>
        ) : null}
        {groups.map((group) => (
          <div
            key={`${group.region}-${group.items[0]?.index}`}
            role="group"
            aria-labelledby={`${id}-g${group.items[0]?.index}`}
          >
            <div
              id={`${id}-g${group.items[0]?.index}`}
              role="presentation"
              className="sticky top-0 bg-neutral-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-neutral-600"
            >
              {group.region}
            </div>
            {group.items.map(({ info, index }) => (
              <div
                key={info.zone}
                id={`${id}-o${index}`}
                data-index={index}
                role="option"
                aria-selected={info.zone === value}
                data-zone={info.zone}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(info.zone)}
                onMouseMove={() => setActive(index)}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 ${index === active ? "bg-brand-50 text-brand-800" : "text-neutral-800"} ${
                  info.zone === value ? "font-semibold" : ""
                }`}
              >
                <span className="min-w-0 truncate">
                  {info.city}
                  <span className="sr-only">, {readable(info.zone)}</span>
                </span>
                <span className="shrink-0 text-xs text-neutral-600">
                  {info.time} {info.offset}
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
