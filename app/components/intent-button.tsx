import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/utils/pending";

/** A one-button form that posts an intent about one row (accept, decline, resend, revoke...). */
export function IntentButton({
  action,
  intent,
  id,
  label,
  children,
  primary,
}: {
  action: string;
  intent: string;
  id: string;
  label: string;
  children: ReactNode;
  primary?: boolean;
}) {
  const pending = useIsPending({ intent, fields: { id } });
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant={primary ? "primary" : "secondary"}
        pending={pending}
        disabled={pending}
        aria-label={label}
        className="px-3 py-2"
      >
        {children}
      </Button>
    </Form>
  );
}
