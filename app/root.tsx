import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { lazy, useEffect, type ComponentProps, type ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { CHROME_ATTRIBUTE, loadedSiteChrome, loadSiteChrome } from "./components/site-chrome-loader";
import { NavigationProgress } from "./components/navigation-progress";
import { useAfterAction, useNonce } from "./components/nonce";
import { Toaster } from "./components/toaster";
import { agoLabel } from "./scheduling/reader-time";
import tailwindHref from "./tailwind.css";
import { EMBED_FRAME_SCRIPT, EMBED_PARAM } from "~/utils/embed";
import { announceEarlyInput } from "~/browser/early-input";
// Every server-only name root uses comes through one module (app/root.server.ts, decision 122).
import {
  data,
  getToast,
  getUser,
  linkBase,
  listBellNotifications,
  pageTheme,
  publicEnv,
  staticPageScript,
  stylesheetText,
  THEME_TOGGLE_SCRIPT,
  TIME_ZONE_HINT_SCRIPT,
  ZOD_JITLESS_SCRIPT,
} from "./root.server";

// The site's navbar and footer, loaded on demand (app/components/site-chrome-loader.ts): pages
// with the booking chrome download neither. Once loaded they render at once; before that (the
// server's first render, or a client navigation from a booking page) they are lazy components
// outside any Suspense boundary: the server waits for them, a navigation waits for them.
const LazyNavbar = lazy(() => loadSiteChrome().then((m) => ({ default: m.Navbar })));
const LazyFooter = lazy(() => loadSiteChrome().then((m) => ({ default: m.Footer })));

function SiteNavbar(props: ComponentProps<typeof LazyNavbar>) {
  const Navbar = loadedSiteChrome()?.Navbar ?? LazyNavbar;
  return <Navbar {...props} />;
}

function SiteFooter(props: ComponentProps<typeof LazyFooter>) {
  const Footer = loadedSiteChrome()?.Footer ?? LazyFooter;
  return <Footer {...props} />;
}

// The stylesheet is inlined (SiteStyles), not linked: no request blocks the first paint.
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

const SITE_STYLES_ID = "site-styles";

/**
 * The site's whole stylesheet (about 10 KB gzip) in the head, so the first paint waits for no
 * second request. The server reads it from the build; the browser renders the same text, read
 * back from the page it hydrates, so React never touches it (the style-src policy allows inline
 * styles). Pages are compressed whole, so it costs its gzip size on each page.
 */
let browserStyles: string | undefined; // read from the page once, not on every render of the layout

function SiteStyles() {
  const css =
    typeof document === "undefined"
      ? stylesheetText(tailwindHref)
      : (browserStyles ??= document.getElementById(SITE_STYLES_ID)?.textContent ?? "");
  return <style id={SITE_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * A head script whose text only the server module has (so no page's JavaScript carries it): the
 * browser renders the text it finds in the page, so hydration changes nothing.
 */
function HeadScript({ id, text }: { id: string; text: string | undefined }) {
  const nonce = useNonce();
  const html = typeof document === "undefined" ? text : document.getElementById(id)?.innerHTML;
  return <script id={id} nonce={nonce} dangerouslySetInnerHTML={{ __html: html ?? "" }} />;
}

export const meta: MetaFunction = () => [
  { title: "Scheduler: easy meeting scheduling" },
  { name: "description", content: "The fastest and easiest way to schedule any meeting or other collaboration." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { toast, headers }] = await Promise.all([getUser(request), getToast(request)]);
  // Only signed-in people see the bell, so visitors cost no query.
  const notifications = user ? await listBellNotifications(user.id) : [];
  const now = new Date();
  const url = new URL(request.url);
  const embedded = url.searchParams.get(EMBED_PARAM) === "1";
  return data(
    {
      user: user ? { id: user.id, email: user.email, name: user.name, role: user.role } : null,
      notifications: notifications.map((n) => ({
        id: n.id,
        notification: n.notification,
        unread: n.unread,
        at: n.createdAt.toISOString(),
        ago: agoLabel(n.createdAt, now, user?.timeZone ?? "UTC"),
        // What it is about: a booking's page, or the page the notification names.
        link: n.eventId ? `/dashboard/scheduledEvents/${n.eventId}/timeline` : n.link,
        requestId: n.awaitingAnswer ? n.eventId : null,
      })),
      toast: toast ? { message: toast.message, description: toast.description, type: toast.type } : null,
      env: publicEnv(),
      // Absolute addresses (og:url) start here: APP_URL, like every link the app sends.
      siteUrl: linkBase(),
      year: new Date().getFullYear(),
      // The embedded page's storage shim (docs/decisions/019), sent only to a page asked for in
      // embed mode, so no other page carries its text in its JavaScript.
      embedFrameScript: embedded ? EMBED_FRAME_SCRIPT : null,
      // The html element's class (decision 108): in the first HTML, so the right theme paints first.
      theme: pageTheme(url, request.headers.get("cookie"), embedded),
    },
    // Only answer with the toast cookie when a toast was read (and so must be cleared).
    { headers: toast ? headers : undefined },
  );
}

export function useOptionalUser() {
  return useRouteLoaderData<typeof loader>("root")?.user ?? null;
}

/** What a route's `handle` may say about the document around it. */
interface SiteHandle {
  /** Its pages may be shown in a frame (`?embed=1`) without the site's chrome. */
  embeddable?: boolean;
  chrome?: "booking" | "app";
  /** Sent without React (docs/decisions/045, 047): always, or when this says so of the route's data. */
  staticPage?: boolean | ((data: unknown) => boolean);
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // ?embed=1 on a page that allows it (handle.embeddable: the booking pages) drops the site's chrome.
  const location = useLocation();
  const matches = useMatches();
  const handles = matches.map((m) => m.handle as SiteHandle | undefined);
  const embed = new URLSearchParams(location.search).get(EMBED_PARAM) === "1" && handles.some((h) => h?.embeddable);
  // A booking page is the host's, not ours: no site navigation or footer (it says "Powered by").
  // The app's own pages (the dashboard) keep the navbar but not the marketing footer.
  const chrome = handles.reduce<"booking" | "app" | "site">((found, h) => h?.chrome ?? found, "site");
  // A page that asks for it (handle.staticPage: the home page, unless its review form is open)
  // goes out without React: the HTML works as it is, and a small inline script gives its menus,
  // bell and carousel their behaviour (docs/decisions/045, 047). With a toast to see, or as the
  // answer to a posted form, it is the hydrated page. Only a document is sent so: a page already
  // hydrated stays so when it navigates there.
  const afterAction = useAfterAction();
  const staticPage =
    typeof document === "undefined" &&
    Boolean(root) &&
    !root?.toast &&
    !afterAction &&
    matches.some((m, i) => {
      const wants = handles[i]?.staticPage;
      return wants === true || (typeof wants === "function" && wants(m.data));
    });
  // Embedded, the page is as tall as its content (not the frame), so the parent can size the
  // frame to it, and transparent around its cards, so it sits on the host's own background.
  return (
    <html lang="en" className={`${embed ? "bg-transparent" : "h-full"} ${root?.theme ?? ""}`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Public pages name their absolute address for link previews; the app's own pages do not. */}
        {root && chrome !== "app" ? <meta property="og:url" content={`${root.siteUrl}${location.pathname}`} /> : null}
        <SiteStyles />
        <Links />
        {/* Zod without its eval probe: the policy has no 'unsafe-eval' (see ZOD_JITLESS_SCRIPT). */}
        {staticPage ? null : <HeadScript id="zod-jitless" text={ZOD_JITLESS_SCRIPT} />}
        {/* The browser's time zone as a client-hint cookie (app/scheduling/time-zone.ts), and the
            theme toggle without a reload (decision 117; the form works without it): one script, so
            the booking page's bundle pays for one element. */}
        <HeadScript id="tz-hint" text={TIME_ZONE_HINT_SCRIPT + THEME_TOGGLE_SCRIPT} />
        {/* Embedded: storage that may be blocked, the height and Escape for the parent page (docs/decisions/019). */}
        {embed && root?.embedFrameScript ? (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: root.embedFrameScript }} />
        ) : null}
      </head>
      <body
        className={embed ? "flex flex-col" : "flex min-h-full flex-col"}
        {...{ [CHROME_ATTRIBUTE]: embed ? "none" : chrome }}
      >
        <a
          href="#main"
          className="sr-only left-4 top-4 z-50 rounded-lg bg-surface px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed"
        >
          Skip to content
        </a>
        <NavigationProgress />
        {embed || chrome === "booking" ? null : (
          <SiteNavbar user={root?.user ?? null} notifications={root?.notifications ?? []} theme={root?.theme} />
        )}
        <main id="main" className="flex-1">
          {children}
        </main>
        {embed || chrome !== "site" ? null : (
          <SiteFooter year={root?.year ?? new Date().getFullYear()} theme={root?.theme} />
        )}
        <Toaster toast={root?.toast ?? null} />
        {staticPage ? (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: staticPageScript() }} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
        {root?.env.chatWidgetUrl && !embed ? <script src={root.env.chatWidgetUrl} async nonce={nonce} /> : null}
        {/* `npm run dev` only (it renders nothing in production): reloads the page after a rebuild. */}
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Runs once the whole page has hydrated (a parent's effects run after its children's, so
  // the forms listen by then): fields filled before the scripts ran are announced to them.
  useEffect(() => {
    announceEarlyInput();
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
