import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  checkRateLimits,
  clientIp,
  data,
  linkBase,
  publicRoutingForm,
  RATE_LIMITS,
  readFormData,
  redirect,
  submitRoutingResponse,
} from "./forms.$id.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ControlField, ErrorList, Field, inputClass, TextareaField } from "~/components/forms";
import { PoweredBy } from "~/components/powered-by";
import { Button } from "~/components/ui/button";
import { answerFieldName, answersFromForm } from "~/schemas/booking-answers";
import { useIsPending } from "~/utils/pending";
import { notFound } from "~/utils/responses";
import { ROUTING_EN, ROUTING_WORDS } from "~/messages/guest-words/routing";
import { chooseLanguage, fill, languageOf, plural, type Language } from "~/messages/languages";

/**
 * /forms/{id}: a routing form for leads (decision 074), a plain form that works without
 * JavaScript and embeds like a booking page (?embed=1). Its post stores the response and sends
 * the lead on: to the booking page (answers prefilled), to a web address, or to a message here.
 */

export const handle = { embeddable: true, chrome: "booking" };

/** The page's own words speak `?lang=`, then Accept-Language, then English (docs/decisions/099). */
function languageOfPage(request: Request): Language {
  return chooseLanguage({
    query: new URL(request.url).searchParams.get("lang"),
    acceptLanguage: request.headers.get("accept-language"),
  });
}

export const headers: HeadersFunction = () => ({ Vary: "Accept-Language" });

/** Our own texts among the routing's messages, in the lead's language; the host's own stay as written. */
function messageIn(language: Language, message: string): string {
  if (message === ROUTING_EN.fallbackThanks) return ROUTING_WORDS[language].fallbackThanks;
  if (message === ROUTING_EN.pageGone) return ROUTING_WORDS[language].pageGone;
  return message;
}

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

