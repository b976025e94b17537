import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LAYERS } from "../eslint.config.js";

/**
 * docs/architecture.md draws the layers as a mermaid diagram, one line per folder of app/:
 * `routes --> api & pages & ...` (a folder that imports nothing of ours stands alone). The lint
 * rule (LAYERS in eslint.config.js) and that diagram must say the same, so neither drifts:
 * a new or renamed layer is one line in each.
 */
function diagramLayers(markdown: string): Record<string, string[]> {
  const block = /```mermaid\n([\s\S]*?)```/.exec(markdown.slice(markdown.indexOf("## Layers")));
  if (!block) throw new Error('docs/architecture.md has no mermaid block under "## Layers"');
  const layers: Record<string, string[]> = {};
  for (const line of block[1].split("\n").map((l) => l.trim())) {
    if (line === "" || line.startsWith("flowchart") || line.startsWith("%%")) continue;
    const [folder, targets] = line.split("-->").map((part) => part.trim());
    layers[folder] = targets ? targets.split("&").map((t) => t.trim()) : [];
  }
  return layers;
}

const sorted = (layers: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(layers).map(([folder, targets]) => [folder, [...targets].sort()]));

describe("docs/architecture.md", () => {
  it("draws exactly the layers the lint rule enforces (LAYERS in eslint.config.js)", () => {
    const drawn = diagramLayers(readFileSync("docs/architecture.md", "utf8"));
    expect(Object.keys(drawn).length).toBeGreaterThan(5);
    expect(sorted(drawn)).toEqual(sorted(LAYERS));
  });
});
