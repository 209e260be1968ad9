import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** One no-restricted-imports rule refusing each group of folders with its own message: forbid([folders, why], ...). */
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map(([folders, why]) => ({ regex: `(^|/)(${folders.join('|')})/`, message: why })) },
  ],
});

const SHARED = 'Shared code (core/, resources/, brands/) imports neither the console nor the server.';
export const importBoundaries = [
  {
    files: ['resources/**', 'brands/**'],
    rules: forbid([['src', 'providers', 'custom-pages', 'server'], SHARED]),
  },
  {
    // one rule for core/ (a later entry for the same files would replace, not add to, the one above)
    files: ['core/**'],
    rules: forbid(
      [['src', 'providers', 'custom-pages', 'server'], SHARED],
      [
        ['resources'],
        'core/ is below resources/: the declarations use its rules, formats and texts, so it imports nothing of them (docs/decisions.md, "core/ below resources/"). Take what a declaration has as an argument, or move the code to resources/.',
      ],
    ),
  },
  {
    files: ['server/**'],
    rules: forbid([
      ['src', 'providers', 'custom-pages'],
      'The server imports only core/, resources/ and brands/ of the console side: move what both need to core/.',
    ]),
  },
  {
    files: ['src/**', 'providers/**'],
    rules: forbid([
      ['custom-pages'],
      'The shell reaches a feature page or dialog through lazyPage()/lazyPart() (a dynamic import), not a static import.',
    ]),
  },
];

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', 'node_modules', 'server/db/migrations', '*.tmp.mjs'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Import boundaries (docs/decisions.md, "Import boundaries"): core/, resources/ and brands/ are what the server and the console share,
  // so they import neither side, and core/ is below resources/; the server never reaches into the console; the console's shell
  // reaches a feature page or dialog only by a lazy import(), never a static one. tests/unit/import-graph.test.ts checks the
  // whole graph for a loop between top-level folders.
  ...importBoundaries,
);
