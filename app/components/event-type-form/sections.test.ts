import { describe, expect, it } from "vitest";
import { sectionOfField, sectionsWithErrors } from "./sections";

describe("the event type form's sections", () => {
  it("places nested and listed fields by their first name", () => {
    expect(sectionOfField("location.value")).toBe("where");
    expect(sectionOfField("questions[2].label")).toBe("questions");
    expect(sectionOfField("durations[0]")).toBe("basics");
    expect(sectionOfField("weeklyLimit")).toBe("limits");
    expect(sectionOfField("redirectUrl")).toBe("advanced");
    expect(sectionOfField("")).toBeNull();
  });

  it("lists the sections with errors in the form's order, ignoring empty lists and the form's own", () => {
    expect(
      sectionsWithErrors({
        redirectUrl: ["Enter a URL."],
        "": ["Check the fields."],
        bufferBefore: ["Too long."],
        title: [],
        "questions[0].label": ["Required"],
      }),
    ).toEqual(["when", "questions", "advanced"]);
  });
});
