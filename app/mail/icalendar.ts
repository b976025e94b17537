/**
 * A small iCalendar (RFC 5545) writer: the content lines the invitation mails and the calendar
 * files need, and nothing else. Values are escaped and lines folded here, so callers only say
 * which properties a component has. Pure, no validation pass per call: what goes in is our own
 * data (times are Dates, addresses were checked when they were stored).
 */

/** A TEXT value (3.3.11): backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
  );
}

/**
 * A parameter value (3.2): quoted when it holds `:`, `;` or `,`; a DQUOTE cannot appear even
 * quoted, so it is dropped, like control characters.
 */
export function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/["\u0000-\u0008\u000a-\u001f\u007f]/g, "");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** A DATE-TIME in UTC (3.3.5, form 2): `20261201T150000Z`. */
export function utcDateTime(date: Date): string {
  const iso = date.toISOString(); // 2026-12-01T15:00:00.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** Folds a content line at 75 octets (3.1): the continuation starts with a space; never inside a UTF-8 character. */
export function foldLine(line: string): string {
  // Most lines are short ASCII: no encoding needed to know they fit.
  // eslint-disable-next-line no-control-regex
  if (line.length <= 75 && !/[^\x00-\x7f]/.test(line)) return line;
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.subarray(start, end).toString("utf8"));
    start = end;
    limit = 74; // the continuation's leading space counts
  }
  return parts.join("\r\n ");
}

/** `NAME;P1=v1;P2=v2:value`, parameters in the order given (values quoted when needed, see `paramValue`). */
export function contentLine(name: string, value: string, params?: Array<[name: string, value: string]>): string {
  const p = params ? params.map(([k, v]) => `;${k}=${paramValue(v)}`).join("") : "";
  return `${name}${p}:${value}`;
}

/** The lines as an iCalendar object: each folded, CRLF after every line. */
export function icalendarText(lines: string[]): string {
  let out = "";
  for (const line of lines) out += foldLine(line) + "\r\n";
  return out;
}
