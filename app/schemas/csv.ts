/**
 * CSV as RFC 4180 writes it, safe to open in a spreadsheet: the audit log's export and the
 * bookings export and routing form responses (decisions 070, 079, 074) write their cells here. Pure.
 */

/** Cells a spreadsheet would read as a formula (or a control) start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: a leading =, +, -, @, tab or CR gets a ' so a spreadsheet shows text; quoted when it must be. */
export function csvField(value: string | null): string {
  if (value === null) return "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, CRLF-terminated. */
export function csvLine(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
