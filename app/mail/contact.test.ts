import { describe, expect, it } from "vitest";
import { contactMail } from "./contact";

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Team plan", message: "Hello there" };

describe("contactMail", () => {
  const receivedAt = new Date("2026-03-01T10:00:00Z");

  it("puts every field in the body and the subject in the e-mail's subject", () => {
    const mail = contactMail({ ...valid, receivedAt });
    expect(mail.subject).toBe("Contact form: Team plan");
    expect(mail.text).toContain(
      "Name: Ada Lovelace\nEmail: ada@example.com\nSubject: Team plan\nReceived: 2026-03-01T10:00:00.000Z",
    );
    expect(mail.text).toContain("\n\nHello there\n");
  });

  it("names the sender when there is no subject", () => {
    const mail = contactMail({ ...valid, subject: undefined, receivedAt });
    expect(mail.subject).toBe("Contact form: message from Ada Lovelace");
    expect(mail.text).toContain("Subject: (none)");
  });
});
