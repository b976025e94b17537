import { Link, useNavigate } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import xDrawing from "lucide/dist/esm/icons/x.mjs";
import { useEffect, useId, useRef, type ReactNode } from "react";

const X = makeIcon(xDrawing, "x");

/**
 * A modal that is a URL. The page's loader decides from the URL (a search param or a nested
 * route) that it is open and the server renders a native `<dialog open>`, so it shows and its
 * form submits without JavaScript. Closing is a link to `closeTo` (the same page without the
 * param). Once hydrated it becomes a real modal (`showModal()`: the page behind is inert,
 * Escape and a click outside close it by navigating to `closeTo`), focus moves into it (to the
 * element marked `data-autofocus`, else the first control) and, when it closes, returns to
 * `returnFocusTo` (an element id) or to whatever had focus before it opened.
 *
 * Render it only while open; unmounting is closing.
 */
export function Modal({
  title,
  description,
  closeTo,
  returnFocusTo,
  closeLabel = "Close",
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Where the close control, Escape and a click outside lead: the URL without the modal. */
  closeTo: string;
  /** The id of the element that opens the modal, to focus again when it closes. */
  returnFocusTo?: string;
  closeLabel?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // A press that starts inside the panel and ends outside it (selecting text) is no "outside click".
  const pressStartedOutside = useRef(false);
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const active = document.activeElement;
    const previous = active instanceof HTMLElement && !dialog.contains(active) ? active : null;
    // The server rendered a plain open dialog; reopen it as a modal (top layer, inert page).
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    const first = dialog.querySelector<HTMLElement>(
      "[data-autofocus], input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])",
    );
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const back = (returnFocusTo ? document.getElementById(returnFocusTo) : null) ?? previous;
      if (back?.isConnected) back.focus({ preventScroll: true });
    };
    // Opening and closing follow mounting; the props do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function close() {
    navigate(closeTo, { preventScrollReset: true, replace: false });
  }

  return (
    // !m-0: a parent's space-y-* margin must not push the full-screen box down.
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: let the URL close it, so history and the page agree.
        event.preventDefault();
        close();
      }}
      onMouseDown={(event) => {
        pressStartedOutside.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // The dialog box fills the screen; a click on it (not on the panel) is outside.
        if (event.target === event.currentTarget && pressStartedOutside.current) close();
      }}
      className="fixed inset-0 z-40 !m-0 flex h-full max-h-none w-full max-w-none flex-col items-center overflow-y-auto overscroll-contain bg-neutral-950/50 p-0 pt-10 backdrop:bg-transparent sm:p-6 [&:not([open])]:hidden"
    >
      {/* Auto margins (not flex alignment) place the panel, so a tall one still scrolls to its top. */}
      <div className="relative mt-auto w-full max-w-form shrink-0 rounded-t-2xl bg-surface shadow-xl sm:my-auto sm:rounded-xl">
        <div className="flex items-start justify-between gap-4 border-b border-neutral-200 px-5 py-4 sm:px-6">
          <div>
            <h2 id={titleId} className="text-xl font-bold text-neutral-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-neutral-600">
                {description}
              </p>
            ) : null}
          </div>
          <Link
            to={closeTo}
            preventScrollReset
            aria-label={closeLabel}
            data-testid="modal-close"
            className="-mr-2 rounded-lg p-2 text-neutral-500 transition-colors duration-150 hover:bg-neutral-100 hover:text-neutral-800"
          >
            <X className="h-5 w-5" aria-hidden />
          </Link>
        </div>
        <div className="px-5 py-5 sm:px-6">{children}</div>
      </div>
    </dialog>
  );
}
