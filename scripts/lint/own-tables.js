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
 * - a read (`selectFrom` and the joins) of another module's table the module reads through no view;
 * - a table or identifier given to `sql.raw`/`sql.table`/`sql.id`/`sql.ref` that cannot be read as
 *   text (`sql.ref('t.col')` names a table too). Text is read from literals, templates, `+`, `? :`
 *   and `const`s whose value is such text, in the same file or imported (through `export { … } from`)
 *   from a file declaring `export const NAME = '…'`; a parameter, a call or anything else is refused;
 * - an update that sets nothing (`.set({})`): the types of a view make every column unwritable but
 *   let an empty set through, which would still lock and touch another module's row.
 * Owners and views are read from `apps/api/src/modules/<domain>/tables.ts` and `apps/api/src/lib/tables.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

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
const BUILDER_READS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin']);
const SQL_HELPERS = new Set(['raw', 'table', 'id', 'ref']);

const STRING = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`[^\`$\\]*\``;

/** The value of `export const name = '…'` in `file`, following `export { name } from '…'`; else null. */
function exportedText(file, name, depth = 0) {
  if (depth > 4 || !existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const decl = text.match(new RegExp(`^export const ${name}(?:: string)? = (${STRING});`, 'm'));
  if (decl) return [decl[1].slice(1, -1)];
  for (const m of text.matchAll(/^export (?:type )?\{([^}]*)\} from '([^']+)';$/gm)) {
    for (const part of m[1].split(',')) {
      const [from, as = from] = part.trim().split(/\s+as\s+/);
      if (as === name) return exportedText(join(dirname(file), m[2]), from, depth + 1);
    }
  }
  return null;
}

/** Every text an expression can stand for, read without running the code, or null when it cannot be read. */
function makeStaticText(context) {
  const at = (node, depth) => {
    if (depth > 8) return null;
    if (node.type === 'Literal' && typeof node.value === 'string') return [node.value];
    if (node.type === 'TemplateLiteral') {
      let texts = [node.quasis[0].value.cooked];
      for (let i = 0; i < node.expressions.length; i++) {
        const hole = at(node.expressions[i], depth + 1);
        if (hole === null) return null;
        const tail = node.quasis[i + 1].value.cooked;
        texts = texts.flatMap((t) => hole.map((h) => t + h + tail));
      }
      return texts;
    }
    if (node.type === 'BinaryExpression' && node.operator === '+') {
      const a = at(node.left, depth + 1);
      const b = at(node.right, depth + 1);
      return a && b ? a.flatMap((x) => b.map((y) => x + y)) : null;
    }
    if (node.type === 'ConditionalExpression') {
      const a = at(node.consequent, depth + 1);
      const b = at(node.alternate, depth + 1);
      return a && b ? [...a, ...b] : null;
    }
    if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') return at(node.expression, depth + 1);
    // A constant: its value, read from this file or from the file it is imported from.
    if (node.type === 'Identifier') {
      for (let scope = context.sourceCode.getScope(node); scope; scope = scope.upper) {
        const def = scope.set.get(node.name)?.defs[0];
        if (!def) continue;
        if (def.type === 'Variable' && def.parent.kind === 'const' && def.node.id.type === 'Identifier' && def.node.init) {
          return at(def.node.init, depth + 1);
        }
        if (def.type === 'ImportBinding' && def.node.type === 'ImportSpecifier' && def.parent.source.value.startsWith('.')) {
          const imported = def.node.imported.name ?? def.node.imported.value;
          return exportedText(join(dirname(context.filename), def.parent.source.value), imported);
        }
        return null;
      }
    }
    return null;
  };
  return (node) => at(node, 0);
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
    const staticText = makeStaticText(context);

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
        if ((BUILDER_WRITES.has(name) || BUILDER_READS.has(name)) && arg) {
          const texts = staticText(arg);
          if (texts === null) return; // typed: the compiler holds it to the handle's tables
          for (const t of texts) {
            const table = t.trim().split(/\s/)[0].toLowerCase();
            const o = owner.get(table);
            if (o === undefined || o === mod) continue;
            if (BUILDER_WRITES.has(name)) context.report({ node, message: `${name}('${t}') writes a table of the ${o} module: ask its owner (its index.ts)` });
            else if (!reads.get(mod)?.has(o)) context.report({ node, message: `${name}('${t}') reads a table of the ${o} module, which ${mod}/tables.ts does not read: call the ${o} module's exported function` });
          }
        }
      },
    };
  },
};
