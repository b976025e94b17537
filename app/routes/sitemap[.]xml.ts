import { listPublicBookingPages } from "~/models/event-type.server";
import { linkBase } from "~/utils/request.server";

/** The site's own public pages (the booking pages are added from the database). */
const PUBLIC_PAGES = ["/", "/about", "/pricing", "/contact"];

const xmlText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** /sitemap.xml: the public pages, then each active host's booking page and its listed event types, as absolute URLs. */
export async function loader() {
  const base = linkBase();
  const pages = await listPublicBookingPages();
  const paths = [...PUBLIC_PAGES];
  const seen = new Set<string>();
  for (const { username, slug } of pages) {
    const host = `/${encodeURIComponent(username)}`;
    if (!seen.has(host)) {
      seen.add(host);
      paths.push(host);
    }
    paths.push(`${host}/${encodeURIComponent(slug)}`);
  }
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${xmlText(`${base}${p === "/" ? "/" : p}`)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
