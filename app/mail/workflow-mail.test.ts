import { describe, expect, it } from "vitest";
import { workflowMail, workflowText } from "./workflow-mail";

describe("workflowMail", () => {
  const values = { guest_name: `<b>Bo</b> & "Co"`, event_title: "Intro" };

  it("escapes the host's text and every value in the HTML part, paragraphs kept", () => {
    const mail = workflowMail(
      { subject: "Hi {guest_name}\nagain", body: "Dear {guest_name},\n\n<i>{event_title}</i> soon\nbye" },
      values,
    );
    expect(mail.subject).toBe(`Hi <b>Bo</b> & "Co" again`);
    expect(mail.text).toBe(`Dear <b>Bo</b> & "Co",\n\n<i>Intro</i> soon\nbye`);
    expect(mail.html).toMatch(/>Dear &lt;b&gt;Bo&lt;\/b&gt; &amp; &quot;Co&quot;,<\/p>/);
    expect(mail.html).toMatch(/>&lt;i&gt;Intro&lt;\/i&gt; soon<br>bye<\/p>/);
    expect(mail.html).not.toMatch(/<b>|<i>/);
  });

  it("a bell or text message is the plain rendered body", () => {
    expect(workflowText(" {guest_name} booked {event_title} ", values)).toBe(`<b>Bo</b> & "Co" booked Intro`);
  });
});
