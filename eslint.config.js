import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

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
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'public/**', '**/*.gen.ts'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
