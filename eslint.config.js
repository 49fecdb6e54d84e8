// The lint that holds the API's walls (docs/architecture.md, "Walls the build holds"). Import rules
// between modules and apps are dependency-cruiser's (.dependency-cruiser.cjs); this file checks SQL
// and the handles that reach tables.
import tsParser from '@typescript-eslint/parser';
import ownTables from './scripts/lint/own-tables.js';

const noHandleCast = {
  selector: 'TSAsExpression > TSTypeReference[typeName.name=/^(Kysely|Transaction|Executor|RootHandle)$/]',
  message: "A cast to a database handle type: narrow a handle only with the own()/read() of the module's tables.ts.",
};

// `any` switches the compiler off, and a handle cast to it reaches every table; a cast through
// `unknown` to a shape written on the spot does the same.
const noAny = {
  selector: 'TSAnyKeyword',
  message: '`any` is refused in the API: type it, or take `unknown` and narrow.',
};
const noShapeCast = {
  selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword'] > TSTypeLiteral.typeAnnotation",
  message: 'A cast through `unknown` to a shape written on the spot: name the type, or narrow the value.',
};

// A module's handles are built from named table sets only: its own `<Name>Tables` and the views it
// imports (`<Owner>View`), never a table type written on the spot.
const inlineTables = {
  selector: "CallExpression[callee.name='tablesOf'] TSTypeLiteral, CallExpression[callee.name='tablesOf'] TSTypeReference[typeName.name!=/(Tables|View)$|^Record$/]",
  message: 'tablesOf<…> takes only the module’s own <Name>Tables and the <Owner>View types it imports.',
};

// TypeBox's entry loads its whole type engine; the API builds schemas with src/lib/typebox.ts and
// takes only types from the package (docs/performance.md, "The API's memory").
const typeboxAtRunTime = {
  selector: "ImportDeclaration[source.value=/^typebox/][importKind!='type']",
  message: "Build schemas with src/lib/typebox.ts; import from 'typebox' only with `import type`.",
};

export default [
  {
    files: ['apps/api/src/**/*.ts'],
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { storefront: { rules: { 'own-tables': ownTables } } },
    rules: {
      'storefront/own-tables': 'error',
      'no-restricted-syntax': ['error', noHandleCast, noAny, noShapeCast, inlineTables, typeboxAtRunTime],
    },
  },
  {
    // Only a module's tables.ts narrows a handle to a set of tables.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/*/tables.ts', 'apps/api/src/lib/tables.ts', 'apps/api/src/lib/db-types.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/db-types.ts'], importNames: ['tablesOf'], message: "Only a module's tables.ts calls tablesOf." }] },
      ],
    },
  },
  {
    // lib/lock.ts names its table through sql.table(variable), typed to the caller's own tables;
    // lib/cte.ts writes a CTE name given to cte(), which the rule checks at the call.
    files: ['apps/api/src/lib/lock.ts', 'apps/api/src/lib/cte.ts', 'apps/api/src/db/**/*.ts'],
    rules: { 'storefront/own-tables': 'off' },
  },
  {
    // The one cast from the opened database to Ctx.db, and the narrowing itself.
    files: ['apps/api/src/context.ts', 'apps/api/src/lib/db-types.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
];
