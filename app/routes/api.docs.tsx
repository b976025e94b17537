import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { openApiDocument } from "~/api/openapi/document.server";
import { describeOperations, type FieldRow, type OperationView } from "~/api/openapi/reference";
import { pageMeta } from "~/utils/page-meta";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "API reference | Scheduler",
    description: "Every JSON path of Scheduler: authentication, errors, rate limits, request and response fields.",
    path: "/api/docs",
  });

export async function loader() {
  const doc = (await openApiDocument()) as unknown as Record<string, unknown>;
  return { tags: describeOperations(doc) };
}

const METHOD_CLASS: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-brand-100 text-brand-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

function anchor(op: OperationView): string {
  return `op-${op.id}`;
}

function Fields({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  if (rows.length === 0) return null;
  // A list rather than a table: on a phone each field stacks (name, type, notes) instead of
  // scrolling sideways.
  return (
    <div className="mt-2 rounded-lg border border-neutral-200 text-sm">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[minmax(9rem,1fr)_minmax(9rem,1fr)_minmax(12rem,2fr)] gap-4 rounded-t-lg bg-neutral-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-neutral-600 sm:grid"
      >
        <span>Field</span>
        <span>Type</span>
        <span>Notes</span>
      </div>
      <ul aria-label={caption} className="divide-y divide-neutral-200">
        {rows.map((row, i) => (
          <li
            key={`${row.name}-${i}`}
            className="grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-0.5 px-3 py-2 sm:grid-cols-[minmax(9rem,1fr)_minmax(9rem,1fr)_minmax(12rem,2fr)]"
            style={{ paddingLeft: `${0.75 + row.depth * 1.25}rem` }}
          >
            <span className="break-words font-mono text-[13px] text-neutral-900">
              {row.depth > 0 ? (
                <span aria-hidden="true" className="text-neutral-400">
                  └{" "}
                </span>
              ) : null}
              {row.name}
              {row.required ? (
                <span className="ml-1 font-sans text-xs font-semibold text-red-700">required</span>
              ) : null}
            </span>
            <span className="break-words font-mono text-[13px] text-neutral-700">
              <span className="sr-only">Type: </span>
              {row.type}
            </span>
            {row.notes ? (
              <span className="break-words text-neutral-700">{row.notes}</span>
            ) : (
              <span aria-hidden="true" className="hidden sm:block" />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Operation({ op }: { op: OperationView }) {
  const ok = op.responses.filter((r) => r.status.startsWith("2"));
  const failures = op.responses.filter((r) => !r.status.startsWith("2"));
  return (
    <article
      id={anchor(op)}
      aria-labelledby={`${anchor(op)}-title`}
      className="scroll-mt-24 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:p-6"
    >
      <h3
        id={`${anchor(op)}-title`}
        className="flex flex-wrap items-center gap-2 text-base font-semibold text-neutral-900"
      >
        <span
          className={`rounded-md px-2 py-0.5 font-mono text-xs font-bold ${METHOD_CLASS[op.method] ?? "bg-neutral-100"}`}
        >
          {op.method}
        </span>
        <code className="break-all font-mono text-[15px]">{op.path}</code>
      </h3>
      {op.summary ? <p className="mt-2 text-neutral-700">{op.summary}</p> : null}
      <p className="mt-2 text-sm text-neutral-600">
        {op.auth === "required"
          ? "Needs a bearer token (or the site's session)."
          : "No sign-in needed; a token or session is read when sent."}
      </p>
      {op.parameters.length > 0 ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-neutral-900">Parameters</h4>
          <Fields rows={op.parameters} caption={`Parameters of ${op.method} ${op.path}`} />
        </section>
      ) : null}
      {op.body ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-neutral-900">JSON body</h4>
          {op.body.length > 0 ? (
            <Fields rows={op.body} caption={`Body of ${op.method} ${op.path}`} />
          ) : (
            <p className="text-sm text-neutral-600">Any JSON object.</p>
          )}
        </section>
      ) : null}
      {ok.map((r) => (
        <section key={r.status} className="mt-4">
          <h4 className="text-sm font-semibold text-neutral-900">
            <span className="font-mono">{r.status}</span> {r.description}
          </h4>
          <Fields rows={r.fields} caption={`Answer ${r.status} of ${op.method} ${op.path}`} />
        </section>
      ))}
      {failures.length > 0 ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-neutral-900">Errors</h4>
          <dl className="mt-1 grid grid-cols-[3.5rem_1fr] gap-x-3 gap-y-1 text-sm">
            {failures.map((r) => (
              <div key={r.status} className="contents">
                <dt className="font-mono text-neutral-900">{r.status}</dt>
                <dd className="text-neutral-700">{r.description}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </article>
  );
}

export default function ApiDocs() {
  const { tags } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl">API reference</h1>
      <div className="mt-4 max-w-3xl space-y-3 text-neutral-700">
        <p>
          Every JSON path of Scheduler. Send and receive <code className="font-mono text-sm">application/json</code>.
          The machine-readable version is{" "}
          <a className="font-medium text-brand-700 underline" href="/api/openapi.json">
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1).
        </p>
        <p>
          <strong className="font-semibold text-neutral-900">Authentication.</strong> Send{" "}
          <code className="font-mono text-sm">Authorization: Bearer &lt;token&gt;</code>. Get a token with{" "}
          <code className="font-mono text-sm">POST /api/token</code> (e-mail and password) or create one on the
          dashboard&apos;s API tokens page. Tokens expire after 30 days and end when you sign out everywhere or change
          your password.
        </p>
        <p>
          <strong className="font-semibold text-neutral-900">Errors</strong> always look like{" "}
          <code className="break-all font-mono text-sm">{'{ "error": { "code", "message", "fields"? } }'}</code>.{" "}
          <strong className="font-semibold text-neutral-900">Rate limits:</strong> every answer carries
          X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (seconds); past the limit you get 429 with
          Retry-After.
        </p>
      </div>
      <div className="mt-10 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
        <nav aria-label="API sections" className="mb-8 lg:sticky lg:top-24 lg:mb-0 lg:self-start">
          <ul className="space-y-4 text-sm">
            {tags.map((tag) => (
              <li key={tag.name}>
                <p className="font-semibold text-neutral-900">{tag.name}</p>
                <ul className="mt-1 space-y-1">
                  {tag.operations.map((op) => (
                    <li key={op.id}>
                      <a
                        href={`#${anchor(op)}`}
                        className="flex gap-2 rounded px-1 py-0.5 text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900"
                      >
                        <span className="w-12 shrink-0 font-mono text-xs font-bold leading-5">{op.method}</span>
                        <span className="break-all font-mono text-xs leading-5">{op.path}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-12">
          {tags.map((tag) => (
            <section key={tag.name} aria-labelledby={`tag-${tag.name.replace(/\W+/g, "-")}`}>
              <h2 id={`tag-${tag.name.replace(/\W+/g, "-")}`} className="text-xl font-semibold text-neutral-900">
                {tag.name}
              </h2>
              <div className="mt-4 space-y-6">
                {tag.operations.map((op) => (
                  <Operation key={op.id} op={op} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
