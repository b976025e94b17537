import { describe, expect, it } from "vitest";
import { GUEST_WORDS } from "~/messages/guest-words";
import { repeatFieldsMarkup } from "./repeat-fields.server";

describe("repeatFieldsMarkup (decision 106)", () => {
  const recurring = { maxOccurrences: 4, intervalWeeks: [1, 2] };

  it("speaks English by default, the count's options from 2 to the host's maximum", () => {
    const html = repeatFieldsMarkup(recurring);
    expect(html).toContain("<legend");
    expect(html).toContain(">Repeat</legend>");
    expect(html).toContain('<option value="" selected>Does not repeat</option>');
    expect(html).toContain('<option value="1">Every week</option><option value="2">Every 2 weeks</option>');
    expect(html).toContain('<option value="2">2 meetings</option>');
    expect(html).toContain('<option value="4" selected>4 meetings</option>');
    expect(html).not.toContain('value="5"');
  });

  it("speaks the guest's language, with its plurals, and keeps what was posted", () => {
    const html = repeatFieldsMarkup(recurring, { repeat: "2", occurrences: "3" }, ["<Elige>"], {
      language: "es",
      words: GUEST_WORDS.es,
    });
    expect(html).toContain(">Repetir</legend>");
    expect(html).toContain(">Frecuencia</label>");
    expect(html).toContain('<option value="2" selected>Cada 2 semanas</option>');
    expect(html).toContain('<option value="3" selected>3 reuniones</option>');
    // An error is text, never markup.
    expect(html).toContain("&lt;Elige&gt;");
  });
});
