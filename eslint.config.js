import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Layers that only point down (docs/architecture.md, docs/decisions/033): what each folder of app/
 * may import. scheduling/ and messages/ are the bottom: everyone may import them (but
 * scheduling imports nothing of ours, messages nothing either). Anything else is an upward or
 * sideways import and fails lint.
 */
export const LAYERS = {
  routes: [
    "api",
    "html",
    "services",
    "models",
    "components",
    "schemas",
    "utils",
    "server",
    "browser",
    "messages",
    "scheduling",
  ],
  api: ["services", "models", "schemas", "utils", "server", "messages", "scheduling"],
  html: ["services", "models", "schemas", "utils", "server", "browser", "messages", "scheduling"],
  jobs: ["services", "models", "mail", "schemas", "utils", "server", "messages", "scheduling"],
  services: ["models", "mail", "schemas", "utils", "server", "messages", "scheduling"],
  mail: ["schemas", "messages", "scheduling"],
  models: ["utils", "server", "schemas", "messages", "scheduling"],
  utils: ["server", "browser", "schemas", "messages", "scheduling"],
  server: ["browser", "schemas", "messages", "scheduling"],
  schemas: ["messages", "scheduling"],
  components: ["schemas", "utils", "browser", "messages", "scheduling"],
  browser: ["scheduling"],
  messages: [],
  scheduling: [],
};
const FOLDERS = Object.keys(LAYERS);
/** Who may read the database layer (db/): at run time models, server (the client) and utils (sessions, roles); row types also these. */
const DB_RUNTIME = ["models", "server", "utils"];
const DB_TYPES = ["services", "mail", "schemas", "api", "html"];

const layerZones = FOLDERS.flatMap((folder) => {
  const denied = FOLDERS.filter((other) => other !== folder && !LAYERS[folder].includes(other));
  const zones = [];
  if (denied.length > 0)
    zones.push({
      target: `./app/${folder}`,
      from: denied.map((other) => `./app/${other}`),
      message: `app/${folder} may import only ${LAYERS[folder].map((l) => `app/${l}`).join(", ") || "nothing of ours"} (layers only point down: docs/decisions/033).`,
    });
  // The app shell (root.tsx, entry.*) is above every layer; routes may read root's hooks.
  zones.push({
    target: `./app/${folder}`,
    from: ["./app/entry.server.tsx", "./app/entry.client.tsx", ...(folder === "routes" ? [] : ["./app/root.tsx"])],
    message: "The app shell (root.tsx, entry.*) is above every layer.",
  });
  if (!DB_RUNTIME.includes(folder) && !DB_TYPES.includes(folder))
    zones.push({
      target: `./app/${folder}`,
      from: "./db",
      message: `app/${folder} does not read the database layer (db/): go through app/models.`,
    });
  return zones;
});

/**
 * Icons from their own modules (`lucide/dist/esm/icons/<name>.mjs`, drawn by makeIcon in
 * app/components/icon.tsx, decision 127): importing the package's index puts every icon any page
 * uses into the root chunk, which every page downloads (docs/benchmarks.md "JavaScript budget").
 */
const LUCIDE_BARREL = {
  name: "lucide",
  allowTypeImports: true,
  message:
    'Import each icon\'s drawing from its own module: import bellDrawing from "lucide/dist/esm/icons/bell.mjs", then makeIcon (app/components/icon.tsx).',
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "tests/.tmp/**",
      "bench/reference/build/**",
      "bench/reference/public/build/**",
      "bench/reference/.cache/**",
    ],
  },
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
  {
    // Type-aware checks: a promise nobody awaits loses its error (an unhandled rejection ends the
    // process); type-only imports say so, so the bundler never keeps a module for a type.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Import rules: the cycle rule and the layers, resolved through tsconfig paths (~/) and relative paths alike.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Without a parser for .ts/.tsx, import-x cannot read the imported files and sees no circles at all.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // No file-level circles (type-only imports are erased and do not count).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...layerZones,
            {
              target: "./db",
              from: "./app",
              message: "db/ imports nothing from app/: the app passes what the seed needs (db/seed.ts DemoSeedTools).",
            },
          ],
        },
      ],
    },
  },
  {
    // Row types from db/schema are a shared contract: these layers may import them as types, never at run time.
    files: DB_TYPES.map((folder) => `app/${folder}/**/*.{ts,tsx}`),
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+db(/|$)",
              allowTypeImports: true,
              message:
                "Only models and utils read the database layer at run time; here only `import type` of row types (docs/decisions/033).",
            },
          ],
        },
      ],
    },
  },
  {
    // Transactions begin through app/server/transaction.server.ts, so that the page cache's
    // invalidations inside one wait for its commit (docs/decisions/105).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/transaction.server.ts", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='transaction']:not([callee.object.name='tx'])",
          message: "Begin transactions with transaction(db, work) from ~/server/transaction.server.",
        },
      ],
    },
  },
  {
    // A unit test beside db/ checks the seed against the app's own rules (db/seed.test.ts).
    files: ["db/**/*.test.ts"],
    rules: { "import-x/no-restricted-paths": "off" },
  },
  {
    // Components run in the browser too: no server-only module (*.server.ts) of any layer.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "\\.server$", message: "Components run in the browser: no *.server module (docs/decisions/033)." },
          ],
          paths: [LUCIDE_BARREL],
        },
      ],
    },
  },
  {
    // The pages every visitor loads (home, booking): icons one module each, as in components.
    files: ["app/routes/_index.tsx", "app/routes/$username_.$slug/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [LUCIDE_BARREL] }] },
  },
);
