import { describe, expect, it } from "vitest";
import { z } from "zod";
import { misfit, namePath, NESTED_KEY_MESSAGE, parseWithZod } from "./form-parse";

const schema = z
  .object({
    title: z.string().min(1),
    duration: z.coerce.number().int().optional(),
    location: z.object({ type: z.enum(["video", "phone"]), value: z.string().optional() }).optional(),
    questions: z.array(z.object({ label: z.string(), options: z.array(z.string()).optional() })).default([]),
  })
  .superRefine(() => {});

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("namePath", () => {
  it("reads conform's name syntax", () => {
    expect(namePath("title")).toEqual(["title"]);
    expect(namePath("a.b[0].c")).toEqual(["a", "b", 0, "c"]);
    expect(namePath("title[0]")).toEqual(["title", 0]);
    expect(namePath("a..b")).toBeNull();
  });
});

describe("misfit", () => {
  it("names the scalar a key goes inside, or the object it indexes", () => {
    expect(misfit(schema, ["title", 0])).toBe("title");
    expect(misfit(schema, ["title", "a"])).toBe("title");
    expect(misfit(schema, ["location", "type", 0])).toBe("location.type");
    expect(misfit(schema, ["location", 0])).toBe("location");
    expect(misfit(schema, ["questions", "x"])).toBe("questions");
    expect(misfit(schema, ["questions", 2, "label", "y"])).toBe("questions[2].label");
  });

  it("lets keys that fit the shape through, and unknown keys (the schema strips them)", () => {
    expect(misfit(schema, ["location", "type"])).toBeNull();
    expect(misfit(schema, ["questions", 0, "label"])).toBeNull();
    expect(misfit(schema, ["questions", 0, "options", 3])).toBeNull();
    expect(misfit(schema, ["other", "x", 1])).toBeNull();
  });
});

describe("parseWithZod", () => {
  it("parses a well-formed form as conform does", () => {
    const s = parseWithZod(
      form([
        ["title", "Intro"],
        ["location.type", "video"],
        ["questions[0].label", "Why?"],
      ]),
      {
        schema,
      },
    );
    expect(s.status).toBe("success");
  });

  it("refuses title[0] and title.a with the message on title, and keeps them out of what is shown again", () => {
    for (const key of ["title[0]", "title.a"]) {
      const s = parseWithZod(
        form([
          [key, "x"],
          ["location.type", "video"],
        ]),
        { schema },
      );
      expect(s.status).toBe("error");
      if (s.status !== "error") return;
      expect(s.error?.title).toContain(NESTED_KEY_MESSAGE);
      const reply = s.reply();
      expect(JSON.stringify(reply.initialValue)).not.toContain('"title"');
      expect((reply.initialValue as Record<string, unknown>).location).toEqual({ type: "video" });
    }
  });

  it("keeps the schema's own messages beside the nested-key one", () => {
    const s = parseWithZod(
      form([
        ["title", ""],
        ["duration[0]", "5"],
        ["location.type", "boat"],
      ]),
      { schema },
    );
    expect(s.status).toBe("error");
    if (s.status !== "error") return;
    expect(s.error?.duration).toEqual([NESTED_KEY_MESSAGE]);
    expect(s.error?.title?.length).toBeGreaterThan(0);
    expect(s.error?.["location.type"]?.length).toBeGreaterThan(0);
  });
});
