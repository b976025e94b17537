import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { PaymentError, professionalRecordOf } from "~/models/payment.server";
import { confirmPayment } from "~/services/payments.server";
import { apiError, isSelf, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { professionalRecordBody } from "~/schemas/payment-api";
import { paymentErrorResponse } from "~/api/payment-api.server";
import { can } from "~/utils/permissions";

/**
 * POST /users/professional: the legacy client posts the professional record after paying (even
 * when the payment failed). Nothing in it is trusted: the server asks Stripe about
 * `transactionId` (the caller's own PaymentIntent, succeeded, for the amount the server asked)
 * and records it once, as the payment page and the webhook do. 201 when this call recorded it,
 * 200 when it was already recorded.
 *
 * Not nested under users.$email.ts (the trailing underscore); the static segment outranks
 * `/users/:email`, so PUT /users/{email} still reaches that route.
 */
async function POST({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (!can(user, "package:buy")) return apiError(403, "forbidden", MESSAGES.adminCantPay);
  const input = await readJson(request, professionalRecordBody);
  if (input.email !== undefined && input.email !== "" && !isSelf(user, input.email)) {
    return apiError(403, "forbidden", "You can only record your own payment.");
  }
  try {
    const done = await confirmPayment(user.id, input.transactionId);
    const record = await professionalRecordOf(done.transactionId);
    return Response.json(
      {
        ...(record ? { _id: record.id } : {}),
        name: record?.name ?? (user.name || user.email),
        email: record?.email ?? user.email,
        status: "professional",
        transactionId: done.transactionId,
        pack: record?.pack ?? done.pack,
        issuedDate: (record?.issuedAt ?? new Date()).toISOString(),
        professionalUntil: done.professionalUntil ? done.professionalUntil.toISOString() : null,
      },
      { status: done.created ? 201 : 200 },
    );
  } catch (error) {
    if (error instanceof PaymentError) return paymentErrorResponse(error);
    throw error;
  }
}

export const { loader, action } = apiRoute({ POST });
