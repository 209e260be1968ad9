import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const forbid = (folders, why) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: `(^|/)(${folders.join('|')})/`, message: why }] }],
});
export const importBoundaries = [
  {
    files: ['core/**', 'resources/**', 'brands/**'],
    rules: forbid(
      ['src', 'providers', 'custom-pages', 'server'],
      'Shared code (core/, resources/, brands/) imports neither the console nor the server.',
    ),
  },
  {
    files: ['server/**'],
    rules: forbid(
      ['src', 'providers', 'custom-pages'],
      'The server imports only core/, resources/ and brands/ of the console side: move what both need to core/.',
    ),
  },
  {
    files: ['src/**', 'providers/**'],
    rules: forbid(
      ['custom-pages'],
      'The shell reaches a feature page or dialog through lazyPage()/lazyPart() (a dynamic import), not a static import.',
    ),
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
  // so they import neither side; the server never reaches into the console; the console's shell reaches a
  // feature page or dialog only by a lazy import(), never a static one.
  ...importBoundaries,
);
