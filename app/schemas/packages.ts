/**
 * How a package is shown: prices, the shortened access text and the labelled features.
 * Pure, so the pricing page, the payment page and the admin list all say the same thing.
 */

/** Dollars without cents when whole ("10"), with two decimals otherwise ("10.50"). */
export function formatDollars(priceCents: number): string {
  const dollars = priceCents / 100;
  return Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
}

/** The card price: 'Free' for 0, else '$10/Month' ("$price/Month or 'Free'"). */
export function formatPrice(priceCents: number): string {
  return priceCents === 0 ? "Free" : `$${formatDollars(priceCents)}/Month`;
}

export const ACCESS_TYPE_VISIBLE_CHARACTERS = 30;

/**
 * The card shows the first 30 characters of accessType plus '...' when it is longer
 * (counted in characters, so an emoji is never cut in half).
 */
export function truncateAccessType(text: string, max = ACCESS_TYPE_VISIBLE_CHARACTERS): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join("")}...` : text;
}

export interface PackageFeatures {
  activeEvent: string;
  calender: number;
  goupEvent: string;
  notificationStatus: string;
  oneToOne: string;
}

/** The legacy feature fields (spelling kept in the keys, docs/legacy-api.md) with the labels people read. */
export const FEATURE_LABELS: ReadonlyArray<{ key: keyof PackageFeatures; label: string }> = [
  { key: "activeEvent", label: "Active events" },
  { key: "calender", label: "Calendars" },
  { key: "goupEvent", label: "Group events" },
  { key: "notificationStatus", label: "Notifications" },
  { key: "oneToOne", label: "One-to-one events" },
];

/** Label and value of each feature, in display order; an empty value reads 'Not included'. */
export function packageFeatures(
  pkg: PackageFeatures,
): Array<{ key: keyof PackageFeatures; label: string; value: string }> {
  return FEATURE_LABELS.map(({ key, label }) => {
    const value = String(pkg[key]).trim();
    return { key, label, value: value === "" ? "Not included" : value };
  });
}

/** The plan to highlight on the pricing page: the middle one of three or more, else none. */
export function highlightedIndex(count: number): number {
  return count >= 3 ? Math.floor((count - 1) / 2) : -1;
}
