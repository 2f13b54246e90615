// ESLint 9 flat config: typescript-eslint's recommended rules plus Nx module boundaries.
//   apps never import apps; libraries never import apps;
//   type:app → type:util, type:contracts;  type:util → type:contracts;  type:contracts → nothing.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import { createProjectGraphAsync } from 'nx/src/devkit-exports.js';
import tseslint from 'typescript-eslint';

// The boundary rule reads Nx's cached project graph and silently skips itself when there is none
// (a fresh clone). Computing it here makes `npx eslint .` enforce the rule on every run.
process.env.NX_DAEMON ??= 'false';
await createProjectGraphAsync({ exitOnError: false });

const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'AbortController', 'AbortSignal', 'setTimeout',
    'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'structuredClone', 'globalThis', 'performance',
    '__dirname', '__filename', 'require', 'module', 'exports'].map((g) => [g, 'readonly']),
);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.local/**', '.nx/**', 'coverage/**', 'libs/contracts/src/gen/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          banTransitiveDependencies: false,
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
          ],
        },
      ],
      // Validation rejects control characters on purpose (decisions §4), which needs them in a regex.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The dependency rule (docs/architecture.md): use cases and domain rules never import a transport;
    // jobs, events and peer services are reached through ports (usecases/ports.ts) that rpc/ and
    // messaging/ implement.
    files: ['apps/*/src/usecases/**/*.ts', 'apps/*/src/domain/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@connectrpc/*', '@nats-io/*'], message: 'Use cases are transport-free: declare a port in usecases/ports.ts and implement it in rpc/ or messaging/.' },
            { group: ['**/rpc/*', '**/messaging/*', '**/clients'], message: 'Use cases depend on ports, not on adapters (rpc/, messaging/).' },
            {
              group: ['@herald/contracts'],
              importNamePattern: '(_SUBJECT|_STREAM|_CONSUMER|_PREFIX|JobSchema)$',
              message: 'Subjects, streams and job schemas belong to the messaging/ adapter; publish through a port.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may use non-null assertions and loose casts on fixtures; everything else stays strict.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Tooling scripts (Node ESM and CommonJS), not part of any Nx project.
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: nodeGlobals },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
