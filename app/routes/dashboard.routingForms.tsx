import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  linkBase,
  listMyTeams,
  listRoutingForms,
  readFormData,
  redirect,
  removeRoutingForm,
  requirePermission,
  routingFormFor,
  routingResponsesJson,
  saveRoutingForm,
} from "./dashboard.routingForms.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Field, inputClass, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { PLACEHOLDER_PAGES } from "~/messages/profile";
import { routingFormBody } from "~/schemas/routing-forms";
import { canManage } from "~/schemas/teams";
import { forbidden, notFound } from "~/utils/responses";

/**
 * Routing Forms (decision 074): the person's own forms and their teams', each with its public
 * link and responses (CSV from the JSON path), and a plain form to make or change one: name,
 * owner, and the fields, routes and fallback as the JSON of POST /api/routing-forms (docs/api.md).
 */

const PAGE = PLACEHOLDER_PAGES.routingForms;
const HERE = "/dashboard/routingForms";

export const meta: MetaFunction = () => [{ title: `${PAGE.heading} | Scheduler` }];

const EXAMPLE = JSON.stringify(
  {
    fields: [
      { id: "name", label: "Your name", type: "short_text", required: true },
      { id: "email", label: "E-mail", type: "short_text", required: true },
      { id: "size", label: "Company size", type: "number", required: false },
    ],
    routes: [
      {
        conditions: { all: [{ field: "size", op: "gte", value: 100 }] },
        action: { type: "url", url: "https://example.com/enterprise" },
      },
    ],
    fallback: { type: "message", message: "Thank you! We will be in touch." },
  },
  null,
  2,
);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const q = new URL(request.url).searchParams;
  const base = linkBase(request);
  const [forms, teams] = await Promise.all([listRoutingForms(user.id), listMyTeams(user.id)]);
  const chosenId = q.get("form") ?? q.get("edit");
  const chosen = chosenId ? await routingFormFor(user.id, chosenId) : null;
  if (chosenId && !chosen) notFound("No such routing form.");
  return {
    forms: forms.map((r) => ({
      id: r.form.id,
      name: r.form.name,
      team: r.teamName,
      responses: r.responses,
      booked: r.booked,
      url: `${base}/forms/${r.form.id}`,
    })),
    teams: teams.filter((t) => canManage(t.role)).map((t) => ({ id: t.id, name: t.name })),
    chosen: chosen
      ? {
          id: chosen.form.id,
          name: chosen.form.name,
          url: `${base}/forms/${chosen.form.id}`,
          manage: chosen.access === "manage",
          definition: JSON.stringify(
            { fields: chosen.form.fields, routes: chosen.form.routes, fallback: chosen.form.fallback },
            null,
            2,
          ),
          responses: (await routingResponsesJson(chosen.form)).slice(0, 200),
        }
      : null,
    editing: q.has("edit") && chosen?.access === "manage",
    creating: q.get("new") === "1",
    example: EXAMPLE,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const form = await readFormData(request);
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const intent = text("intent");
  const existingId = text("id");
  const existing = existingId ? await routingFormFor(user.id, existingId) : null;
  if (existingId && !existing) notFound("No such routing form.");
  if (existing && existing.access !== "manage")
    forbidden("Only the team's owners and admins change its routing forms.");
  if (intent === "delete" && existing) {
    await removeRoutingForm(user.id, existing.form, request);
    return redirect(HERE);
  }
  const values = { name: text("name"), teamId: text("teamId"), definition: text("definition") };
  let definition: unknown;
  try {
    definition = JSON.parse(values.definition);
  } catch {
    return data({ errors: ["The definition is not valid JSON."], values }, { status: 400 });
  }
  const parsed = routingFormBody.safeParse({
    ...(typeof definition === "object" && definition !== null ? definition : {}),
    name: values.name,
    teamId: values.teamId || null,
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => `${i.path.join(".") || "form"}: ${i.message}`);
    return data({ errors, values }, { status: 400 });
  }
  const result = await saveRoutingForm(user.id, parsed.data, existing?.form, request);
  if (!result.ok) {
    const errors = result.fields
      ? Object.entries(result.fields).map(([k, m]) => `${k}: ${m.join(" ")}`)
      : [result.message];
    return data({ errors, values }, { status: result.status === 422 ? 400 : result.status });
  }
  return redirect(`${HERE}?form=${result.form.id}`);
}

