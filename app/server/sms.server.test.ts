import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { twilioSignature, validTwilioSignature } from "./sms.server";

describe("Twilio's request signature (decision 090)", () => {
  const token = "12345";
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const params: Array<[string, string]> = [
    ["CallSid", "CA1234567890ABCDE"],
    ["Caller", "+12349013030"],
    ["Digits", "1234"],
    ["From", "+12349013030"],
    ["To", "+18005551212"],
  ];

  it("is HMAC-SHA1 over the URL and the parameters sorted by name, base64", () => {
    const data =
      url +
      [...params]
        .sort()
        .map(([k, v]) => k + v)
        .join("");
    const expected = crypto.createHmac("sha1", token).update(data).digest("base64");
    // Given in any order, the parameters are signed sorted.
    expect(twilioSignature(token, url, [...params].reverse())).toBe(expected);
    // Twilio's documented example of this request.
    expect(expected).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });

  it("accepts the right signature only", () => {
    const good = twilioSignature(token, url, params);
    expect(validTwilioSignature(token, url, params, good)).toBe(true);
    expect(validTwilioSignature(token, url, params, null)).toBe(false);
    expect(validTwilioSignature("other", url, params, good)).toBe(false);
    expect(validTwilioSignature(token, `${url}&x=1`, params, good)).toBe(false);
    expect(validTwilioSignature(token, url, [...params, ["Body", "STOP"]], good)).toBe(false);
    expect(validTwilioSignature(token, url, params, good.slice(0, -2))).toBe(false);
  });
});
