import { linkBase } from "~/utils/request.server";

/** /robots.txt: the public pages and booking pages may be crawled; the app, admin and API may not. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /admin",
    "Disallow: /api",
    "Disallow: /booking/",
    "",
    `Sitemap: ${linkBase()}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
