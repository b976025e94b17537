import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  errorToast,
  getReminderSettings,
  listMyTeams,
  listWorkflows,
  readFormData,
  redirectWithSuccess,
  requireDrawerPage,
  saveReminderSettings,
} from "./dashboard.workFlow.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BellRing, Mail, MailCheck, MailPlus } from "~/components/icons";
import type { IconComponent } from "~/components/icon";
import type { ReactNode } from "react";
import type { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, inputClass, TextareaField } from "~/components/forms";
import { Toaster, type ToastData } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { canManage } from "~/schemas/teams";
import {
  ACTION_LABELS,
  offsetText,
  TEAM_ACTION_LABELS,
  TRIGGER_LABELS,
  WORKFLOW_EDITOR as E,
} from "~/messages/workflows";
import { WORKFLOW_MESSAGES as M } from "~/messages/profile";
import { FOLLOW_UP_MESSAGE_MAX, type ReminderSettings } from "~/scheduling/reminders";
import { formValues, RULE_UNITS, WORKFLOW_PAGE, workflowSchema, type WorkflowRule } from "~/schemas/workflow-form";
import { useIsPending } from "~/utils/pending";

/**
 * Workflows: the host's reminders and follow-ups, sent by the job
 * runner (docs/decisions/022). One plain form: works without JavaScript, answers 400 with the
 * input kept, toasts after saving.
 */

export const meta: MetaFunction = () => [{ title: `${M.heading} | Scheduler` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, WORKFLOW_PAGE);
  const values = formValues(await getReminderSettings(user.id));
  // The teams this person manages: their workflows are listed here too (docs/decisions/109).
  const teams = (await listMyTeams(user.id)).filter((t) => canManage(t.role)).map((t) => ({ id: t.id, name: t.name }));
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const workflows = (await listWorkflows(user.id)).map((w) => ({
    id: w.id,
    team: w.teamId ? (teamName.get(w.teamId) ?? null) : null,
    name: w.name,
    trigger: w.trigger as keyof typeof TRIGGER_LABELS,
    offsetMinutes: w.offsetMinutes,
    active: w.active,
    preset: Boolean(w.preset),
    actions: w.actions.map((a) => a.type as keyof typeof ACTION_LABELS),
  }));
  // Conform's checkboxes take "on" for ticked.
  return {
    workflows,
    teams,
    defaults: Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === "boolean" ? (v ? "on" : "") : v]),
    ),
  };
}

interface Answer {
  result: SubmissionResult<string[]>;
  toast: ToastData | null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, WORKFLOW_PAGE);
  const submission = parseWithZod(await readFormData(request), { schema: workflowSchema });
  if (submission.status !== "success") {
    return data<Answer>({ result: submission.reply(), toast: errorToast(M.checkFields) }, { status: 400 });
  }
  await saveReminderSettings(user.id, submission.value);
  return redirectWithSuccess(WORKFLOW_PAGE, M.saved);
}

const UNIT_LABELS = { minutes: "minutes", hours: "hours", days: "days" } as const;

type FormShape = z.input<typeof workflowSchema>;
type Fields = ReturnType<typeof useForm<FormShape, ReminderSettings>>[1];

function RuleCard({
  rule,
  icon: Icon,
  title,
  hint,
  when,
  fields,
  children,
}: {
  rule: WorkflowRule;
  icon: IconComponent;
  title: string;
  hint: string;
  when: string;
  fields: Fields;
  children?: ReactNode;
}) {
  const on = fields[`${rule}On`];
  const amount = fields[`${rule}Amount`];
  const unit = fields[`${rule}Unit`];
  const errorId = amount.errors?.length ? amount.errorId : undefined;
  return (
    <section
      aria-labelledby={`${rule}-title`}
      className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-start gap-3">
            <input
              {...getInputProps(on, { type: "checkbox" })}
              aria-describedby={`${rule}-hint`}
              className="mt-1 h-5 w-5 shrink-0 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
            />
            <div>
              <label htmlFor={on.id} id={`${rule}-title`} className="font-semibold text-neutral-900">
                {title}
              </label>
              <p id={`${rule}-hint`} className="text-sm text-neutral-600">
                {hint}
              </p>
            </div>
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-neutral-800">
            <span aria-hidden>{M.send}</span>
            <div className="w-24">
              <input
                {...getInputProps(amount, { type: "number" })}
                step="any"
                min={0}
                inputMode="decimal"
                aria-label={`${title}: time`}
                aria-invalid={errorId ? true : undefined}
                aria-describedby={errorId}
                className={inputClass}
              />
            </div>
            <div className="w-28">
              <select {...getSelectProps(unit)} key={unit.key} aria-label={`${title}: unit`} className={inputClass}>
                {RULE_UNITS[rule].map((u) => (
                  <option key={u} value={u}>
                    {UNIT_LABELS[u]}
                  </option>
                ))}
              </select>
            </div>
            <span>{when}</span>
          </div>
          <ErrorList id={amount.errorId} errors={amount.errors} />
          {children}
        </div>
      </div>
    </section>
  );
}

