import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import starDrawing from "lucide/dist/esm/icons/star.mjs";
import { makeIcon } from "./icon";

const Star = makeIcon(starDrawing, "star");
const STAR_PATH =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";
const OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

describe("makeIcon", () => {
  it("renders the SVG lucide-react rendered, byte for byte (decision 127)", () => {
    // lucide-react 1.75's <Star className="h-4 w-4 text-amber-500" />, as it rendered.
    expect(renderToStaticMarkup(<Star className="h-4 w-4 text-amber-500" />)).toBe(
      `${OPEN} class="lucide lucide-star h-4 w-4 text-amber-500" aria-hidden="true"><path d="${STAR_PATH}"></path></svg>`,
    );
  });

  it("is not hidden once labelled or given children, and takes a size and a stroke width", () => {
    expect(renderToStaticMarkup(<Star aria-label="Rated" />)).toBe(
      `${OPEN} class="lucide lucide-star" aria-label="Rated"><path d="${STAR_PATH}"></path></svg>`,
    );
    expect(renderToStaticMarkup(<Star role="img" />)).not.toContain("aria-hidden");
    expect(
      renderToStaticMarkup(
        <Star>
          <title>Star</title>
        </Star>,
      ),
    ).toBe(`${OPEN} class="lucide lucide-star"><path d="${STAR_PATH}"></path><title>Star</title></svg>`);
    const sized = renderToStaticMarkup(<Star size={16} strokeWidth={1.5} />);
    expect(sized).toContain('width="16" height="16"');
    expect(sized).toContain('stroke-width="1.5"');
  });

  it("makes the drawing's elements once: every render shares them", () => {
    const a = Star({});
    const b = Star({ className: "x" });
    expect(a.props.children[0]).toBe(b.props.children[0]);
  });
});
