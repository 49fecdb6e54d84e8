/**
 * ESLint rule `storefront/own-tables`: in the API's modules, SQL names only the module's own tables
 * (docs/architecture.md, "One owner per table"). The compiler already refuses a typed query on
 * another module's table; this covers what types cannot see:
 * - raw SQL (`sql` templates, `sql.raw`/`sql.table`/`sql.id`/`sql.ref`/`sql.lit` arguments) naming a
 *   table of another module, except a table the module reads through a view its tables.ts imports
 *   (`<Owner>View`), and then never in a write position (`update`, `insert into`, `delete from`…);
 * - a write (`updateTable`, `insertInto`, `deleteFrom`, `replaceInto`, `mergeInto`) on another
 *   module's table, even one it may read;
 * - a CTE named like a table (`cte('wallets')`, lib/cte.ts), or from a variable;
 * - a table or identifier given to `sql.raw`/`sql.table`/`sql.id`/`sql.ref` from a variable or an
 *   expression (only literals can be checked; `sql.ref('t.col')` names a table too);
 * - an update that sets nothing (`.set({})`): the types of a view make every column unwritable but
 *   let an empty set through, which would still lock and touch another module's row.
 * Owners and views are read from `apps/api/src/modules/<domain>/tables.ts` and `apps/api/src/lib/tables.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const api = join(root, 'apps', 'api', 'src');

function tablesIn(file) {
  if (!existsSync(file)) return { tables: [], views: [] };
  const text = readFileSync(file, 'utf8');
  const body = text.match(/export interface \w+Tables \{([^}]*)\}/)?.[1] ?? '';
  return {
    tables: [...body.matchAll(/^\s+([a-z_]+): \w+;$/gm)].map((m) => m[1]),
    views: [...text.matchAll(/^import type \{ \w+View \} from '\.\.\/(\w+)\/index\.ts';$/gm)].map((m) => m[1]),
  };
}

let cache;
/** table → owner, and owner → the owners whose views it reads. */
function ownership() {
  if (cache) return cache;
  const owner = new Map();
  const reads = new Map();
  const dirs = readdirSync(join(api, 'modules')).map((m) => [m, join(api, 'modules', m, 'tables.ts')]);
  for (const [m, file] of [...dirs, ['lib', join(api, 'lib', 'tables.ts')]]) {
    const { tables, views } = tablesIn(file);
    for (const t of tables) owner.set(t, m);
    reads.set(m, new Set(views));
  }
  return (cache = { owner, reads });
}

/** The module a file speaks for (`lib` for lib files), or null outside the API's modules and lib. */
function moduleOf(filename) {
  const rel = relative(api, filename).split(sep);
  if (rel[0] === 'modules' && rel.length > 2) return rel[1];
  if (rel[0] === 'lib') return 'lib';
  return null;
}

const WRITE = /\b(?:update|insert\s+into|delete\s+from|into|truncate(?:\s+table)?|alter\s+table|drop\s+table)\s+"?$/i;
const BUILDER_WRITES = new Set(['updateTable', 'insertInto', 'deleteFrom', 'replaceInto', 'mergeInto']);
const SQL_HELPERS = new Set(['raw', 'table', 'id', 'ref']);

/** A string known without running the code: a literal, a template without holes, or a choice between such. */
function staticText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return [node.value];
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return [node.quasis[0].value.cooked];
  // A SCREAMING_CASE constant (e.g. db/kysely.ts PLAN_PER_CALL, a comment) is fixed text by the house's naming.
  if (node.type === 'Identifier' && /^[A-Z][A-Z0-9_]*$/.test(node.name)) return [];
  if (node.type === 'ConditionalExpression') {
    const a = staticText(node.consequent);
    const b = staticText(node.alternate);
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

/** `{}`, or a function answering `{}`. */
function isEmptyObject(node) {
  if (node.type === 'ObjectExpression') return node.properties.length === 0;
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') {
    const body = node.body;
    if (body.type === 'ObjectExpression') return body.properties.length === 0;
    if (body.type === 'BlockStatement' && body.body.length === 1 && body.body[0].type === 'ReturnStatement' && body.body[0].argument) {
      return isEmptyObject(body.body[0].argument);
    }
  }
  return false;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "SQL in a module names only the module's own tables (and, read-only, the views it imports)" },
    schema: [],
  },
  create(context) {
    const mod = moduleOf(context.filename);
    if (mod === null) return {};
    const { owner, reads } = ownership();

    /** Reports every table of another module named in `text` that this module may not name there. */
    function checkText(node, text, prefix = '') {
      for (const m of text.matchAll(/[a-z_]+/gi)) {
        const table = m[0].toLowerCase();
        const o = owner.get(table);
        if (o === undefined || o === mod) continue;
        const before = (prefix + text.slice(0, m.index)).slice(-40);
        if (WRITE.test(before)) {
          context.report({ node, message: `SQL writes \`${table}\`, a table of the ${o} module: ask its owner (its index.ts)` });
        } else if (!reads.get(mod)?.has(o)) {
          context.report({ node, message: `SQL names \`${table}\`, a table of the ${o} module, which ${mod}/tables.ts does not read: call the ${o} module's exported function` });
        }
      }
    }

    return {
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        let sofar = '';
        for (const q of node.quasi.quasis) {
          checkText(node, q.value.cooked ?? q.value.raw, sofar);
          sofar += (q.value.cooked ?? '') + ' ? ';
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        // cte('name') (lib/cte.ts) writes its name into SQL: a literal, and no table's name.
        if (callee.type === 'Identifier' && callee.name === 'cte') {
          const texts = node.arguments[0] ? staticText(node.arguments[0]) : null;
          if (texts === null) context.report({ node, message: 'cte() takes only a literal name' });
          for (const t of texts ?? []) {
            if (owner.has(t.toLowerCase())) context.report({ node, message: `cte('${t}') is the name of a table of the ${owner.get(t.toLowerCase())} module` });
          }
          return;
        }
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const name = callee.property.name;
        const arg = node.arguments[0];
        if (callee.object.type === 'Identifier' && callee.object.name === 'sql' && SQL_HELPERS.has(name)) {
          if (!arg) return;
          const texts = staticText(arg);
          if (texts === null) {
            context.report({ node, message: `sql.${name}() takes only a literal here, so the tables it names can be checked` });
            return;
          }
          for (const t of texts ?? []) checkText(node, t);
          if (name === 'table') {
            for (const t of texts ?? []) {
              const o = owner.get(t.split(/\s/)[0].split('.').pop().toLowerCase());
              if (o !== undefined && o !== mod) context.report({ node, message: `sql.table() names \`${t}\`, a table of the ${o} module` });
            }
          }
          return;
        }
        // `.set({})` (or `.set(() => ({}))`): an UPDATE with nothing to write, which a view's types allow.
        if (name === 'set' && node.arguments.length === 1 && isEmptyObject(arg)) {
          context.report({ node, message: 'an update that sets nothing (`.set({})`) is refused: a view cannot be written, and a row lock goes through lib/lock.ts' });
          return;
        }
        if (BUILDER_WRITES.has(name) && arg) {
          const texts = staticText(arg);
          if (texts === null) return; // typed: the compiler holds it to the handle's tables
          for (const t of texts) {
            const table = t.trim().split(/\s/)[0].toLowerCase();
            const o = owner.get(table);
            if (o !== undefined && o !== mod) context.report({ node, message: `${name}('${t}') writes a table of the ${o} module: ask its owner (its index.ts)` });
          }
        }
      },
    };
  },
};
