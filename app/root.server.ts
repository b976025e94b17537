/**
 * The root route's server-only imports, named in one module. The browser build keeps an import
 * of every `.server` module and server package a route file names (as an empty module, used or
 * not), and one that other routes name as well becomes a chunk of its own that every page then
 * requests: four such requests on every page before this module (decision 122).
 */
export { data } from "@remix-run/node";
export { listBellNotifications } from "./models/notification.server";
export { getUser } from "~/utils/auth.server";
export { stylesheetText } from "~/server/inline-stylesheet.server";
export { staticPageScript } from "~/server/static-page-script.server";
export { THEME_TOGGLE_SCRIPT, TIME_ZONE_HINT_SCRIPT, ZOD_JITLESS_SCRIPT } from "~/server/head-scripts.server";
export { linkBase, publicEnv } from "~/server/env.server";
export { getToast } from "~/utils/toast.server";
export { pageTheme } from "~/utils/theme.server";