export default function RoutingForms() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const showEditor = d.creating || d.editing || Boolean(result);
  const values = result?.values ?? {
    name: d.editing ? (d.chosen?.name ?? "") : "",
    teamId: "",
    definition: d.editing ? (d.chosen?.definition ?? d.example) : d.example,
  };
  return (
    <div className="max-w-5xl space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-neutral-900">{PAGE.heading}</h1>
        <Link to={`${HERE}?new=1`} className={buttonClass("primary")} data-testid="new-routing-form">
          New routing form
        </Link>
      </div>
      {showEditor ? (
        <Form
          method="post"
          className="max-w-2xl space-y-4 rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm"
        >
          <h2 className="text-lg font-semibold text-neutral-900">
            {d.editing ? `Edit ${d.chosen?.name}` : "New routing form"}
          </h2>
          {d.editing && d.chosen ? <input type="hidden" name="id" value={d.chosen.id} /> : null}
          <ErrorList errors={result?.errors} />
          <Field label="Name" inputProps={{ name: "name", defaultValue: values.name, required: true }} />
          {d.editing ? null : (
            <div>
              <label htmlFor="teamId" className="mb-1 block text-sm font-medium text-neutral-800">
                Owner
              </label>
              <select id="teamId" name="teamId" defaultValue={values.teamId} className={inputClass}>
                <option value="">Me</option>
                {d.teams.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name} (team)
                  </option>
                ))}
              </select>
            </div>
          )}
          <TextareaField
            label="Fields, routes and fallback (JSON)"
            hint="As in POST /api/routing-forms: fields use the booking question types; each route has conditions (all or any of field, op, value) and an action (event-type, url or message)."
            textareaProps={{ name: "definition", defaultValue: values.definition, spellCheck: false }}
          />
          <div className="flex gap-3">
            <Button type="submit" name="intent" value="save">
              Save
            </Button>
            <Link to={HERE} className={buttonClass("secondary")}>
              Cancel
            </Link>
          </div>
        </Form>
      ) : null}
      {d.forms.length === 0 ? (
        <div className="rounded-xl border border-dashed border-neutral-300 p-6 text-center">
          <p className="font-medium text-neutral-900">{PAGE.title}</p>
          <p className="mt-1 text-neutral-700">{PAGE.body}</p>
          <Link to="/dashboard" className="mt-3 inline-block text-brand-700 underline">
            Back to My Schedule
          </Link>
        </div>
      ) : (
        <ul
          className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-surface"
          data-testid="routing-forms"
        >
          {d.forms.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <Link to={`${HERE}?form=${f.id}`} className="font-medium text-brand-700 underline">
                  {f.name}
                </Link>
                <p className="text-sm text-neutral-700">
                  {f.team ? `${f.team} · ` : ""}
                  {f.responses} responses, {f.booked} booked
                </p>
              </div>
              <a href={f.url} className="break-all text-sm text-brand-700 underline">
                {f.url}
              </a>
            </li>
          ))}
        </ul>
      )}
      {d.chosen ? (
        <section className="space-y-4" aria-labelledby="responses-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="responses-heading" className="text-lg font-semibold text-neutral-900">
              {d.chosen.name}: responses
            </h2>
            <div className="flex flex-wrap gap-2">
              <a href={`/api/routing-forms/${d.chosen.id}/responses?format=csv`} className={buttonClass("secondary")}>
                Download CSV
              </a>
              {d.chosen.manage ? (
                <>
                  <Link to={`${HERE}?edit=${d.chosen.id}`} className={buttonClass("secondary")}>
                    Edit
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={d.chosen.id} />
                    <Button type="submit" name="intent" value="delete" variant="danger">
                      Delete
                    </Button>
                  </Form>
                </>
              ) : null}
            </div>
          </div>
          <p className="text-sm text-neutral-700">
            Public link: <a href={d.chosen.url}>{d.chosen.url}</a> (add ?embed=1 to put it in a frame on your site).
          </p>
          {d.chosen.responses.length === 0 ? (
            <p className="text-neutral-700">No responses yet.</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-surface">
              <table className="w-full text-left text-sm">
                <thead className="bg-neutral-50 text-neutral-700">
                  <tr>
                    <th className="p-3">Submitted</th>
                    <th className="p-3">Answers</th>
                    <th className="p-3">Route</th>
                    <th className="p-3">Booking</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-200">
                  {d.chosen.responses.map((r) => (
                    <tr key={r.id}>
                      <td className="p-3 whitespace-nowrap">{r.createdAt.slice(0, 16).replace("T", " ")} UTC</td>
                      <td className="p-3 break-words">
                        {Object.entries(r.answers)
                          .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`)
                          .join("; ")}
                      </td>
                      <td className="p-3">{r.route === null ? "Fallback" : `Route ${r.route + 1}`}</td>
                      <td className="p-3">
                        {r.booking ? `Booked ${r.booking.start?.slice(0, 16).replace("T", " ") ?? ""}` : "Not booked"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}
