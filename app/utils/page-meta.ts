import type { MetaDescriptor } from "@remix-run/node";

/**
 * A public page's title, description and the Open Graph / Twitter card tags a shared link's
 * preview is made from. `path` is the page's own path (og:url).
 */
export function pageMeta({
  title,
  description,
  path,
}: {
  title: string;
  description: string;
  path?: string;
}): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Scheduler" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(path ? [{ property: "og:url", content: path }] : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}
