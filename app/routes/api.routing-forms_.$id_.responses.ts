import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { requireRoutingForm, ROUTING_FORM_NOT_FOUND } from "~/api/routing-form-api.server";
import { routingResponseBody } from "~/schemas/routing-forms";
import { checkRateLimits, clientIp, RATE_LIMITS } from "~/server/rate-limit.server";
import { routingResponsesCsv, routingResponsesJson, submitRoutingResponse } from "~/services/routing-forms.server";
import { linkBase } from "~/utils/request.server";

/** GET /api/routing-forms/{id}/responses: as the form is read; CSV with `Accept: text/csv` (or `?format=csv`, for a link). */
async function GET({ request, params }: LoaderFunctionArgs) {
  const { form } = await requireRoutingForm(request, params.id ?? "", "read");
  const csv =
    (request.headers.get("accept") ?? "").includes("text/csv") ||
    new URL(request.url).searchParams.get("format") === "csv";
  if (csv) {
    return new Response(await routingResponsesCsv(form), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="routing-form-${form.id}.csv"`,
      },
    });
  }
  return Response.json(await routingResponsesJson(form));
}

/** POST /api/routing-forms/{id}/responses `{ answers }`: public; 200 `{ action, bookingUrl? }` (decision 074). */
async function POST({ request, params }: LoaderFunctionArgs) {
  const limited = await checkRateLimits([[`routing-form:ip:${clientIp(request)}`, RATE_LIMITS.routingFormPerIp]]);
  if (!limited.allowed)
    return apiError(
      429,
      "rate_limited",
      `Too many responses from your network. Try again in ${limited.retryAfterSeconds} s.`,
      undefined,
      { "Retry-After": String(limited.retryAfterSeconds) },
    );
  const { answers } = await readJson(request, routingResponseBody);
  const result = await submitRoutingResponse(params.id ?? "", answers, linkBase(request));
  if (!result.ok) {
    if (result.reason === "not-found") return apiError(404, "not_found", ROUTING_FORM_NOT_FOUND);
    const fields = Object.fromEntries(Object.entries(result.errors).map(([id, m]) => [`answers.${id}`, m]));
    return apiError(422, "invalid_answers", "Check the highlighted answers.", fields);
  }
  return Response.json({
    responseId: result.responseId,
    action: result.action,
    ...(result.bookingUrl ? { bookingUrl: result.bookingUrl } : {}),
  });
}

export const { loader, action } = apiRoute({ GET, POST });
