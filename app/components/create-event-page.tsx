import { Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import arrowLeftDrawing from "lucide/dist/esm/icons/arrow-left.mjs";
import type { ReactNode } from "react";
import { Toaster, type ToastData } from "./toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { useIsPending } from "~/utils/pending";

const ArrowLeft = makeIcon(arrowLeftDrawing, "arrow-left");

/** The frame of /one-to-one and /group-meeting: Back to /eventtype, heading, a form card. */
export function CreateEventPage({
  title,
  intro,
  toast,
  children,
}: {
  title: string;
  intro: ReactNode;
  toast: ToastData | null;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-form px-4 py-8 sm:px-6 lg:py-12">
      <Link
        to="/eventtype"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back
      </Link>
      <h1 className="mt-4 text-2xl font-bold text-neutral-900">{title}</h1>
      <p className="mt-1 text-sm text-neutral-600">{intro}</p>
      <div className="mt-6 rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6">{children}</div>
      <Toaster toast={toast} />
    </div>
  );
}

/** Cancel (back to /eventtype) and the submit button, pending while the form is sent. */
export function CreateEventActions() {
  const pending = useIsPending();
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      <Link to="/eventtype" className={buttonClass("secondary")}>
        Cancel
      </Link>
      <Button type="submit" pending={pending} disabled={pending}>
        Create event
      </Button>
    </div>
  );
}
