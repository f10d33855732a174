// ESLint for the whole repository: `npm run lint` (zero warnings; CI runs it). Modelled on the Epic Stack's
// configuration (@epic-web/config): the recommended sets of @eslint/js, typescript-eslint, eslint-plugin-react,
// react-hooks and jsx-a11y. Formatting is Prettier's (.prettierrc); no rule here is about layout.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  // What the build, the tests and the app write, and what npm installs; patches/ holds diffs of installed packages.
  globalIgnores(["build/", "public/build/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench-results/", ".cache/", "patches/"]),

  js.configs.recommended,
  tseslint.configs.recommended,

  // React lives in app/ only (tests/e2e's fixtures call Playwright's `use`, which is not React's).
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat["jsx-runtime"],
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
  },
  // Only the two classic hook rules: version 7's recommended set adds the React Compiler's rules, and the app does
  // not use the React Compiler.
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      // A warning, which `--max-warnings 0` still fails on; an intended omission says why beside a disable comment.
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    settings: { react: { version: "detect" } },
    rules: {
      // TypeScript checks the props.
      "react/prop-types": "off",
      // TypeScript already refuses a bare > or } in JSX text; an apostrophe or a quote in the copy renders as typed.
      "react/no-unescaped-entities": "off",
      // The choice cards put their text one element deeper (label > span > span) than the default depth of 2.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },

  // The app runs in the browser (and its server modules in Node, where TypeScript checks the names, not ESLint);
  // everything else runs in Node: the server, the scripts, the tests and the configuration files.
  {
    files: ["app/**"],
    languageOptions: { globals: globals.browser },
  },
  {
    ignores: ["app/**"],
    languageOptions: { globals: globals.node },
  },

  // Playwright reads a fixture's first parameter as a pattern of the fixtures it needs: `{}` is how to need none.
  {
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },

  {
    rules: {
      // A leading underscore marks a parameter or binding kept for its position; a rest sibling drops a property.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
]);
