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
import { createEventAction, requireEventCreator } from "./one-to-one.server";
import { newEventDefaults } from "~/schemas/event-defaults";
import { oneToOneEventFields, oneToOneEventSchema } from "~/schemas/event";

export const meta: MetaFunction = () => [{ title: `${MESSAGES.addOneToOne} | Scheduler` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEventCreator(request);
  return newEventDefaults(user.timeZone, new Date());
}

export function action({ request }: ActionFunctionArgs) {
  return createEventAction(request, "One-to-One");
}

export default function OneToOneEvent() {
  const { timeZone, today, defaultValue } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<ReturnType<typeof oneToOneEventSchema>>>({
    id: "one-to-one",
    lastResult: actionData?.result,
    constraint: getZodConstraint(oneToOneEventFields),
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: oneToOneEventSchema({ timeZone, now: new Date() }) }),
  });
  return (
    <CreateEventPage
      title={MESSAGES.addOneToOne}
      intro="One host, one invitee. The invitee gets an e-mail with a calendar invitation."
      toast={actionData?.toast ?? null}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <EventDetailsFields fields={fields} timeZone={timeZone} minDate={today} />
        <Field
          label="Invitee e-mail"
          inputProps={{ ...getInputProps(fields.targetedEmail, { type: "email" }), autoComplete: "off" }}
          errors={fields.targetedEmail.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <CreateEventActions />
      </Form>
    </CreateEventPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
