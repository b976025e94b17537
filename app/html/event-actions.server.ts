import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/schemas/form-parse";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { MESSAGES } from "~/messages";
import { EventLimitError, EventOverlapError, isAtEventCap } from "~/models/event.server";
import { requirePermission, type AuthUser } from "~/utils/auth.server";
import { groupEventSchema, groupInvitees, oneToOneEventSchema } from "~/schemas/event";
import { readFormData } from "~/utils/request.server";
import { errorToast, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { createHostEventChange } from "~/services/host-events.server";

/** Where a new event lands, and where the cap sends a host. */
export const DASHBOARD_URL = "/dashboard";
export const PRICING_URL = "/pricing";

/**
 * The event-creation pages' guard: signed in, and below the cap (else to /pricing with the
 * product's toast). The create action checks again, in the database transaction.
 */
export async function requireEventCreator(request: Request): Promise<AuthUser> {
  const user = await requirePermission(request, "dashboard:access");
  if (await isAtEventCap(user, new Date())) throw await redirectWithError(PRICING_URL, MESSAGES.eventLimit);
  return user;
}

/** "Mon, Dec 7, 2026 at 9:30 AM (Europe/Berlin)" */

/**
 * The answer to a time the host already has an event at (the database refused it): 409, the
 * message under the time field, the host's input kept. Used by the create pages and the
 * dashboard's update modal.
 */
export function overlapReply(submission: {
  reply(options: { fieldErrors: Record<string, string[]> }): SubmissionResult<string[]>;
}) {
  return data(
    {
      result: submission.reply({ fieldErrors: { time: [MESSAGES.eventOverlap] } }),
      toast: errorToast(MESSAGES.eventOverlap),
    },
    { status: 409 },
  );
}

/** The action of /one-to-one and /group-meeting. */
export async function createEventAction(request: Request, kind: "One-to-One" | "Group") {
  const user = await requirePermission(request, "dashboard:access");
  const formData = await readFormData(request);
  const now = new Date();
  const ctx = { timeZone: user.timeZone, now };
  const submission =
    kind === "One-to-One"
      ? parseWithZod(formData, { schema: oneToOneEventSchema(ctx) })
      : parseWithZod(formData, { schema: groupEventSchema(ctx) });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  const value = submission.value as z.output<ReturnType<typeof oneToOneEventSchema>> &
    Partial<z.output<ReturnType<typeof groupEventSchema>>>;
  const invitees =
    kind === "One-to-One"
      ? [value.targetedEmail]
      : groupInvitees(value as z.output<ReturnType<typeof groupEventSchema>>);
  try {
    await createHostEventChange(
      user,
      {
        eventName: value.eventName,
        eventType: value.eventType,
        eventWith: kind,
        description: value.description,
        startsAt: value.startsAt,
        endsAt: value.endsAt,
        invitees,
      },
      now,
    );
  } catch (error) {
    if (error instanceof EventOverlapError) return overlapReply(submission);
    if (!(error instanceof EventLimitError)) throw error;
    return data(
      { result: submission.reply({ formErrors: [MESSAGES.eventLimit] }), toast: errorToast(MESSAGES.eventLimit) },
      { status: 403 },
    );
  }
  return redirectWithSuccess(DASHBOARD_URL, MESSAGES.eventCreated);
}
