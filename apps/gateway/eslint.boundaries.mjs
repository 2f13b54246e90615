// The gateway's shape, for eslint.config.mjs (flat config):
//  - plugins (what routes share) never import routes;
//  - a route imports plugins, routes/shared and, of another route, only its schemas, views and examples.
const specs = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'];

export default [
  {
    files: ['apps/gateway/src/plugins/**/*.ts'],
    ignores: specs,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/routes', '**/routes/**'], message: 'Plugins are shared by routes and never import them.' }] }],
    },
  },
  {
    files: ['apps/gateway/src/routes/*/**/*.ts'],
    ignores: specs,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/**', '!../../**', '!../shared/**', '!../*/schemas', '!../*/views', '!../*/examples'],
              message: "A route imports plugins, routes/shared and another route's schemas, views or examples, nothing else of it.",
            },
          ],
        },
      ],
    },
  },
];
