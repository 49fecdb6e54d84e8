/** One owner per table (docs/architecture.md, "Layout of the API"): only the owning module writes it. */
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

/** Table → the module (folder under src/modules, or lib file) that alone may write it. */
const OWNERS: Record<string, string> = {
  audit_log: 'audit',
  categories: 'catalogue',
  products: 'catalogue',
  product_images: 'catalogue',
  payment_gateways: 'payments',
  wallets: 'wallet',
  wallet_transactions: 'wallet',
  wallet_adjustments: 'wallet',
  ledger_checkpoints: 'backoffice',
  reconciled_days: 'backoffice',
  ledger_failures: 'backoffice',
  reconciliation_runs: 'backoffice',
  daily_spins: 'wallet',
  topups: 'wallet',
  webhook_logs: 'wallet',
  users: 'accounts',
  referral_clicks: 'referrals',
  referral_attributions: 'referrals',
  signup_referral_inputs: 'referrals',
  sessions: 'auth',
  refresh_tokens: 'auth',
  phone_otps: 'auth',
  email_otps: 'auth',
  orders: 'orders',
  order_items: 'orders',
  refunds: 'orders',
  deletion_requests: 'deletion',
  deletion_tokens: 'deletion',
  tickets: 'support',
  ticket_replies: 'support',
  daily_figures: 'backoffice',
  rate_limits: 'lib',
};

// Kysely builders and raw SQL alike.
const writes = /(?:updateTable|insertInto|deleteFrom|replaceInto)\(\s*['"]([a-z_]+)['"]|\b(?:update|insert\s+into|delete\s+from)\s+"?([a-z_]+)\b/gi;

/** The owner a file speaks for: its module folder, or `lib`; null for migrations and the composition files. */
function ownerOf(file: string): string | null {
  const parts = file.split(sep);
  if (parts.includes('migrations')) return null;
  if (parts[0] === 'modules') return parts[1]!;
  if (parts[0] === 'lib') return 'lib';
  return parts[0]!;
}

describe('one owner per table (docs/architecture.md)', () => {
  it('every write to a table comes from the module that owns it; migrations aside', () => {
    const offenders: string[] = [];
    for (const f of files(src)) {
      const owner = ownerOf(f);
      if (owner === null) continue;
      for (const m of readFileSync(join(src, f), 'utf8').matchAll(writes)) {
        const table = (m[1] ?? m[2])!.toLowerCase();
        if (!(table in OWNERS)) continue; // a word after "update" in prose or SQL keywords, not a table
        if (OWNERS[table] !== owner) offenders.push(`${f} writes ${table} (owner: ${OWNERS[table]})`);
      }
    }
    assert.deepEqual(offenders, [], 'these files write a table they do not own instead of asking its owner');
  });

  it('every table of the schema has an owner', () => {
    const declared = files(join(src, 'db')).filter((f) => !f.includes('migrations')).map((f) => readFileSync(join(src, f), 'utf8'));
    const names = declared.flatMap((text) => [...text.matchAll(/^\s+([a-z_]+): [A-Z]\w+Table;/gm)].map((m) => m[1]!));
    assert.ok(names.length > 20, `read ${names.length} tables from db/schema.ts`);
    assert.deepEqual(names.filter((n) => !(n in OWNERS)), []);
  });
});
