import { forbidden, notFound } from "~/utils/responses";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  createWorkflow,
  data,
  deleteWorkflow,
  errorToast,
  getMyTeam,
  getWorkflow,
  hostPhone,
  ownEventTypes,
  previewWorkflow,
  readFormData,
  redirectWithSuccess,
  requireDrawerPage,
  smsAvailable,
  teamEventTypes,
  updateWorkflow,
} from "./dashboard.workFlow_.$id.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, inputClass } from "~/components/forms";
import { Toaster, type ToastData } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { ACTION_LABELS, TEAM_ACTION_LABELS, TRIGGER_LABELS, WORKFLOW_EDITOR as M } from "~/messages/workflows";
import { canManage } from "~/schemas/teams";
import { WORKFLOW_PAGE } from "~/schemas/workflow-form";
import { workflowBody, type WorkflowInput } from "~/schemas/workflow";
import {
  TEMPLATE_VARIABLES,
  WORKFLOW_ACTION_TYPES,
  WORKFLOW_BOUNDS,
  WORKFLOW_TRIGGERS,
  isSmsAction,
} from "~/scheduling/workflows";
import { useIsPending } from "~/utils/pending";

/**
 * One workflow (docs/decisions/085): /dashboard/workFlow/new makes one, /dashboard/workFlow/{id}
 * edits or deletes one of the host's own (anyone else's is 404). A plain form: works without
 * JavaScript; "Preview" renders the messages on the server with a sample booking; a refused
 * save answers 400 with the input kept.
 */

/** Action rows the form offers (rows with an empty message are left out). */
const ROWS = 3;

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : `${M.editHeading} | Scheduler` }];

type Values = {
  name: string;
  trigger: string;
  offsetMinutes: string;
  active: boolean;
  allEventTypes: boolean;
  eventTypeIds: string[];
  actions: Array<{ type: string; subject: string; body: string }>;
};

function blankValues(): Values {
  return {
    name: "",
    trigger: "before_start",
    offsetMinutes: "60",
    active: true,
    allEventTypes: false,
    eventTypeIds: [],
    actions: [],
  };
}

async function ownOr404(userId: string, id: string) {
  if (id === "new") return null;
  const workflow = await getWorkflow(userId, id);
  if (!workflow) notFound(M.notFound);
  return workflow;
}

/**
 * The team a workflow belongs to (docs/decisions/109): an existing one's, else `?team=` of a new
 * one. Null for the caller's own; 404 for a team they are not in, 403 for a member who does not manage it.
 */
async function teamOf(userId: string, request: Request, workflow: { teamId: string | null } | null) {
  const teamId = workflow ? workflow.teamId : new URL(request.url).searchParams.get("team");
  if (!teamId) return null;
  const team = await getMyTeam(userId, teamId);
  if (!team) notFound(M.notFound);
  if (!canManage(team.role)) forbidden(M.teamForbidden);
  return { id: team.id, name: team.name };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, WORKFLOW_PAGE);
  const workflow = await ownOr404(user.id, params.id ?? "");
  const team = await teamOf(user.id, request, workflow);
  const values: Values = workflow
    ? {
        name: workflow.name,
        trigger: workflow.trigger,
        offsetMinutes: String(workflow.offsetMinutes),
        active: workflow.active,
        allEventTypes: workflow.allEventTypes,
        eventTypeIds: workflow.eventTypeIds,
        actions: workflow.actions,
      }
    : blankValues();
  return {
    id: workflow?.id ?? null,
    team,
    values,
    eventTypes: team ? await teamEventTypes(team.id) : await ownEventTypes(user.id),
    sms: smsAvailable(),
    /** Texts to the host need their number (decision 090); a team's go to the booking's host (decision 109). */
    hostPhone: team ? true : Boolean(await hostPhone(user.id)),
  };
}

function valuesOf(form: FormData): Values {
  const text = (key: string) => String(form.get(key) ?? "");
  const actions: Values["actions"] = [];
  for (let i = 0; i < ROWS; i++) {
    const body = text(`actions.${i}.body`);
    const subject = text(`actions.${i}.subject`);
    if (!body.trim() && !subject.trim()) continue;
    actions.push({ type: text(`actions.${i}.type`), subject, body });
  }
  return {
    name: text("name"),
    trigger: text("trigger"),
    offsetMinutes: text("offsetMinutes"),
    active: form.get("active") === "on",
    allEventTypes: form.get("allEventTypes") === "on",
    eventTypeIds: form.getAll("eventTypeIds").map(String),
    actions,
  };
}

