import { describe, expect, it } from "vitest";
import { parsePhone, PHONE_MESSAGES, toE164 } from "./phone";

describe("phone numbers in E.164 (decision 090)", () => {
  it("normalises the common international spellings", () => {
    expect(toE164("+1 (415) 555-2671")).toBe("+14155552671");
    expect(toE164("+44 7911 123456")).toBe("+447911123456");
    expect(toE164("0044 7911 123456")).toBe("+447911123456");
    expect(toE164("+49 30 901820")).toBe("+4930901820");
  });

  it("reads a national number only with a default country", () => {
    expect(toE164("(415) 555-2671")).toBeNull();
    expect(toE164("(415) 555-2671", "US")).toBe("+14155552671");
    expect(toE164("07911 123456", "GB")).toBe("+447911123456");
  });

  it("refuses what is not a phone number", () => {
    expect(toE164("+1 123")).toBeNull();
    expect(toE164("call me")).toBeNull();
    expect(toE164("+1 415 555 2671\n")).toBe("+14155552671");
    expect(toE164("+1 415 555 2671 ext. 5")).toBeNull();
    expect(toE164("+".padEnd(41, "1"))).toBeNull();
  });

  it("parsePhone: empty is none, a bad one says how to write it", () => {
    expect(parsePhone("")).toEqual({ ok: true, phone: null });
    expect(parsePhone(undefined)).toEqual({ ok: true, phone: null });
    expect(parsePhone("+1 415 555 2671")).toEqual({ ok: true, phone: "+14155552671" });
    expect(parsePhone("12")).toEqual({ ok: false, message: PHONE_MESSAGES.invalid });
    expect(parsePhone("1".repeat(41))).toEqual({ ok: false, message: PHONE_MESSAGES.tooLong });
  });
});
