import { describe, expect, it } from "vitest";
import { pendingFormData, type PendingNavigation } from "./pending";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const idle: PendingNavigation = { state: "idle", formAction: undefined, formData: undefined };
const submitting = (formAction: string, fields: Record<string, string>): PendingNavigation => ({
  state: "submitting",
  formAction,
  formData: form(fields),
});
const reloading = (formAction: string, fields: Record<string, string>): PendingNavigation => ({
  state: "loading",
  formAction,
  formData: form(fields),
});
const linkClick: PendingNavigation = { state: "loading", formAction: undefined, formData: undefined };

describe("pendingFormData", () => {
  it("is null while nothing is on its way or a link loads", () => {
    expect(pendingFormData(idle)).toBeNull();
    expect(pendingFormData(linkClick, { state: "busy" })).toBeNull();
  });

  it("matches any submission by default, only while it is sent", () => {
    expect(pendingFormData(submitting("/signin", { email: "a@b.c" }))?.get("email")).toBe("a@b.c");
    expect(pendingFormData(reloading("/signin", { email: "a@b.c" }))).toBeNull();
    expect(pendingFormData(reloading("/signin", { email: "a@b.c" }), { state: "busy" })).not.toBeNull();
  });

  it("narrows by action, action prefix, intent and other fields", () => {
    const nav = submitting("/?index", { intent: "toggle", id: "e1", active: "true" });
    expect(pendingFormData(nav, { formAction: "/?index" })).not.toBeNull();
    expect(pendingFormData(nav, { formAction: "/signin" })).toBeNull();
    expect(pendingFormData(nav, { formActionPrefix: "/?index" })).not.toBeNull();
    expect(pendingFormData(submitting("/contact", {}), { formActionPrefix: "/?index" })).toBeNull();
    expect(pendingFormData(nav, { intent: "toggle" })).not.toBeNull();
    expect(pendingFormData(nav, { intent: "delete" })).toBeNull();
    expect(pendingFormData(nav, { intent: "toggle", fields: { id: "e1" } })?.get("active")).toBe("true");
    expect(pendingFormData(nav, { intent: "toggle", fields: { id: "e2" } })).toBeNull();
  });
});
