// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronImport = {
  name: 'electron',
  message:
    "Only electron/main.ts, electron/preload.ts and electron/shell/ may import 'electron'; the rest must run in plain Node.",
};

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [electronImport] }],
    },
  },
  {
    // A promise nobody awaits or catches is an error nobody hears (a sale's follow-up, a refresh):
    // the type-aware rules find them. Code files stay under 400 lines (design.md: split past it).
    files: ['electron/**/*.ts', 'renderer/**/*.{ts,tsx}', 'shared/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Tests read arbitrary JSON bodies of the service under test; typing every one adds nothing.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The thin Electron shell is the only place the runtime may be imported.
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The renderer is a sandboxed web page: no Node, no Electron, no native modules.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport, { name: 'better-sqlite3', message: 'The renderer never touches the journal.' }],
          patterns: [
            { group: ['node:*'], message: 'The renderer runs in a browser sandbox: no Node modules.' },
            {
              group: ['**/electron/**', '../../electron/*'],
              message: 'The renderer reaches the backend only through bridge.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Code shared by both sides must run in the browser too.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [{ group: ['node:*'], message: 'shared/ runs in the renderer too: no Node modules.' }],
        },
      ],
    },
  },
);
