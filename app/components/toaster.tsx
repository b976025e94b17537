import { makeIcon } from "~/components/icon";
import circleCheckDrawing from "lucide/dist/esm/icons/circle-check.mjs";
import circleAlertDrawing from "lucide/dist/esm/icons/circle-alert.mjs";
import infoDrawing from "lucide/dist/esm/icons/info.mjs";
import triangleAlertDrawing from "lucide/dist/esm/icons/triangle-alert.mjs";
import xDrawing from "lucide/dist/esm/icons/x.mjs";
import { useEffect, useState } from "react";
import { TOAST_LIFE_MS } from "~/browser/toast-life";

const CheckCircle2 = makeIcon(circleCheckDrawing, "circle-check");
const CircleAlert = makeIcon(circleAlertDrawing, "circle-exclamation-point");
const Info = makeIcon(infoDrawing, "info");
const TriangleAlert = makeIcon(triangleAlertDrawing, "triangle-exclamation-point");
const X = makeIcon(xDrawing, "x");

export interface ToastData {
  message: string;
  description?: string;
  type: "success" | "error" | "info" | "warning";
}

const STYLES = {
  success: { box: "border-green-200", icon: CheckCircle2, iconClass: "text-green-600" },
  error: { box: "border-red-200", icon: CircleAlert, iconClass: "text-red-600" },
  info: { box: "border-brand-200", icon: Info, iconClass: "text-brand-600" },
  warning: { box: "border-amber-200", icon: TriangleAlert, iconClass: "text-amber-600" },
};

/**
 * Top-right, gone after TOAST_LIFE_MS. A CSS animation fades it out even before JavaScript
 * loads; once hydrated, a timer removes it and the close button works.
 */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_LIFE_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  const style = STYLES[visible.type] ?? STYLES.info;
  const Icon = style.icon;
  return (
    <div className="pointer-events-none fixed right-4 top-4 z-50 flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2">
      <div
        role={visible.type === "error" ? "alert" : "status"}
        data-testid="toast"
        data-type={visible.type}
        className={`pointer-events-auto flex animate-toast-life items-start gap-3 rounded-xl border bg-surface p-4 shadow-lg ${style.box}`}
      >
        <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${style.iconClass}`} aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-neutral-900">{visible.message}</p>
          {visible.description ? <p className="mt-1 text-sm text-neutral-600">{visible.description}</p> : null}
        </div>
        <button
          type="button"
          onClick={() => setVisible(null)}
          className="rounded-md p-1 text-neutral-500 hover:bg-neutral-100"
          aria-label="Close notification"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
