import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

describe("csvField", () => {
  it("leaves plain text alone and writes null as an empty cell", () => {
    expect(csvField("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvField(null)).toBe("");
    expect(csvField("")).toBe("");
  });

  it("quotes commas, quotes and line breaks (RFC 4180), doubling the quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
  });

  it("puts a ' before a cell a spreadsheet would read as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvField(`${start}1+1`).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField("a=b")).toBe("a=b");
  });
});

describe("csvLine", () => {
  it("joins the fields with commas and ends with CRLF", () => {
    expect(csvLine(["a", null, "b,c"])).toBe('a,,"b,c"\r\n');
  });
});