export default function Workflows() {
  const { defaults, workflows, teams } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm<FormShape, ReminderSettings>({
    id: "workflows",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: workflowSchema }),
  });
  const message = fields.followUpMessage;

  return (
    <div className="max-w-form space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-neutral-900">{M.heading}</h1>
        <p className="mt-1 text-neutral-600">{M.intro}</p>
      </header>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <ErrorList id={form.errorId} errors={form.errors} />
        <RuleCard
          rule="guestEmail"
          icon={Mail}
          title={M.guestEmailTitle}
          hint={M.guestEmailHint}
          when={M.before}
          fields={fields}
        />
        <RuleCard
          rule="secondGuestEmail"
          icon={MailPlus}
          title={M.secondGuestEmailTitle}
          hint={M.secondGuestEmailHint}
          when={M.before}
          fields={fields}
        />
        <RuleCard
          rule="hostInApp"
          icon={BellRing}
          title={M.hostInAppTitle}
          hint={M.hostInAppHint}
          when={M.before}
          fields={fields}
        />
        <RuleCard
          rule="followUp"
          icon={MailCheck}
          title={M.followUpTitle}
          hint={M.followUpHint}
          when={M.after}
          fields={fields}
        >
          <div className="mt-4">
            <TextareaField
              label={M.followUpMessageLabel}
              hint={`Up to ${FOLLOW_UP_MESSAGE_MAX} characters, sent as plain text.`}
              textareaProps={{
                ...getTextareaProps(message),
                rows: 4,
                placeholder: M.followUpMessagePlaceholder,
                maxLength: FOLLOW_UP_MESSAGE_MAX,
              }}
              errors={message.errors}
            />
          </div>
        </RuleCard>
        <div className="flex justify-end">
          <Button type="submit" pending={pending} disabled={pending} className="w-full sm:w-auto">
            {M.save}
          </Button>
        </div>
      </Form>
      <section aria-labelledby="workflow-list-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="workflow-list-title" className="text-xl font-semibold text-neutral-900">
            {E.listHeading}
          </h2>
          <div className="flex flex-wrap gap-2">
            <Link to={`${WORKFLOW_PAGE}/new`} className={buttonClass("primary")}>
              {E.add}
            </Link>
            {teams.map((t) => (
              <Link
                key={t.id}
                to={`${WORKFLOW_PAGE}/new?team=${encodeURIComponent(t.id)}`}
                className={buttonClass("secondary")}
              >
                {E.addForTeam(t.name)}
              </Link>
            ))}
          </div>
        </div>
        <p className="text-sm text-neutral-600">{E.listIntro}</p>
        {workflows.length === 0 ? <p className="text-sm text-neutral-600">{E.none}</p> : null}
        <ul className="space-y-2">
          {workflows.map((w) => (
            <li
              key={w.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-neutral-200 bg-surface p-4"
            >
              <div className="min-w-0">
                <p className="break-words font-medium text-neutral-900">
                  {w.name}
                  {w.preset ? <span className="ml-2 text-xs text-neutral-600">({E.defaultBadge})</span> : null}
                  {!w.active ? <span className="ml-2 text-xs text-neutral-600">({E.off})</span> : null}
                  {w.team ? <span className="ml-2 text-xs text-neutral-600">({E.teamBadge(w.team)})</span> : null}
                </p>
                <p className="text-sm text-neutral-600">
                  {TRIGGER_LABELS[w.trigger]}
                  {w.trigger === "before_start" || w.trigger === "after_end" ? ` (${offsetText(w.offsetMinutes)})` : ""}
                  : {w.actions.map((a) => (w.team ? TEAM_ACTION_LABELS : ACTION_LABELS)[a]).join(", ")}
                </p>
              </div>
              <Link
                to={`${WORKFLOW_PAGE}/${w.id}`}
                className="text-sm font-medium text-brand-700 underline"
                aria-label={`${E.edit} ${w.name}`}
              >
                {E.edit}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
