import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * ESLint's cache keys on each file alone, so a type-aware rule's finding that another file causes
 * (a callee made async leaves its unchanged callers' promises floating) stays hidden behind the
 * cached "clean" (decision 056, amended 2026-12-03). While the config has such rules, `npm run
 * lint` runs ESLint without its cache; Prettier's cache, one file at a time, stays.
 */
describe("npm run lint", () => {
  const lint: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.lint;
  const eslintPart = lint.split("&&").find((part) => part.trim().startsWith("eslint")) ?? "";

  it("runs ESLint and Prettier", () => {
    expect(eslintPart).toMatch(/^\s*eslint /);
    expect(lint).toContain("prettier --check");
  });

  it("runs ESLint without its cache while the config has type-aware rules", () => {
    const config = readFileSync("eslint.config.js", "utf8");
    expect(config).toMatch(/projectService: true/);
    expect(eslintPart).not.toMatch(/--cache\b/);
  });
});
