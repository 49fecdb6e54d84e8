/**
 * Import rules (docs/architecture.md, "Walls the build holds"), run by `npm run lint`.
 * Modules of the API import one way, in the order below (a module imports only modules before it),
 * and only through a module's index.ts; lib imports no module; apps import no other app; packages
 * import no app; nothing has a cycle.
 */
const ORDER = ['audit', 'idempotency', 'catalogue', 'media', 'payments', 'accounts', 'ledger', 'topups', 'wallet', 'referrals', 'auth', 'orders', 'deletion', 'support', 'backoffice', 'meta'];
const M = '^apps/api/src/modules/';

const oneWay = ORDER.map((mod, i) => ({
  name: `modules-one-way-${mod}`,
  comment: `${mod} imports only modules listed before it: ${ORDER.slice(0, i).join(', ') || 'none'}`,
  severity: 'error',
  from: { path: `${M}${mod}/` },
  to: { path: `${M}(${ORDER.slice(i + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no cycle of imports that run (type-only imports are erased)',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...oneWay,
    {
      name: 'module-not-listed',
      comment: 'every module folder has its place in the order of .dependency-cruiser.cjs',
      severity: 'error',
      from: { path: `${M}(?!(${ORDER.join('|')})/)` },
      to: {},
    },
    {
      name: 'modules-through-index',
      comment: "another module is reached only through its index.ts",
      severity: 'error',
      from: { path: `${M}([^/]+)/` },
      to: { path: `${M}[^/]+/`, pathNot: [`${M}$1/`, `${M}[^/]+/index\\.ts$`] },
    },
    {
      name: 'modules-not-whole-db',
      comment: "a module sees its own tables (its tables.ts), never the composed DB",
      severity: 'error',
      from: { path: `${M}` },
      to: { path: '^apps/api/src/schema\\.ts$' },
    },
    {
      name: 'db-and-ctx-no-module',
      comment: 'db/ and context.ts sit below every module: they know no table and no module (src/schema.ts composes DB)',
      severity: 'error',
      from: { path: '^apps/api/src/(db/|context\\.ts$)' },
      to: { path: `${M}|^apps/api/src/(schema|migrations)\\.ts$` },
    },
    {
      name: 'migrations-from-the-root',
      comment: "a module's migrations are reached only by the migrations' composition root (src/migrations.ts), through the module's migrations/index.ts",
      severity: 'error',
      from: { pathNot: [`${M}([^/]+)/migrations/`, '^apps/api/src/migrations\\.ts$'] },
      to: { path: `${M}[^/]+/migrations/` },
    },
    {
      name: 'migrations-root-through-index',
      severity: 'error',
      from: { path: '^apps/api/src/migrations\\.ts$' },
      to: { path: `${M}[^/]+/migrations/`, pathNot: `${M}[^/]+/migrations/index\\.ts$` },
    },
    {
      name: 'lib-no-module',
      severity: 'error',
      from: { path: '^apps/api/src/lib/' },
      to: { path: `${M}` },
    },
    {
      name: 'apps-not-each-other',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-no-app',
      comment: "a package's build scripts (packages/<name>/scripts, e.g. the client's API description dump) may load the API",
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/[^/]+/scripts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test|e2e)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
