import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CreateEventActions, CreateEventPage } from "~/components/create-event-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EventDetailsFields } from "~/components/event-form";
import { ErrorList, Field } from "~/components/forms";
import { MESSAGES } from "~/messages";
import { createEventAction, requireEventCreator } from "./group-meeting.server";
import { newEventDefaults } from "~/schemas/event-defaults";
import { groupEventFields, groupEventSchema } from "~/schemas/event";

export const meta: MetaFunction = () => [{ title: `${MESSAGES.addGroup} | Scheduler` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEventCreator(request);
  return newEventDefaults(user.timeZone, new Date());
}

export function action({ request }: ActionFunctionArgs) {
  return createEventAction(request, "Group");
}

const INVITEES = [
  { key: "email1", label: "Invitee 1 e-mail" },
  { key: "email2", label: "Invitee 2 e-mail (optional)" },
  { key: "email3", label: "Invitee 3 e-mail (optional)" },
  { key: "email4", label: "Invitee 4 e-mail (optional)" },
] as const;

export default function GroupEvent() {
  const { timeZone, today, defaultValue } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<ReturnType<typeof groupEventSchema>>>({
    id: "group-meeting",
    lastResult: actionData?.result,
    constraint: getZodConstraint(groupEventFields),
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: groupEventSchema({ timeZone, now: new Date() }) }),
  });
  return (
    <CreateEventPage
      title={MESSAGES.addGroup}
      intro="One host, up to four invitees. Each gets an e-mail with a calendar invitation."
      toast={actionData?.toast ?? null}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <EventDetailsFields fields={fields} timeZone={timeZone} minDate={today} />
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold text-neutral-900">Invitees</legend>
          {INVITEES.map(({ key, label }) => (
            <Field
              key={key}
              label={label}
              inputProps={{ ...getInputProps(fields[key], { type: "email" }), autoComplete: "off" }}
              errors={fields[key].errors}
            />
          ))}
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <CreateEventActions />
      </Form>
    </CreateEventPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
