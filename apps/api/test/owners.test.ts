/**
 * One owner per table (docs/architecture.md): each module sees only the tables of its own
 * `tables.ts` (the compiler refuses a query on any other), and `DB` is composed from them in
 * db/schema.ts. This checks the composition itself: every table of the migrated database is
 * declared by exactly one owner, and every declared table exists.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DB, Owners } from '../src/schema.ts';
import { createTestDb, type TestDb } from './helpers.ts';

const src = join(import.meta.dirname, '..', 'src');

/** The owners of src/schema.ts, and the table names each one's tables.ts declares in its `<Name>Tables`. */
function declared(): Map<string, string[]> {
  const schema = readFileSync(join(src, 'schema.ts'), 'utf8');
  const owners = new Map<string, string[]>();
  for (const m of schema.matchAll(/^import type \{ (\w+) \} from '\.\/((?:modules\/)?(\w+))\/tables\.ts';$/gm)) {
    const [, iface, dir, owner] = m;
    const text = readFileSync(join(src, dir!, 'tables.ts'), 'utf8');
    const body = text.match(new RegExp(`export interface ${iface} \\{([^}]*)\\}`))?.[1] ?? '';
    owners.set(owner!, [...body.matchAll(/^\s+([a-z_]+): \w+;$/gm)].map((m) => m[1]!));
  }
  return owners;
}

// Compile-time: `Owners` covers `DB` and nothing else (an edit that adds a table outside an owner fails typecheck).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const composed: Same<keyof DB, { [O in keyof Owners]: keyof Owners[O] }[keyof Owners]> = true;

describe('every table has exactly one owner (src/schema.ts composes DB from modules/<domain>/tables.ts)', () => {
  let t: TestDb;
  before(async () => {
    t = await createTestDb();
  });
  after(() => t.drop());

  it('no table is declared by two owners, and every module folder with tables is an owner', () => {
    assert.equal(composed, true);
    const owners = declared();
    assert.ok(owners.size >= 12, `read ${owners.size} owners from src/schema.ts`);
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [owner, tables] of owners) {
      assert.ok(tables.length > 0, `${owner} declares no table`);
      for (const table of tables) {
        if (seen.has(table)) twice.push(`${table}: ${seen.get(table)} and ${owner}`);
        seen.set(table, owner);
      }
    }
    assert.deepEqual(twice, []);
    const withTables = readdirSync(join(src, 'modules')).filter((m) => {
      const file = join(src, 'modules', m, 'tables.ts');
      return existsSync(file) && /export interface \w+Tables \{/.test(readFileSync(file, 'utf8'));
    });
    assert.deepEqual(withTables.filter((m) => !owners.has(m)), [], 'a module declares tables that src/schema.ts does not compose');
  });

  it('the migrated database has exactly the declared tables', async () => {
    const declaredTables = [...declared().values()].flat().sort();
    const actual = (await t.database.db.introspection.getTables())
      .map((x) => x.name)
      // Kysely's own bookkeeping, and SQLite's full-text indexes (a virtual table and its shadows).
      .filter((n) => !n.startsWith('kysely_') && !/_search(_\w+)?$/.test(n))
      .sort();
    assert.deepEqual(actual, declaredTables);
  });

  it("each table's columns in the migrated database are the columns its tables.ts declares", async () => {
    const declaredColumns = columns();
    const differ: string[] = [];
    for (const table of await t.database.db.introspection.getTables()) {
      const want = declaredColumns.get(table.name);
      if (!want) continue;
      const have = table.columns.map((c) => c.name).sort();
      if (have.join() !== [...want].sort().join()) differ.push(`${table.name}: database ${have.join(', ')}; declared ${[...want].sort().join(', ')}`);
    }
    assert.ok(declaredColumns.size >= 30, `read the columns of ${declaredColumns.size} tables`);
    assert.deepEqual(differ, []);
  });
});

/** Each declared table's columns: the fields of the interface its owner's `<Name>Tables` names for it. */
function columns(): Map<string, string[]> {
  const schema = readFileSync(join(src, 'schema.ts'), 'utf8');
  const out = new Map<string, string[]>();
  for (const m of schema.matchAll(/^import type \{ (\w+) \} from '\.\/((?:modules\/)?\w+)\/tables\.ts';$/gm)) {
    const text = readFileSync(join(src, m[2]!, 'tables.ts'), 'utf8');
    const body = (name: string) => text.match(new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`))?.[1] ?? '';
    for (const [, table, iface] of body(m[1]!).matchAll(/^\s+([a-z_]+): (\w+);$/gm)) {
      out.set(table!, [...body(iface!).matchAll(/^  ([a-z_0-9]+)\??: /gm)].map((f) => f[1]!));
    }
  }
  return out;
}
