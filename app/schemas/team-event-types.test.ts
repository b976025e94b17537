import { describe, expect, it } from "vitest";
import {
  changedLockedField,
  lockedJsonValue,
  teamEventTypeBody,
  teamEventTypeJson,
  teamFormHosts,
  teamFormToBody,
  withFieldsOf,
  type LockableValues,
} from "./team-event-types";
import { keepLockedInForm } from "./event-type-form";
import { teamEventTypeFormBody } from "./event-type-price-form";

const current: LockableValues = {
  title: "Onboarding",
  description: "Welcome",
  duration: 45,
  location: { type: "phone" },
  bufferBefore: 0,
  bufferAfter: 10,
  minimumNotice: 60,
  bookingWindowDays: 30,
  slotInterval: null,
  dailyLimit: null,
  weeklyLimit: 5,
  monthlyLimit: null,
  limitPerGuest: null,
  questions: [{ id: "q1", label: "Company", type: "short_text", required: true }],
  requiresApproval: false,
  approvalHoldHours: 24,
};

describe("teamEventTypeBody", () => {
  const base = { title: "Demo", slug: "demo", duration: 30, kind: "round-robin" };

  it("fills the defaults: every member (null), fairness, no locked fields, 100 and medium per host", () => {
    expect(teamEventTypeBody.parse(base)).toMatchObject({
      hosts: null,
      roundRobinMode: "fairness",
      lockedFields: [],
      seats: null,
    });
    expect(teamEventTypeBody.parse({ ...base, hosts: [{ userId: crypto.randomUUID() }] }).hosts?.[0]).toMatchObject({
      weight: 100,
      priority: "medium",
    });
  });

  it("refuses what does not fit the kind, unknown lockable fields, weights out of 0-100 and a host twice", () => {
    const id = crypto.randomUUID();
    const issues = (value: unknown) => {
      const parsed = teamEventTypeBody.safeParse(value);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."));
    };
    expect(issues({ ...base, kind: "collective", roundRobinMode: "availability" })).toEqual(["roundRobinMode"]);
    expect(issues({ ...base, lockedFields: ["title"] })).toEqual(["lockedFields"]);
    expect(issues({ ...base, kind: "managed", lockedFields: ["slug"] })).toEqual(["lockedFields.0"]);
    expect(issues({ ...base, hosts: [{ userId: id, weight: 101 }] })).toEqual(["hosts.0.weight"]);
    expect(issues({ ...base, hosts: [{ userId: id }, { userId: id }] })).toEqual(["hosts"]);
    expect(issues({ ...base, kind: "one-to-one" })).toEqual(["kind"]);
    expect(issues({ ...base, seats: 3 })).toEqual(["seats"]);
  });

  it("keeps the locked fields in the order of LOCKABLE_FIELDS, each once", () => {
    expect(
      teamEventTypeBody.parse({ ...base, kind: "managed", lockedFields: ["questions", "title", "title"] }).lockedFields,
    ).toEqual(["title", "questions"]);
  });
});

describe("changedLockedField and withFieldsOf", () => {
  it("finds the first locked field that differs; unlocked changes, a location's empty value and question ids do not count", () => {
    const next = { ...current, description: "Mine", location: { type: "phone" as const, value: "" } };
    expect(changedLockedField(current, next, ["title", "location"])).toBeNull();
    expect(changedLockedField(current, { ...current, title: "X" }, ["description", "title"])).toBe("title");
    expect(changedLockedField(current, { ...current, slotInterval: 15 }, ["slotInterval"])).toBe("slotInterval");
    const renumbered = { ...current, questions: [{ ...current.questions[0], id: "other" }] };
    expect(changedLockedField(current, renumbered, ["questions"])).toBeNull();
    const reworded = { ...current, questions: [{ ...current.questions[0], label: "Firm" }] };
    expect(changedLockedField(current, reworded, ["questions"])).toBe("questions");
    expect(changedLockedField(current, { ...current, title: "X" }, [])).toBeNull();
  });

  it("copies exactly the named fields", () => {
    const mine = { ...current, title: "Mine", duration: 15, description: "Own" };
    expect(withFieldsOf(mine, current, ["title", "duration"])).toEqual({ ...mine, title: "Onboarding", duration: 45 });
    expect(lockedJsonValue(current, "location")).toEqual({ type: "phone" });
    expect(lockedJsonValue(current, "slug")).toBeUndefined();
  });
});

