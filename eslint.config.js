// The browser client's linter (the checks `./run test` runs besides tsc and node --test).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "src/pakka/web/vendor/"] },
  js.configs.recommended,
  {
    files: ["src/pakka/web/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: { "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }], eqeqeq: ["error", "smart"], "prefer-const": "error" },
  },
  {
    files: ["tests/web/**/*.js", "tests/web/**/*.mjs", "scripts/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
