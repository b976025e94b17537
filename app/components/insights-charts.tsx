import { WEEKDAYS } from "~/scheduling/insights";

/**
 * Insights' charts (decision 079): small SVGs drawn on the server, no chart library. Each is an
 * image with its own title and description (role="img", aria-labelledby), and has the same
 * figures in a table beside it, so the numbers never depend on seeing the picture or its colours.
 */

export interface BarRow {
  label: string;
  value: number;
}

const BAR_HEIGHT = 22;
const ROW_GAP = 30;
const WIDTH = 480;
const LABEL_WIDTH = 180;

/** A horizontal bar per row, its value at the end. */
export function BarChart({
  id,
  title,
  description,
  rows,
  valueLabel,
}: {
  id: string;
  title: string;
  description: string;
  rows: BarRow[];
  valueLabel: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const height = Math.max(1, rows.length) * ROW_GAP + 8;
  const barSpace = WIDTH - LABEL_WIDTH - 48;
  return (
    <figure className="grid gap-4 lg:grid-cols-2" data-testid={`${id}-chart`}>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-auto w-full max-w-xl"
        data-testid={`${id}-svg`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {rows.length === 0 ? (
          <text x={0} y={20} fontSize={14} className="fill-neutral-700">
            No bookings in this range.
          </text>
        ) : null}
        {rows.map((r, i) => {
          const y = i * ROW_GAP + 4;
          const w = Math.round((r.value / max) * barSpace);
          const short = r.label.length > 24 ? `${r.label.slice(0, 23)}…` : r.label;
          return (
            <g key={`${r.label}-${i}`}>
              <text x={0} y={y + 16} fontSize={13} className="fill-neutral-700">
                {short}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y}
                width={Math.max(w, r.value > 0 ? 2 : 0)}
                height={BAR_HEIGHT}
                rx={4}
                className="fill-accent"
              />
              <text x={LABEL_WIDTH + w + 6} y={y + 16} fontSize={13} className="fill-neutral-900">
                {r.value}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{title}</figcaption>
      <table className="w-full text-left text-sm" data-testid={`${id}-table`}>
        <caption className="sr-only">{title}</caption>
        <thead className="text-neutral-600">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              {rows.length > 0 ? "Name" : ""}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {valueLabel}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100 text-neutral-800">
          {rows.length === 0 ? (
            <tr>
              <td className="py-1 pr-2">No bookings in this range.</td>
              <td className="py-1 text-right">0</td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={`${r.label}-${i}`}>
                <th scope="row" className="break-words py-1 pr-2 font-normal">
                  {r.label}
                </th>
                <td className="py-1 text-right tabular-nums">{r.value}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </figure>
  );
}

const CELL = 20;
const LEFT = 40;
const TOP = 18;

/** "9 AM" style hour labels. */
export const hourLabel = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? "AM" : "PM"}`;

/** Weekday × hour: the darker the cell, the more bookings start then. */
export function HeatMap({ grid, zone }: { grid: number[][]; zone: string }) {
  const max = Math.max(1, ...grid.flat());
  const title = "Busiest days and hours";
  const total = grid.flat().reduce((a, b) => a + b, 0);
  const busiest = grid.flatMap((row, d) => row.map((n, h) => ({ n, d, h }))).sort((a, b) => b.n - a.n)[0];
  const description =
    total === 0
      ? "No bookings start in this range."
      : `Bookings by the weekday and hour of their start in ${zone.replaceAll("_", " ")}. The busiest is ${WEEKDAYS[busiest.d]} at ${hourLabel(busiest.h)} with ${busiest.n}.`;
  return (
    <div className="space-y-4" data-testid="heatmap">
      <svg
        role="img"
        aria-labelledby="heatmap-title heatmap-desc"
        viewBox={`0 0 ${LEFT + 24 * CELL} ${TOP + 7 * CELL + 4}`}
        className="h-auto w-full"
        data-testid="heatmap-svg"
      >
        <title id="heatmap-title">{title}</title>
        <desc id="heatmap-desc">{description}</desc>
        {[0, 6, 12, 18].map((h) => (
          <text key={h} x={LEFT + h * CELL} y={12} fontSize={10} className="fill-neutral-700">
            {hourLabel(h)}
          </text>
        ))}
        {grid.map((row, d) => (
          <g key={d}>
            <text x={0} y={TOP + d * CELL + 14} fontSize={11} className="fill-neutral-700">
              {WEEKDAYS[d].slice(0, 3)}
            </text>
            {row.map((n, h) => (
              <rect
                key={h}
                x={LEFT + h * CELL + 1}
                y={TOP + d * CELL + 1}
                width={CELL - 2}
                height={CELL - 2}
                rx={3}
                className={n === 0 ? "fill-neutral-100" : "fill-accent"}
                fillOpacity={n === 0 ? 1 : 0.15 + 0.85 * (n / max)}
              >
                <title>{`${WEEKDAYS[d]} ${hourLabel(h)}: ${n}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Busiest days and hours as a table">
        <table className="min-w-full text-right text-xs tabular-nums" data-testid="heatmap-table">
          <caption className="sr-only">{`${title}: bookings by weekday (rows) and starting hour (columns)`}</caption>
          <thead className="text-neutral-600">
            <tr>
              <th scope="col" className="px-1 py-1 text-left font-medium">
                Day
              </th>
              {Array.from({ length: 24 }, (_, h) => (
                <th key={h} scope="col" className="px-1 py-1 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100 text-neutral-800">
            {grid.map((row, d) => (
              <tr key={d}>
                <th scope="row" className="px-1 py-1 text-left font-medium">
                  {WEEKDAYS[d].slice(0, 3)}
                </th>
                {row.map((n, h) => (
                  <td key={h} className="px-1 py-1">
                    {n}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
