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

  it("a guest's mail shows the host's or team's logo on top, its alt text in the guest's language; none: the HTML as before (decision 117)", () => {
    const template = { subject: "Soon", body: "Dear {guest_name},\n\nSee you." };
    const url = "https://app.example.test/teams/1/0123456789abcdef-96.png";
    const mail = workflowMail(template, values, { logo: { name: "Acme", url }, language: "fr" });
    const img = /<img[^>]*src="https:\/\/app\.example\.test\/teams\/[^"]*"[^>]*>/.exec(mail.html);
    expect(img?.[0]).toContain('alt="Logo de Acme"');
    expect(mail.html.indexOf(img![0])).toBeLessThan(mail.html.lastIndexOf("Dear &lt;b&gt;"));
    const plain = workflowMail(template, values);
    expect(mail.text).toBe(plain.text);
    expect(workflowMail(template, values, { logo: null, language: "fr" }).html).toBe(plain.html);
    expect(plain.html).not.toContain("<img");
  });

  it("a bell or text message is the plain rendered body", () => {
    expect(workflowText(" {guest_name} booked {event_title} ", values)).toBe(`<b>Bo</b> & "Co" booked Intro`);
  });
});
