import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "tests/.tmp/**", "bench/reference/build/**", "bench/reference/public/build/**", "bench/reference/.cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: globals.node },
  },
  {
    // Served to the browser in e2e tests in place of Stripe.js.
    files: ["tests/fakes/stripe-js.js"],
    languageOptions: { globals: globals.browser, sourceType: "script" },
  },
  {
    // The embed script, served as is to other sites' pages (ES2017: no optional catch binding).
    files: ["public/embed.js"],
    languageOptions: { globals: globals.browser, sourceType: "script" },
    rules: { "@typescript-eslint/no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
);
