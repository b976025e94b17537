import { describe, expect, it } from "vitest";
import { deliveryAdvances, deliveryFailed, replyKeyword, smsFromTemplate, SMS_MAX_CHARS } from "./sms";
import { SMS_STOP_LINE } from "./workflows";

describe("replies to texts (decision 090)", () => {
  it("reads the opt-out words, whole and in any case", () => {
    for (const w of ["STOP", "stop", " Stop ", "STOPALL", "unsubscribe", "CANCEL", "end", "QUIT", "stop."])
      expect(replyKeyword(w)).toBe("stop");
    expect(replyKeyword("START")).toBe("start");
    expect(replyKeyword("unstop")).toBe("start");
  });

  it("ignores other texts", () => {
    for (const w of ["", "Please stop", "STOP IT", "stopp", "yes", "thanks, see you"])
      expect(replyKeyword(w)).toBeNull();
  });
});

describe("a text from a template", () => {
  const values = { guest_name: "Gus <b>&</b>", start_time: "Thu 10 Dec, 15:00" };

  it("fills the variables unescaped and ends with the STOP line", () => {
    expect(smsFromTemplate("Hi {guest_name}, see you {start_time}. {unknown}", values)).toBe(
      `Hi Gus <b>&</b>, see you Thu 10 Dec, 15:00. {unknown}\n\n${SMS_STOP_LINE}`,
    );
    expect(SMS_STOP_LINE).toBe("Reply STOP to opt out.");
  });

  it("strips control characters a value may carry, keeping line breaks", () => {
    expect(smsFromTemplate("Hi {guest_name}\r\nBye", { guest_name: "A\u0007B\u001b[31m\u2028C" })).toBe(
      `Hi AB[31mC\nBye\n\n${SMS_STOP_LINE}`,
    );
  });

  it("never grows past the limit, the STOP line kept", () => {
    const text = smsFromTemplate("{x}", { x: "y".repeat(5000) });
    expect(text.length).toBe(SMS_MAX_CHARS);
    expect(text.endsWith(`…\n\n${SMS_STOP_LINE}`)).toBe(true);
  });
});

describe("delivery status callbacks (docs/decisions/109)", () => {
  it("a status replaces only one of a lower rank, so a late 'sent' does not undo 'delivered'", () => {
    expect(deliveryAdvances(null, "sent")).toBe(true);
    expect(deliveryAdvances("sent", "delivered")).toBe(true);
    expect(deliveryAdvances("delivered", "sent")).toBe(false);
    expect(deliveryAdvances("delivered", "delivered")).toBe(false);
    expect(deliveryAdvances("sent", "undelivered")).toBe(true);
    expect(deliveryAdvances("sent", "made-up")).toBe(false);
  });

  it("failed and undelivered are failures; delivered is not", () => {
    expect(["failed", "undelivered", "delivered", null].map(deliveryFailed)).toEqual([true, true, false, false]);
  });
});
