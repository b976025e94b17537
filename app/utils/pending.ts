import { useNavigation } from "@remix-run/react";

/**
 * Which form submission a spinner or a disabled button waits for (decision record 031).
 * Every option narrows the match; none given means any submission on the page.
 */
export interface PendingOptions {
  /** Only a submission to this action, as `navigation.formAction` spells it ("/signin"). */
  formAction?: string;
  /** Only a submission whose action starts so ("/?index" for the home page's forms). */
  formActionPrefix?: string;
  /** Only a submission whose form sends this `intent`. */
  intent?: string;
  /** Other fields the form must send with these values (the row's id, for one button in a list). */
  fields?: Record<string, string>;
  /**
   * "submitting" (the default): until the action answers. "busy": also while the page's data
   * reloads after it, so a row keeps its optimistic look until the fresh data arrives.
   */
  state?: "submitting" | "busy";
}

/** What of Remix's navigation the match reads. */
export type PendingNavigation = Pick<ReturnType<typeof useNavigation>, "state" | "formAction" | "formData">;

/** The form data of `navigation` when it is the submission `options` describe, or null. */
export function pendingFormData(navigation: PendingNavigation, options: PendingOptions = {}): FormData | null {
  const { formAction, formActionPrefix, intent, fields, state = "submitting" } = options;
  if (navigation.state === "idle") return null;
  if (state === "submitting" && navigation.state !== "submitting") return null;
  const formData = navigation.formData;
  if (!formData) return null;
  if (formAction !== undefined && navigation.formAction !== formAction) return null;
  if (formActionPrefix !== undefined && !navigation.formAction?.startsWith(formActionPrefix)) return null;
  if (intent !== undefined && formData.get("intent") !== intent) return null;
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (formData.get(name) !== value) return null;
  }
  return formData;
}

/** The form data of the submission on its way that `options` describe, or null (optimistic rows read it). */
export function usePendingFormData(options: PendingOptions = {}): FormData | null {
  return pendingFormData(useNavigation(), options);
}

/** Whether the submission `options` describe is on its way: a Button's `pending` (aria-busy, spinner). */
export function useIsPending(options: PendingOptions = {}): boolean {
  return usePendingFormData(options) !== null;
}

/** The page-wide state for the loading bar: "idle", "loading" (a link or a reload) or "submitting" (a form). */
export function useNavigationState(): ReturnType<typeof useNavigation>["state"] {
  return useNavigation().state;
}

/** Where a page load started by a link (not a form) is going while it loads, or null: a picked day or time shows it is on its way. */
export function usePendingLocation(): { pathname: string; search: string } | null {
  const navigation = useNavigation();
  return navigation.state === "loading" && !navigation.formData
    ? { pathname: navigation.location.pathname, search: navigation.location.search }
    : null;
}