function inputOf(v: Values): unknown {
  const offset = v.offsetMinutes.trim();
  const timed = v.trigger === "before_start" || v.trigger === "after_end";
  return {
    name: v.name,
    trigger: v.trigger,
    offsetMinutes: timed ? (offset === "" || !/^\d+$/.test(offset) ? Number.NaN : Number(offset)) : undefined,
    active: v.active,
    allEventTypes: v.allEventTypes,
    eventTypeIds: v.eventTypeIds,
    actions: v.actions.map((a) => ({
      type: a.type,
      ...(a.type === "email_guest" || a.type === "email_host" ? { subject: a.subject } : {}),
      body: a.body,
    })),
  };
}

interface Answer {
  values: Values;
  errors: Record<string, string[]>;
  preview: Array<{ type: string; subject: string; text: string }> | null;
  toast: ToastData | null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, WORKFLOW_PAGE);
  const id = params.id ?? "";
  const existing = await ownOr404(user.id, id);
  const team = await teamOf(user.id, request, existing);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "save");
  if (intent === "delete") {
    if (!existing) notFound(M.notFound);
    await deleteWorkflow(user.id, existing.id);
    return redirectWithSuccess(WORKFLOW_PAGE, M.removed);
  }
  const values = valuesOf(form);
  const parsed = workflowBody.safeParse(inputOf(values));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
    return data<Answer>({ values, errors, preview: null, toast: errorToast(M.checkFields) }, { status: 400 });
  }
  const input: WorkflowInput = { ...parsed.data, ...(team && !existing ? { teamId: team.id } : {}) };
  if (intent === "preview") {
    const types = team ? await teamEventTypes(team.id) : await ownEventTypes(user.id);
    const title = types.find((t) => input.eventTypeIds.includes(t.id))?.title ?? "Intro call";
    const preview = previewWorkflow(input, { eventTitle: title, zone: user.timeZone || "UTC" });
    return data<Answer>({ values, errors: {}, preview, toast: null });
  }
  const result = existing ? await updateWorkflow(user.id, existing.id, input) : await createWorkflow(user.id, input);
  if (result.ok) return redirectWithSuccess(WORKFLOW_PAGE, M.saved);
  const errors: Record<string, string[]> =
    result.reason === "sms-unavailable"
      ? { actions: [M.smsUnavailable] }
      : result.reason === "host-phone"
        ? { actions: [M.hostPhoneMissing] }
        : result.reason === "event-types"
          ? { eventTypeIds: [team ? "Pick event types of this team." : "Pick your own event types."] }
          : result.reason === "team-forbidden"
            ? { form: [M.teamForbidden] }
            : { form: [M.notFound] };
  return data<Answer>({ values, errors, preview: null, toast: errorToast(M.checkFields) }, { status: 400 });
}

