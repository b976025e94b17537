import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  env,
  linkBase,
  readFormData,
  requirePermission,
  rotateScimToken,
  scimTokenInfo,
} from "./dashboard.provisioning.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { PEOPLE_MESSAGES as P } from "~/messages/people";
import { dateTimeFormatters } from "~/scheduling/time-zone";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Provisioning | Scheduler" }];

/** Admin-only (decision 069): the SCIM address and token, and how single sign-on is set up. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "admin:users");
  const base = linkBase(request);
  const info = await scimTokenInfo();
  const format = dateTimeFormatters(admin.timeZone);
  const when = (d: Date) => `${format.date.format(d)}, ${format.time.format(d)}`;
  const e = env();
  return {
    scimUrl: `${base}/scim/v2`,
    token: info
      ? { createdAt: when(info.createdAt), lastUsedAt: info.lastUsedAt ? when(info.lastUsedAt) : null }
      : null,
    sso: {
      configured: Boolean(e.OIDC_ISSUER && e.OIDC_CLIENT_ID),
      issuer: e.OIDC_ISSUER ?? null,
      domains: [...e.ssoDomains],
      redirectUri: `${base}/auth/sso/callback`,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "admin:users");
  const form = await readFormData(request);
  if (form.get("intent") !== "scim-token") return data({ token: null, error: "Unknown action." }, { status: 400 });
  // Shown in this answer only: the page never reads it back.
  const token = await rotateScimToken(admin.id, request);
  return data({ token, error: null }, { headers: { "Cache-Control": "no-store" } });
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-neutral-600">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-neutral-900">{children}</dd>
    </div>
  );
}

export default function Provisioning() {
  const { scimUrl, token, sso } = useLoaderData<typeof loader>();
  const made = useActionData<typeof action>();
  return (
    <section className="max-w-3xl">
      <h1 className="text-2xl font-bold text-neutral-900">Provisioning</h1>
      <p className="mt-1 text-sm text-neutral-600">
        Connect your identity provider: people are created, updated and deactivated through SCIM, and sign in with
        single sign-on.
      </p>

      <div className="mt-6 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-neutral-900">SCIM 2.0</h2>
        <dl className="mt-2 divide-y divide-neutral-200">
          <Row label="Base URL">
            <code data-testid="scim-url">{scimUrl}</code>
          </Row>
          <Row label="Token">
            {token
              ? `Made ${token.createdAt}; ${token.lastUsedAt ? `last used ${token.lastUsedAt}` : "not used yet"}.`
              : "None yet."}
          </Row>
        </dl>
        {made?.token ? (
          <div role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
            <p className="font-semibold">{P.scimTokenMade}</p>
            <label htmlFor="scim-token" className="mt-2 block font-medium">
              SCIM token
            </label>
            <input
              id="scim-token"
              readOnly
              value={made.token}
              data-testid="scim-token"
              className="mt-1 w-full rounded-lg border border-neutral-300 bg-surface px-3 py-2 font-mono text-xs text-neutral-900"
            />
          </div>
        ) : null}
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="scim-token" />
          <Button type="submit" variant={token ? "secondary" : "primary"} className="w-full sm:w-auto">
            {token ? "Make a new token (the old one stops working)" : "Make a SCIM token"}
          </Button>
        </Form>
      </div>

      <div className="mt-6 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-neutral-900">Single sign-on (OpenID Connect)</h2>
        <dl className="mt-2 divide-y divide-neutral-200">
          <Row label="Status">
            {sso.configured ? "On" : "Off: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET."}
          </Row>
          {sso.issuer ? <Row label="Issuer">{sso.issuer}</Row> : null}
          <Row label="Domains that must use SSO">{sso.domains.length ? sso.domains.join(", ") : "None"}</Row>
          <Row label="Redirect URI">
            <code>{sso.redirectUri}</code>
          </Row>
          <Row label="Scopes">
            <code>openid email profile</code>
          </Row>
        </dl>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
