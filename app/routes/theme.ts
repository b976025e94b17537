import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/utils/permissions";
import { THEMES, themeCookie, type ThemeChoice } from "~/utils/theme.server";

/**
 * POST /theme `theme=system|light|dark` (the footer's and the user menu's plain form, decision
 * 108): remembers the choice in a cookie and goes back to the page it came from (`redirectTo`,
 * else the same-site Referer), so it works without JavaScript. The page's script (decision 117)
 * posts the same field asking for JSON: 200 `{ theme }` with the same cookie, no redirect.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const choice = form.get("theme");
  if (typeof choice !== "string" || !THEMES.includes(choice as ThemeChoice)) {
    return new Response("Choose a theme: system, light or dark.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const cookie = { "Set-Cookie": themeCookie(choice as ThemeChoice) };
  if ((request.headers.get("accept") ?? "").includes("application/json")) {
    return Response.json({ theme: choice }, { headers: { ...cookie, "Cache-Control": "no-store" } });
  }
  return redirect(backTo(request, form.get("redirectTo")), {
    status: 303,
    headers: cookie,
  });
}

function backTo(request: Request, asked: FormDataEntryValue | null): string {
  if (typeof asked === "string") return safeRedirectPath(asked);
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    if (from.host !== new URL(request.url).host) return "/";
    return safeRedirectPath(`${from.pathname}${from.search}`);
  } catch {
    return "/";
  }
}

export async function loader() {
  return redirect("/", 303);
}