export default function WorkflowEditor() {
  const loaded = useLoaderData<typeof loader>();
  const actionLabels = loaded.team ? TEAM_ACTION_LABELS : ACTION_LABELS;
  const answer = useActionData<typeof action>();
  const pending = useIsPending();
  const values = answer?.values ?? loaded.values;
  const errors = answer?.errors ?? {};
  const err = (key: string) => (errors[key]?.length ? `${key.replace(/\./g, "-")}-error` : undefined);
  const rows = Array.from(
    { length: ROWS },
    (_, i) => values.actions[i] ?? { type: "email_guest", subject: "", body: "" },
  );
  const heading = loaded.id ? M.editHeading : loaded.team ? M.newTeamHeading(loaded.team.name) : M.newHeading;

  return (
    <div className="max-w-form space-y-6">
      <header className="space-y-2">
        <Link to={WORKFLOW_PAGE} className="text-sm font-medium text-brand-700 underline">
          {M.back}
        </Link>
        <h1 className="text-2xl font-bold text-neutral-900">{heading}</h1>
        {loaded.team ? <p className="text-sm text-neutral-600">{M.teamIntro(loaded.team.name)}</p> : null}
      </header>
      <Form
        method="post"
        // A new team workflow posts back to its own address: the team is in the query.
        action={
          loaded.team && !loaded.id ? `${WORKFLOW_PAGE}/new?team=${encodeURIComponent(loaded.team.id)}` : undefined
        }
        className="space-y-5"
        noValidate
      >
        <ErrorList id="form-error" errors={errors.form} />
        <div>
          <label htmlFor="wf-name" className="block text-sm font-medium text-neutral-900">
            {M.name}
          </label>
          <input
            id="wf-name"
            name="name"
            defaultValue={values.name}
            maxLength={WORKFLOW_BOUNDS.name}
            required
            aria-invalid={err("name") ? true : undefined}
            aria-describedby={err("name")}
            className={inputClass}
          />
          <ErrorList id={err("name")} errors={errors.name} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="wf-trigger" className="block text-sm font-medium text-neutral-900">
              {M.trigger}
            </label>
            <select
              id="wf-trigger"
              name="trigger"
              defaultValue={values.trigger}
              aria-invalid={err("trigger") ? true : undefined}
              aria-describedby={err("trigger")}
              className={inputClass}
            >
              {WORKFLOW_TRIGGERS.map((t) => (
                <option key={t} value={t}>
                  {TRIGGER_LABELS[t]}
                </option>
              ))}
            </select>
            <ErrorList id={err("trigger")} errors={errors.trigger} />
          </div>
          <div>
            <label htmlFor="wf-offset" className="block text-sm font-medium text-neutral-900">
              {M.offset}
            </label>
            <input
              id="wf-offset"
              name="offsetMinutes"
              type="number"
              inputMode="numeric"
              min={WORKFLOW_BOUNDS.offsetMinutes.min}
              max={WORKFLOW_BOUNDS.offsetMinutes.max}
              defaultValue={values.offsetMinutes}
              aria-invalid={err("offsetMinutes") ? true : undefined}
              aria-describedby={["wf-offset-hint", err("offsetMinutes")].filter(Boolean).join(" ")}
              className={inputClass}
            />
            <p id="wf-offset-hint" className="mt-1 text-sm text-neutral-600">
              {M.offsetHint}
            </p>
            <ErrorList id={err("offsetMinutes")} errors={errors.offsetMinutes} />
          </div>
        </div>
        <Check id="wf-active" name="active" checked={values.active} label={M.active} strong />
        <fieldset className="space-y-2" aria-describedby={err("eventTypeIds")}>
          <legend className="text-sm font-medium text-neutral-900">{M.eventTypes}</legend>
          <Check
            id="wf-all"
            name="allEventTypes"
            checked={values.allEventTypes}
            label={loaded.team ? M.allTeamEventTypes : M.allEventTypes}
          />
          {loaded.eventTypes.length === 0 ? (
            <p className="text-sm text-neutral-600">{loaded.team ? M.noTeamEventTypes : M.noEventTypes}</p>
          ) : null}
          {loaded.eventTypes.map((t) => (
            <Check
              key={t.id}
              id={`wf-type-${t.id}`}
              name="eventTypeIds"
              value={t.id}
              checked={values.eventTypeIds.includes(t.id)}
              label={t.title}
            />
          ))}
          <ErrorList id={err("eventTypeIds")} errors={errors.eventTypeIds} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-sm font-medium text-neutral-900">{M.actions}</legend>
          <p className="text-sm text-neutral-600">{M.actionsHint}</p>
          <p id="wf-sms-note" className="text-sm text-neutral-700" data-testid="sms-note">
            {!loaded.sms ? M.smsUnavailable : !loaded.hostPhone ? M.smsNoHostPhone : M.smsAvailable}
            {loaded.sms && !loaded.hostPhone ? (
              <>
                {" "}
                <Link to="/dashboard/profile" className="font-medium text-brand-700 underline">
                  {M.addPhone}
                </Link>
              </>
            ) : null}
          </p>
          <ErrorList id={err("actions")} errors={errors.actions} />
          {rows.map((a, i) => (
            <div key={i} className="space-y-3 rounded-xl border border-neutral-200 bg-surface p-4">
              <p className="text-sm font-semibold text-neutral-900">{M.actionN(i + 1)}</p>
              <div>
                <label htmlFor={`wf-a${i}-type`} className="block text-sm font-medium text-neutral-900">
                  {M.type}
                </label>
                <select
                  id={`wf-a${i}-type`}
                  name={`actions.${i}.type`}
                  defaultValue={a.type}
                  aria-describedby="wf-sms-note"
                  className={inputClass}
                >
                  {WORKFLOW_ACTION_TYPES.map((t) => {
                    const off = isSmsAction(t) && (!loaded.sms || (t === "sms_host" && !loaded.hostPhone));
                    return (
                      // A saved action stays choosable, so the form shows what the workflow holds.
                      <option key={t} value={t} disabled={off && a.type !== t}>
                        {actionLabels[t]}
                        {off ? (loaded.sms ? " (needs your phone number)" : " (unavailable)") : ""}
                      </option>
                    );
                  })}
                </select>
                <ErrorList id={err(`actions.${i}.type`)} errors={errors[`actions.${i}.type`]} />
              </div>
              <div>
                <label htmlFor={`wf-a${i}-subject`} className="block text-sm font-medium text-neutral-900">
                  {M.subject}
                </label>
                <input
                  id={`wf-a${i}-subject`}
                  name={`actions.${i}.subject`}
                  defaultValue={a.subject}
                  maxLength={WORKFLOW_BOUNDS.subject}
                  aria-invalid={err(`actions.${i}.subject`) ? true : undefined}
                  aria-describedby={err(`actions.${i}.subject`)}
                  className={inputClass}
                />
                <ErrorList id={err(`actions.${i}.subject`)} errors={errors[`actions.${i}.subject`]} />
              </div>
              <div>
                <label htmlFor={`wf-a${i}-body`} className="block text-sm font-medium text-neutral-900">
                  {M.body}
                </label>
                <textarea
                  id={`wf-a${i}-body`}
                  name={`actions.${i}.body`}
                  defaultValue={a.body}
                  rows={4}
                  maxLength={WORKFLOW_BOUNDS.body}
                  aria-invalid={err(`actions.${i}.body`) ? true : undefined}
                  aria-describedby={["wf-variables", err(`actions.${i}.body`)].filter(Boolean).join(" ")}
                  className={inputClass}
                />
                <ErrorList id={err(`actions.${i}.body`)} errors={errors[`actions.${i}.body`]} />
              </div>
            </div>
          ))}
        </fieldset>
        <section aria-labelledby="wf-variables-title" className="rounded-xl bg-neutral-50 p-4">
          <h2 id="wf-variables-title" className="text-sm font-semibold text-neutral-900">
            {M.variables}
          </h2>
          <p id="wf-variables" className="text-sm text-neutral-600">
            {M.variablesIntro}
          </p>
          <ul className="mt-2 space-y-1 text-sm text-neutral-800">
            {TEMPLATE_VARIABLES.map((v) => (
              <li key={v.name}>
                <code className="break-all">{`{${v.name}}`}</code>: {v.meaning}
              </li>
            ))}
          </ul>
        </section>
        {answer?.preview ? (
          <section aria-labelledby="wf-preview-title" className="space-y-3" aria-live="polite">
            <h2 id="wf-preview-title" className="text-lg font-semibold text-neutral-900">
              {M.previewHeading}
            </h2>
            {answer.preview.map((p, i) => (
              <article key={i} className="rounded-xl border border-neutral-200 bg-surface p-4 text-sm">
                <p className="font-medium text-neutral-900">
                  {actionLabels[p.type as keyof typeof ACTION_LABELS]}
                  {p.subject ? `: ${p.subject}` : ""}
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words text-neutral-800">{p.text}</p>
              </article>
            ))}
          </section>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button type="submit" name="intent" value="preview" variant="secondary" disabled={pending}>
            {M.preview}
          </Button>
          <Button type="submit" name="intent" value="save" pending={pending} disabled={pending}>
            {M.save}
          </Button>
        </div>
      </Form>
      {loaded.id ? (
        <Form method="post" className="flex justify-end">
          <Button type="submit" name="intent" value="delete" variant="danger" disabled={pending}>
            {M.remove}
          </Button>
        </Form>
      ) : null}
      <Toaster toast={answer?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** A checkbox with its label beside it. */
function Check(props: { id: string; name: string; value?: string; checked: boolean; label: string; strong?: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={props.id}
        name={props.name}
        type="checkbox"
        // Always a value: React given \`value={undefined}\` empties the checkbox's value attribute, and
        // the browser then posts "" instead of "on".
        value={props.value ?? "on"}
        defaultChecked={props.checked}
        className="h-5 w-5 rounded border-neutral-400 text-brand-600"
      />
      <label htmlFor={props.id} className={`text-sm text-neutral-900 ${props.strong ? "font-medium" : ""}`}>
        {props.label}
      </label>
    </div>
  );
}
