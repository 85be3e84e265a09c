// Lint configuration: typescript-eslint's recommended rules and one architectural rule, the
// engine's single door (src/engine/index.ts, and browser.ts for browser code): nothing outside
// src/engine may import a file inside it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'packages/uai/dist/',
      'action/index.mjs',
      '.astro/',
      '.netlify/',
      '.cache/',
      'node_modules/',
      'src/engine/generated/',
      'reports/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.mts', '.js', '.mjs'] })] },
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      // `_name` marks a member dropped on purpose (`const { integrity: _integrity, ...rest } = message`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The JSON grammar (RFC 8259 section 7) is about control characters: ranges of them are meant.
      'no-control-regex': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './!(src)/**/*',
              from: './src/engine',
              except: ['./index.ts', './browser.ts'],
              message: 'Import the engine through its entry, src/engine/index.ts.',
            },
            {
              target: './src/!(engine)/**/*',
              from: './src/engine',
              except: ['./index.ts', './browser.ts'],
              message: 'Import the engine through its entry, src/engine/index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The per-stage benchmarks time the validator's and the mock exchange's own stages one by one,
    // which the entry does not expose (and should not): the files allowed behind the engine's door.
    files: ['bench/stages.ts', 'bench/mock-stages.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // V8's JSON.parse can read an escaped member name as a name it read before (nodejs/node#63785):
    // every text the shells read goes through the engine's parseJson, which reads those right.
    files: ['src/http/**', 'src/cli/**', 'src/kit/**', 'src/records/**', 'src/browser/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'JSON',
          property: 'parse',
          message:
            'Read JSON text with parseJson (src/engine/parse-json.ts): JSON.parse can misread escaped member names.',
        },
      ],
    },
  },
  {
    // Tests, benchmarks, build scripts and browser glue read parsed JSON of known shape member by member.
    files: ['tests/**', 'bench/**', 'scripts/**', 'src/browser/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