describe("the team form", () => {
  it("turns ticked hosts with their weight and priority into hosts[i]; mode and locks count for their kind only", () => {
    const form = new FormData();
    form.set("kind", "collective");
    form.append("hostIds", "a");
    form.append("hostIds", "b");
    form.set("weight.a", "30");
    form.set("priority.a", "high");
    form.set("weight.c", "10"); // not ticked
    form.set("roundRobinMode", "availability");
    form.append("lockedFields", "title");
    const out = teamFormToBody(form);
    expect(Object.fromEntries(out)).toEqual({
      kind: "collective",
      "hosts[0].userId": "a",
      "hosts[0].weight": "30",
      "hosts[0].priority": "high",
      "hosts[1].userId": "b",
    });
    expect(teamFormHosts(form, [{ userId: "a" }])).toEqual([{ userId: "a" }]);
    expect(teamFormHosts(new FormData(), null)).toEqual([]);
  });

  it("keepLockedInForm fills what a disabled field did not send, and leaves what was sent", () => {
    const form = new FormData();
    form.set("description", "Mine");
    form.set("title", "Forged");
    keepLockedInForm(form, { ...current, requiresApproval: true }, [
      "title",
      "duration",
      "location",
      "minimumNotice",
      "requiresApproval",
      "slotInterval",
    ]);
    expect(Object.fromEntries(form)).toEqual({
      description: "Mine",
      title: "Forged",
      kind: "one-to-one",
      duration: "45",
      "location.type": "phone",
      "location.value": "",
      minimumNotice: "60",
      minimumNoticeUnit: "minutes",
      requiresApproval: "on",
      slotInterval: "",
    });
  });
});

describe("teamEventTypeJson", () => {
  it("adds the team, an absolute booking URL (none for a managed template) and the copies' URLs", () => {
    const base = {
      _id: "e1",
      title: "Demo",
      slug: "demo",
      description: "",
      duration: 30,
      kind: "round-robin" as const,
      location: { type: "video" as const },
      bufferBefore: 0,
      bufferAfter: 0,
      minimumNotice: 0,
      bookingWindowDays: 30,
      slotInterval: 30,
      scheduleId: "s",
      active: true,
      requiresApproval: false,
      approvalHoldHours: 24,
      hosts: [],
      questions: [],
      limitPerGuest: null,
      weeklyLimit: null,
      monthlyLimit: null,
      cancelNoticeMinutes: 0,
      rescheduleNoticeMinutes: 0,
      maxReschedules: null,
      requireCancelReason: false,
      durations: [30],
      hidden: false,
      redirectUrl: null,
      redirectPassDetails: false,
      requirePhone: false,
      defaultLanguage: "en" as const,
      reconfirmHours: null,
      recurring: null,
      price: null,
      refundPolicy: { type: "full" as const },
    };
    const extra = {
      teamId: "t1",
      teamSlug: "sales",
      origin: "https://book.example.com/",
      hosts: [{ userId: "u", name: "U", weight: 100, priority: "medium" as const }],
      roundRobinMode: "fairness" as const,
      lockedFields: ["duration", "title"],
      copies: [
        { userId: "u", eventTypeId: "c1", username: "ulla" },
        { userId: "v", eventTypeId: "c2", username: null },
      ],
    };
    const json = teamEventTypeJson(base, extra);
    expect(json.bookingUrl).toBe("https://book.example.com/team/sales/demo");
    expect(json.lockedFields).toEqual(["title", "duration"]);
    expect(json.copies).toEqual([
      { userId: "u", eventTypeId: "c1", bookingUrl: "https://book.example.com/ulla/demo" },
      { userId: "v", eventTypeId: "c2", bookingUrl: null },
    ]);
    expect(teamEventTypeJson({ ...base, kind: "managed" }, extra).bookingUrl).toBeNull();
  });
});

describe("a team event type's price (docs/decisions/120)", () => {
  const base = { title: "Paid", slug: "paid", duration: 30, kind: "collective" as const };

  it("the JSON body takes a price in minor units and a refund rule, as a person's event type", () => {
    const parsed = teamEventTypeBody.parse({
      ...base,
      price: { amount: 2500, currency: "EUR" },
      refundPolicy: { type: "until", hours: 12 },
    });
    expect(parsed).toMatchObject({ priceAmount: 2500, priceCurrency: "eur", refundPolicy: "until", refundHours: 12 });
    expect(teamEventTypeBody.parse(base)).toMatchObject({
      priceAmount: null,
      priceCurrency: null,
      refundPolicy: "full",
    });
  });

  it("refuses a price on a managed template or with approval, on the price field", () => {
    for (const extra of [{ kind: "managed" }, { requiresApproval: true }]) {
      const r = teamEventTypeBody.safeParse({ ...base, ...extra, price: { amount: 100, currency: "usd" } });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join("."))).toContain("price");
    }
  });

  it("the team's form types it in the currency's units (decision 116)", () => {
    const parsed = teamEventTypeFormBody.parse({ ...base, price: { amount: "12,50", currency: "eur" } });
    expect(parsed).toMatchObject({ priceAmount: 1250, priceCurrency: "eur" });
    expect(teamEventTypeFormBody.safeParse({ ...base, price: { amount: "abc", currency: "eur" } }).success).toBe(false);
  });
});
