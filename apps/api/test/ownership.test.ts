import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const src = join(import.meta.dirname, '..', 'src');

/** Every .ts file under src, as paths relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [relative(src, join(dir, e.name))] : [],
  );
}

// Kysely builders and raw SQL alike.
const writes = /(updateTable|insertInto|deleteFrom|replaceInto)\(\s*['"](wallets|wallet_transactions)['"]|\b(update|insert\s+into|delete\s+from)\s+"?(wallets|wallet_transactions)\b/i;

describe('one owner per table (docs/orders.md, placement)', () => {
  it('only the wallet module writes wallets and the ledger; migrations aside', () => {
    const offenders = files(src).filter((f) => {
      const parts = f.split(sep);
      if (parts.includes('migrations') || parts.includes('wallet')) return false;
      return writes.test(readFileSync(join(src, f), 'utf8'));
    });
    assert.deepEqual(offenders, [], 'these files write wallets or wallet_transactions themselves instead of asking the wallet module');
  });
});
