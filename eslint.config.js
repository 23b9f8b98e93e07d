import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

// One-way imports (HOUSE-STYLE.md): src/app -> src/features -> src/components|widgets|hooks
// -> streams -> protocol; server -> protocol. Nothing outside src/ imports src/.
const zones = [
  { target: './protocol', from: ['./src', './streams', './server'], message: 'protocol/ imports nothing of ours' },
  { target: './streams', from: ['./src', './server'], message: 'streams/ knows nothing of React, the console or the server' },
  { target: './server', from: ['./src', './streams'], message: 'server/ depends only on protocol/' },
  { target: './src', from: ['./server'], message: 'the console talks to the server only through protocol/' },
  { target: './src/components', from: ['./src/features', './src/app'], message: 'components are presentational' },
  { target: './src/widgets', from: ['./src/features', './src/app'], message: 'widgets wrap libraries only' },
  { target: './src/features', from: ['./src/app'], message: 'features do not import the app shell' },
  // Features do not import each other (app/ composes them): a part two features share moves to
  // components/, widgets/, hooks/ or streams/. One zone per feature folder, read at start-up.
  ...readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('__'))
    .map((d) => ({
      target: `./src/features/${d.name}`,
      from: './src/features',
      except: [`./${d.name}`],
      message: `src/features/${d.name} imports another feature; move the shared part to components/, widgets/, hooks/ or streams/`,
    })),
];

// A screen reads and writes through streams/ (a read is a stream of its inputs, a command goes
// through streams/commands/command.ts); features never hold the request source themselves.
const NO_API_IN_FEATURES = 'screens read through streams/<domain> and send commands with command(); no api.call in src/features';

// A translation key is written whole or taken from a code-to-key map, never built in a t() call: a
// key built there escapes the key check. Maps are built by keysOf (src/i18n/codeKeys.ts), whose
// type is each code's exact key, so the compiler checks every key it makes against the catalogue.
const BUILT_KEY =
  "a translation key is never built in t(); map the codes to their keys with keysOf('ns:prefix', CODES) satisfies Record<Code, TKey> (src/i18n/codeKeys.ts)";
const NO_BUILT_KEYS = [
  { selector: "CallExpression[callee.name='t'] > TemplateLiteral[expressions.length>0]", message: BUILT_KEY },
  { selector: "CallExpression[callee.object.name='i18n'][callee.property.name='t'] > TemplateLiteral[expressions.length>0]", message: BUILT_KEY },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'public/**', '**/*.gen.ts'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // no-cycle parses the imported files: TypeScript ones need the TypeScript parser
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // type imports included: they are not checked here (the rule skips them), so
      // streams/__tests__/imports.test.ts walks streams/ for cycles of any import
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', ...NO_BUILT_KEYS] } },
  // The rules of hooks, and those of the React Compiler's checks the console holds to. The console
  // is not built with the Compiler; its other checks (refs read in render, state set in an effect,
  // memoisation it could not keep, libraries it cannot compile) flag the imperative widgets' ref
  // mirrors and the forms' reset effects, which are deliberate here.
  {
    files: ['src/**/*.{ts,tsx}', 'bench/pages/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/void-use-memo': 'error',
      'react-hooks/globals': 'error',
      'react-hooks/error-boundaries': 'error',
      'react-hooks/set-state-in-render': 'error',
      'react-hooks/immutability': 'error',
      'react-hooks/config': 'error',
      'react-hooks/gating': 'error',
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/streams/api/*'], allowTypeImports: true, message: NO_API_IN_FEATURES }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='api'][property.name=/^call\\$?$/]", message: NO_API_IN_FEATURES },
        { selector: "MemberExpression[object.property.name='api'][property.name=/^call\\$?$/]", message: NO_API_IN_FEATURES },
        // this block's setting replaces the one for all of src/, so it repeats the key rule
        ...NO_BUILT_KEYS,
      ],
    },
  },
);
