import type { createDocument } from "zod-openapi";
import { paths as admin } from "./admin";
import { paths as bookings } from "./bookings";
import { paths as calendars } from "./calendars";
import { paths as conferencing } from "./conferencing";
import { paths as core } from "./core";
import { paths as dataRights } from "./data-rights";
import { paths as insights } from "./insights";
import { paths as outOfOffice } from "./out-of-office";
import { paths as workflowPaths } from "./workflows";
import { paths as payments } from "./payments";
import { paths as people } from "./people";
import { paths as routingForms } from "./routing-forms";
import { paths as scheduling } from "./scheduling";
import { paths as teamBookings } from "./team-bookings";
import { paths as teams } from "./teams";
import { paths as tokens } from "./tokens";
import { paths as twoFactor } from "./two-factor";
import { paths as webhookPaths, webhooks } from "./webhooks";

type Paths = typeof core;

/** Merges the groups; two groups may describe different methods of one path. */
function merge(...groups: Paths[]): Paths {
  const out: Paths = {};
  for (const group of groups) {
    for (const [path, item] of Object.entries(group)) {
      out[path as `/${string}`] = { ...(out[path as `/${string}`] ?? {}), ...item };
    }
  }
  return out;
}

/** Every group's paths, merged. */
const allPaths = merge(
  core,
  admin,
  payments,
  tokens,
  scheduling,
  bookings,
  webhookPaths,
  calendars,
  conferencing,
  teams,
  outOfOffice,
  teamBookings,
  twoFactor,
  people,
  dataRights,
  routingForms,
  insights,
  workflowPaths,
);

/** The JSON paths as OpenAPI templates (/event/{id}), without building the document. */
export function apiPathTemplates(): string[] {
  return Object.keys(allPaths);
}

let cached: ReturnType<typeof createDocument> | null = null;

/**
 * The OpenAPI 3.1 document of every JSON path, generated from the routes' zod schemas. Built on
 * first request, with its library loaded then: both cost a server start about 0.2 s of CPU
 * (docs/decisions/136).
 */
export async function openApiDocument(): Promise<ReturnType<typeof createDocument>> {
  const { createDocument } = await import("zod-openapi");
  cached ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Scheduler API",
      version: "1.0.0",
      description:
        "JSON in and out. Authenticate with `Authorization: Bearer <token>` (from POST /api/token or PUT /users/{email}); the site's own pages may use their session cookie instead. Every error has the shape `{ error: { code, message, fields? } }`. Every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.",
    },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A token from POST /api/token or PUT /users/{email}." },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "__session",
          description: "The site's own signed-in session (same-origin pages only).",
        },
      },
    },
    paths: allPaths,
    // What we send to a host's webhook URLs (decision 037).
    webhooks,
  });
  return cached;
}
