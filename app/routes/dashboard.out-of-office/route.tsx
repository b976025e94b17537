import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  createAbsenceFromForm,
  data,
  deleteAbsence,
  errorToast,
  listAbsences,
  listTeammates,
  readFormData,
  redirectWithSuccess,
  requirePermission,
} from "~/routes/dashboard.out-of-office/route.server";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trash2 } from "~/components/icons";
import { EmptyRows } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { IntentButton } from "~/components/intent-button";
import { Toaster } from "~/components/toaster";
import { OUT_OF_OFFICE_MESSAGES as M } from "~/messages/out-of-office";
import { OUT_OF_OFFICE_PAGE as PAGE, OutOfOfficeFormSchema } from "~/schemas/out-of-office";
import { TEAMS_PAGE } from "~/schemas/teams";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { notFound } from "~/utils/responses";
import { AbsenceForm } from "./absence-form";

/**
 * Out of office (decision 061): the host's absences that are not over, each with a delete
 * button, and a form to add one (times in the host's zone, a reason for themselves, a teammate
 * to send guests to). Part of the Teams area; every button is a form post.
 */

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Out of office | Scheduler" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const now = new Date();
  const format = dateTimeFormatters(user.timeZone);
  const [absences, teammates] = await Promise.all([listAbsences(user.id, now), listTeammates(user.id)]);
  const when = (d: Date) => `${format.date.format(d)}, ${format.time.format(d)}`;
  return {
    zone: format.zone,
    absences: absences.map((a) => ({
      id: a.id,
      from: when(a.startsAt),
      until: when(a.endsAt),
      now: a.startsAt.getTime() <= now.getTime(),
      reason: a.reason,
      teammate: a.redirectTo?.name ?? null,
    })),
    teammates: teammates.map((t) => ({ id: t.id, label: t.name ? `${t.name} (${t.email})` : t.email })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "add") {
    const submission = parseWithZod(form, { schema: OutOfOfficeFormSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
    const result = await createAbsenceFromForm(user, submission.value, new Date());
    if (result.ok) return redirectWithSuccess(PAGE, M.added);
    if (result.reason === "cap")
      return data({ result: submission.reply({ formErrors: [result.message] }), toast: null }, { status: 409 });
    return data({ result: submission.reply({ fieldErrors: result.fields }), toast: null }, { status: 400 });
  }
  if (intent === "delete") {
    if (!(await deleteAbsence(user.id, String(form.get("id") ?? "")))) notFound(M.notFound);
    return redirectWithSuccess(PAGE, M.deleted);
  }
  return data({ result: null, toast: errorToast(M.unknownForm) }, { status: 400 });
}

export default function OutOfOffice() {
  const { zone, absences, teammates } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm">
          <Link to={TEAMS_PAGE} className="font-medium text-brand-700 underline underline-offset-2">
            Teams
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold text-neutral-900">Out of office</h1>
        <p className="mt-2 max-w-3xl text-neutral-700">
          While you are away nobody can book you, in any of your event types; round robin gives your turns to the
          others. Your booking pages say until when you are away and can send guests to a teammate.
        </p>
      </header>

      <section aria-labelledby="absences-title" className="space-y-3">
        <h2 id="absences-title" className="text-lg font-semibold text-neutral-900">
          Your absences
        </h2>
        {absences.length === 0 ? (
          <EmptyRows title="No absences planned" body="Add one below before you go." />
        ) : (
          <>
            <p className="text-sm text-neutral-600">Times in {zone.replaceAll("_", " ")}.</p>
            <ul className="space-y-3" aria-label="Your absences">
              {absences.map((a) => (
                <li
                  key={a.id}
                  data-testid="absence"
                  className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="break-words font-medium text-neutral-900">
                      {a.now ? (
                        <span className="mr-2 inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-600/30">
                          Away now
                        </span>
                      ) : null}
                      {a.from} – {a.until}
                    </p>
                    {a.reason ? <p className="break-words text-sm text-neutral-700">{a.reason}</p> : null}
                    <p className="text-sm text-neutral-600">
                      {a.teammate ? `Guests are sent to ${a.teammate}.` : "Guests are not sent to anyone."}
                    </p>
                  </div>
                  <IntentButton
                    action={PAGE}
                    intent="delete"
                    id={a.id}
                    label={`Delete the absence from ${a.from} to ${a.until}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  </IntentButton>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section
        aria-labelledby="add-title"
        className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="add-title" className="text-lg font-semibold text-neutral-900">
          Add an absence
        </h2>
        <p className="mb-4 mt-1 text-sm text-neutral-600">
          Times are in your time zone, {zone.replaceAll("_", " ")}. Bookings you already have stay.
        </p>
        <AbsenceForm teammates={teammates} lastResult={actionData?.result ?? null} />
      </section>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
