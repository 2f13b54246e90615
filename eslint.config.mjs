// ESLint 9 flat config: typescript-eslint's recommended rules plus Nx module boundaries.
//   apps never import apps; libraries never import apps;
//   type:app → type:util, type:contracts;  type:util → type:contracts;  type:contracts → nothing.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import { createProjectGraphAsync } from 'nx/src/devkit-exports.js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import gatewayBoundaries from './apps/gateway/eslint.boundaries.mjs';

// The boundary rule reads Nx's cached project graph and silently skips itself when there is none
// (a fresh clone). Computing it here makes `npx eslint .` enforce the rule on every run.
process.env.NX_DAEMON ??= 'false';
await createProjectGraphAsync({ exitOnError: false });

// delivery-service's capability modules, bottom to top: a module imports the kernel, libraries and
// the index.ts of a module below it, nothing else (docs/architecture.md).
const DELIVERY = 'apps/delivery-service/src';
const DELIVERY_LAYERS = [['kernel'], ['platform', 'webhooks'], ['outbound'], ['scheduling'], ['sends'], ['broadcasts', 'feed', 'retention', 'stats']];
const DELIVERY_MODULES = DELIVERY_LAYERS.flat().filter((m) => m !== 'kernel');
const DELIVERY_WIRING = ['use-cases.ts', 'server.ts', 'main.ts'].map((f) => `./${DELIVERY}/${f}`);
const deliveryZones = [
  ...DELIVERY_MODULES.map((m) => ({
    target: [`./${DELIVERY}/!(${m})/**/*`, `./${DELIVERY}/*.ts`],
    from: `./${DELIVERY}/${m}`,
    except: ['./index.ts'],
    message: `Import ${m} through its index.ts.`,
  })),
  ...DELIVERY_LAYERS.map((layer, i) => ({
    target: layer.map((m) => `./${DELIVERY}/${m}/**/*`),
    from: [...DELIVERY_LAYERS.slice(i + 1).flat().map((m) => `./${DELIVERY}/${m}`), ...DELIVERY_WIRING],
    message: 'A module imports only the kernel and the modules below it (the kernel imports no module).',
  })),
  ...DELIVERY_LAYERS.slice(1).flatMap((layer) =>
    layer.map((m) => ({
      target: `./${DELIVERY}/${m}/**/*`,
      from: layer.filter((o) => o !== m).map((o) => `./${DELIVERY}/${o}`),
      message: 'Modules of one layer do not import each other.',
    })),
  ),
].filter((z) => [z.from].flat().length > 0);

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
    // In delivery-service the ports are in kernel/ports.ts and their adapters in platform/; a module's
    // entry points (`*-routes.ts`: Connect handlers, `*-consumer.ts`: JetStream consumers) and its
    // reader of its own stream (`*-stream.ts`) are the only files of a module that touch a transport.
    files: ['apps/*/src/usecases/**/*.ts', 'apps/*/src/domain/**/*.ts', `${DELIVERY}/{kernel,sends,feed,broadcasts,scheduling,outbound,retention,stats}/**/*.ts`],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', `${DELIVERY}/*/**/*-routes.ts`, `${DELIVERY}/*/**/*-consumer.ts`, `${DELIVERY}/*/**/*-stream.ts`],
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
    // The shape of the code: no import cycles among product files (type-only imports aside, which
    // the module zones below cover), and delivery-service's modules import each other as the layers say.
    files: ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/testing/**', '**/test-support/**', 'libs/contracts/src/gen/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: deliveryZones }],
    },
  },
  // The gateway's shape: plugins never import routes; a route reaches another only through its schemas, views or examples.
  ...gatewayBoundaries,
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
