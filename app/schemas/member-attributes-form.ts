import { ATTRIBUTES_MAX, memberAttributesBody, ROUTING_FIELD_ID } from "./routing-forms";

/**
 * The team page's attributes form (decision 074's member attributes): rows of a name and a value,
 * posted as repeated `name` and `value` fields, so it needs no JavaScript. A row whose value is
 * empty is left out (that is how an attribute is removed); the rest is checked by the JSON API's
 * own schema. Shared by the server and the browser.
 */

/** The names offered in empty rows, as routing forms pick members by them. */
export const SUGGESTED_ATTRIBUTES = ["region", "language", "segment"] as const;

/** Empty rows under the member's attributes, so one more can be added without JavaScript. */
export const SPARE_ROWS = 3;

export type AttributeRow = { name: string; value: string };

/** The rows the form shows: the attributes, the suggested names not used yet, then SPARE_ROWS blank rows (at most ATTRIBUTES_MAX rows in all). */
export function attributeRows(attributes: Record<string, string>): AttributeRow[] {
  const rows = Object.entries(attributes).map(([name, value]) => ({ name, value }));
  const unused = SUGGESTED_ATTRIBUTES.filter((name) => !(name in attributes)).map((name) => ({ name, value: "" }));
  const blank = Array.from({ length: SPARE_ROWS }, () => ({ name: "", value: "" }));
  return [...rows, ...unused, ...blank].slice(0, Math.max(rows.length, ATTRIBUTES_MAX));
}

export type AttributesParse =
  { ok: true; attributes: Record<string, string> } | { ok: false; errors: string[]; rows: AttributeRow[] };

/** The posted rows as the attributes to save, or what is wrong with them (with the rows to show again). */
export function attributesFromForm(form: FormData): AttributesParse {
  const names = form.getAll("name").map((v) => (typeof v === "string" ? v.trim() : ""));
  const values = form.getAll("value").map((v) => (typeof v === "string" ? v.trim() : ""));
  const rows = names.map((name, i) => ({ name, value: values[i] ?? "" })).slice(0, 100);
  const errors: string[] = [];
  const attributes: Record<string, string> = {};
  for (const row of rows) {
    if (!row.value) continue;
    if (!row.name) {
      errors.push(`Give a name for the value "${row.value.slice(0, 40)}".`);
      continue;
    }
    if (!ROUTING_FIELD_ID.test(row.name)) {
      errors.push(`"${row.name.slice(0, 40)}": a name is a lower-case letter, then up to 39 letters, digits or _.`);
      continue;
    }
    if (row.name in attributes) errors.push(`"${row.name}" is given twice.`);
    attributes[row.name] = row.value;
  }
  const parsed = memberAttributesBody.safeParse(attributes);
  if (!parsed.success) errors.push(...new Set(parsed.error.issues.map((i) => i.message)));
  return errors.length > 0 || !parsed.success ? { ok: false, errors, rows } : { ok: true, attributes: parsed.data };
}