export async function loader({ params, request }: LoaderFunctionArgs) {
  const form = await publicRoutingForm(params.id ?? "");
  if (!form) notFound("There is no such form.");
  const language = languageOfPage(request);
  return {
    language,
    words: ROUTING_WORDS[language],
    name: form.name,
    fields: form.fields,
    embed: new URL(request.url).searchParams.get("embed") === "1",
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [{ title: `${d.name} | Scheduler` }, ...(d.embed ? [{ name: "robots", content: "noindex" }] : [])]
    : [{ title: "Form not found | Scheduler" }];

export async function action({ params, request }: ActionFunctionArgs) {
  const form = await publicRoutingForm(params.id ?? "");
  if (!form) notFound("There is no such form.");
  const body = await readFormData(request, { repeatable: (name) => name.startsWith("a_") });
  const raw = answersFromForm(form.fields, body);
  const values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v as string | boolean | string[]]));
  const language = languageOfPage(request);
  const w = ROUTING_WORDS[language];
  const limited = await checkRateLimits([[`routing-form:ip:${clientIp(request)}`, RATE_LIMITS.routingFormPerIp]]);
  if (!limited.allowed) {
    const minutes = Math.ceil(limited.retryAfterSeconds / 60);
    return data(
      {
        message: null,
        errors: { form: [plural(language, w.tooMany, minutes, language === "en" ? { count: minutes } : {})] },
        values,
      },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const result = await submitRoutingResponse(form.id, raw, linkBase(request));
  if (!result.ok) {
    if (result.reason === "not-found") notFound("There is no such form.");
    // In English the answers' own checks; in another language what to fix, per question.
    const errors =
      language === "en"
        ? result.errors
        : Object.fromEntries(
            Object.keys(result.errors).map((id) => {
              const field = form.fields.find((f) => f.id === id);
              if (!field || !isBlank(raw[id])) return [id, [w.answerInvalid]];
              return [
                id,
                [fill(field.type === "checkbox" ? w.tickRequired : w.answerRequired, { label: field.label })],
              ];
            }),
          );
    return data({ message: null, errors: errors as Record<string, string[]>, values }, { status: 400 });
  }
  const q = new URL(request.url).searchParams;
  const embed = q.get("embed") === "1";
  // ?lang= goes on to the booking page (which reads Accept-Language itself).
  const lang = languageOf(q.get("lang"));
  if (result.bookingUrl) {
    const more = `${embed ? "&embed=1" : ""}${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`;
    return redirect(`${result.bookingUrl}${more}`);
  }
  if (result.action.type === "url") return redirect(result.action.url);
  if (result.action.type === "message")
    return data({
      message: messageIn(language, result.action.message),
      errors: {} as Record<string, string[]>,
      values,
    });
  return data({ message: null, errors: {} as Record<string, string[]>, values });
}

export default function RoutingFormPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const pending = useIsPending();
  const errors: Record<string, string[] | undefined> = result?.errors ?? {};
  const values: Record<string, string | boolean | string[]> = result?.values ?? {};
  const w = d.words;
  return (
    <section lang={d.language} className={`mx-auto max-w-xl px-4 sm:px-6 ${d.embed ? "py-4" : "py-6 sm:py-10"}`}>
      <div className="rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-neutral-900">{d.name}</h1>
        {result?.message ? (
          <p role="status" className="mt-4 whitespace-pre-line text-neutral-800" data-testid="routing-message">
            {result.message}
          </p>
        ) : (
          <Form method="post" className="mt-6 space-y-5" noValidate>
            <ErrorList errors={errors.form} />
            {d.fields.map((f) => {
              const name = answerFieldName(f.id);
              const id = `field-${f.id}`;
              const value = values[f.id];
              const label = f.required ? f.label : fill(w.optional, { label: f.label });
              const fieldErrors = errors[f.id];
              const aria = fieldErrors?.length
                ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` }
                : {};
              switch (f.type) {
                case "long_text":
                  return (
                    <TextareaField
                      key={f.id}
                      label={label}
                      errors={fieldErrors}
                      textareaProps={{
                        id,
                        name,
                        required: f.required,
                        defaultValue: typeof value === "string" ? value : "",
                      }}
                    />
                  );
                case "single_choice":
                  return (
                    <ControlField key={f.id} label={label} id={id} errorId={`${id}-error`} errors={fieldErrors}>
                      <select
                        id={id}
                        name={name}
                        required={f.required}
                        defaultValue={typeof value === "string" ? value : ""}
                        className={inputClass}
                        {...aria}
                      >
                        <option value="">{w.choose}</option>
                        {(f.options ?? []).map((o) => (
                          <option key={o} value={o}>
                            {o}
                          </option>
                        ))}
                      </select>
                    </ControlField>
                  );
                case "multiple_choice":
                case "checkbox":
                  return (
                    <fieldset key={f.id} {...aria}>
                      <legend className="mb-1 block text-sm font-medium text-neutral-800">{label}</legend>
                      {(f.type === "checkbox" ? [w.yes] : (f.options ?? [])).map((o) => (
                        <label key={o} className="flex items-center gap-2 py-1 text-neutral-800">
                          <input
                            type="checkbox"
                            name={name}
                            value={f.type === "checkbox" ? "on" : o}
                            defaultChecked={Array.isArray(value) ? value.includes(o) : value === true}
                            className="h-4 w-4 rounded border-neutral-400"
                          />
                          {o}
                        </label>
                      ))}
                      <ErrorList id={`${id}-error`} errors={fieldErrors} />
                    </fieldset>
                  );
                default:
                  return (
                    <Field
                      key={f.id}
                      label={label}
                      errors={fieldErrors}
                      inputProps={{
                        id,
                        name,
                        required: f.required,
                        type:
                          f.type === "number"
                            ? "text"
                            : f.type === "phone"
                              ? "tel"
                              : f.id === "email"
                                ? "email"
                                : "text",
                        inputMode: f.type === "number" ? "decimal" : undefined,
                        autoComplete: f.id === "email" ? "email" : f.id === "name" ? "name" : undefined,
                        defaultValue: typeof value === "string" || typeof value === "number" ? String(value) : "",
                      }}
                    />
                  );
              }
            })}
            <Button type="submit" pending={pending} data-testid="routing-submit">
              {w.continue}
            </Button>
          </Form>
        )}
      </div>
      <PoweredBy embed={d.embed} label={d.words.poweredBy} />
    </section>
  );
}
