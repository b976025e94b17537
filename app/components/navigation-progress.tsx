import { useEffect, useState } from "react";
import { useNavigationState } from "~/utils/pending";

/**
 * The page-wide "something is on its way" signal: a thin bar across the top while a page loads
 * or a form is sent, shown only after 150 ms so quick answers do not flicker, and announced once
 * to screen readers. Each control shows its own pending state besides.
 */
export function NavigationProgress() {
  const state = useNavigationState();
  const busy = state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), 150);
    return () => window.clearTimeout(timer);
  }, [busy]);
  return (
    <>
      <div
        aria-hidden
        data-testid="navigation-progress"
        data-state={shown ? "busy" : "idle"}
        className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 origin-left bg-accent transition-[transform,opacity] duration-200 motion-reduce:transition-none ${
          shown ? "scale-x-75 opacity-100" : "scale-x-0 opacity-0"
        }`}
      />
      <p className="sr-only" aria-live="polite">
        {shown ? (state === "submitting" ? "Sending…" : "Loading…") : ""}
      </p>
    </>
  );
}
