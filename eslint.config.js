// ESLint 9 flat config. Besides the usual rules it enforces the import arrows of docs/architecture.md:
// shared imports neither side, server and web never import each other, web features reach each other
// only through ui/, lib/ and routing/, and no module takes part in an import cycle.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web folders everybody may use; every other folder of src/web is a feature (or the app layer).
const WEB_SHARED = ['ui', 'lib', 'routing'];
const webFolders = readdirSync('src/web', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const features = webFolders.filter((name) => name !== 'app' && !WEB_SHARED.includes(name));

const boundaryZones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/web', './src/cli'],
    message: 'src/shared runs on both sides: it imports neither.',
  },
  { target: './src/server', from: './src/web', message: 'The server never imports the web app.' },
  { target: './src/cli', from: './src/web', message: 'Operator commands never import the web app.' },
  { target: './src/web', from: ['./src/server', './src/cli'], message: 'The web app never imports the server.' },
  // Features are independent: what two of them need lives in ui/, lib/ or routing/.
  ...features.map((feature) => ({
    target: `./src/web/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `./src/web/${other}`),
    message: 'Web features import each other only through ui/, lib/ and routing/.',
  })),
  // The shared web folders and features never reach up into the app layer.
  {
    target: ['./src/web/ui', './src/web/lib', './src/web/routing', ...features.map((f) => `./src/web/${f}`)],
    from: './src/web/app',
    message: 'Only the app layer imports the app layer.',
  },
  {
    target: ['./src/web/ui', './src/web/lib', './src/web/routing'],
    from: features.map((f) => `./src/web/${f}`),
    message: 'ui/, lib/ and routing/ never import a feature.',
  },
  { target: './src/web/routing', from: ['./src/web/ui', './src/web/lib'], message: 'The router depends on nothing else of the app.' },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'reports/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads .ts and .tsx modules only when told to (cycles are found by reading them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.json', 'tsconfig.web.json', 'tsconfig.server.json', 'tsconfig.shared.json'],
        }),
      ],
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // One alias (package.json "imports"): a module outside the importer's own folder is named from #src.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!(\\.\\./)*tests/)', message: 'Import from another folder through #src/… (package.json "imports").' },
            { regex: '^~/', message: 'The alias is #src/…, defined in package.json "imports".' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: globals.browser },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/cli/**/*.ts', 'scripts/**', 'bench/**', 'tests/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/e2e/**/*.ts', 'tests/support/web-setup.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // Test clients read answers loosely (`Answer<any>`); each test asserts the fields it relies on.
      '@typescript-eslint/no-explicit-any': 'off',
      // Playwright finds a fixture's dependencies by destructuring its first argument; `{}` means none.
      'no-empty-pattern': 'off',
    },
  },
  prettier,
);
