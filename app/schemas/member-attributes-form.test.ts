import { describe, expect, it } from "vitest";
import { attributeRows, attributesFromForm } from "./member-attributes-form";

function form(rows: Array<[string, string]>): FormData {
  const f = new FormData();
  for (const [name, value] of rows) {
    f.append("name", name);
    f.append("value", value);
  }
  return f;
}

describe("the team page's attributes form", () => {
  it("offers the attributes, then the suggested names not used yet, then blank rows", () => {
    expect(attributeRows({ region: "emea" })).toEqual([
      { name: "region", value: "emea" },
      { name: "language", value: "" },
      { name: "segment", value: "" },
      { name: "", value: "" },
      { name: "", value: "" },
      { name: "", value: "" },
    ]);
    const full = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`a${i}`, "x"]));
    expect(attributeRows(full)).toHaveLength(20);
  });

  it("keeps rows with a value (trimmed), leaves out empty values, and refuses bad names, repeats and nameless values", () => {
    expect(
      attributesFromForm(
        form([
          ["region", " emea "],
          ["language", ""],
          ["", ""],
        ]),
      ),
    ).toEqual({
      ok: true,
      attributes: { region: "emea" },
    });
    const bad = attributesFromForm(
      form([
        ["Region!", "x"],
        ["tier", "a"],
        ["tier", "b"],
        ["", "orphan"],
      ]),
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toEqual([
      '"Region!": a name is a lower-case letter, then up to 39 letters, digits or _.',
      '"tier" is given twice.',
      'Give a name for the value "orphan".',
    ]);
    expect(bad.rows[0]).toEqual({ name: "Region!", value: "x" });
    const tooLong = attributesFromForm(form([["note", "x".repeat(101)]]));
    expect(tooLong.ok).toBe(false);
  });
});
