/**
 * What a visitor typed, picked or ticked before the page's scripts ran stays in the page, but
 * the scripts' state (the forms' field values) still holds the server's defaults: a preview
 * shows the old value, and the first blur re-renders the form under the pointer, so a click on
 * the button below can land beside it and submit nothing. Once the page has hydrated, every
 * field that differs from what the server sent sends the events typing would have sent
 * (docs/decisions/101).
 */
export function announceEarlyInput(root: ParentNode = document): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    "input, textarea, select",
  )) {
    if (!changedSinceServer(field)) continue;
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

const NOT_TYPED = new Set(["hidden", "submit", "button", "reset", "image"]);

/** Whether the field's value differs from the one in the server's markup. */
function changedSinceServer(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): boolean {
  if (field.disabled) return false;
  if (field instanceof HTMLSelectElement) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (NOT_TYPED.has(field.type)) return false;
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  if (field.type === "file") return (field.files?.length ?? 0) > 0;
  return field.value !== field.defaultValue;
}
