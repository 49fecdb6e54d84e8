import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compose, migrations } from '../src/migrations.ts';

const src = join(import.meta.dirname, '..', 'src');
const nameOf = (file: string) => file.replace(/\.ts$/, '');

describe('the migrations composition (src/migrations.ts)', () => {
  it('holds every migration file, the baseline and each module folder, under its file name, in name order', () => {
    const baseline = readdirSync(join(src, 'db', 'migrations')).filter((f) => /^\d{4}-/.test(f)).map(nameOf);
    const owned = readdirSync(join(src, 'modules')).flatMap((m) => {
      try {
        return readdirSync(join(src, 'modules', m, 'migrations')).filter((f) => /^\d{4}-/.test(f)).map(nameOf);
      } catch {
        return [];
      }
    });
    const names = Object.keys(migrations);
    assert.deepEqual([...names].sort(), [...baseline, ...owned].sort());
    assert.deepEqual(names, [...names].sort());
    assert.equal(names[0], '2026-11-23-01-foundation');
  });

  it('keeps the names databases have recorded: the first 33, as every database made before holds them', () => {
    assert.deepEqual(Object.keys(migrations).slice(0, 33).join(' '), [
      '2026-11-23-01-foundation', '2026-11-23-02-otp', '2026-11-23-03-catalogue', '2026-11-23-04-wallet', '2026-11-23-05-orders',
      '2026-11-23-06-community', '2026-11-23-07-refund-keys', '2026-11-23-08-ledger-order', '2026-11-23-09-trust', '2026-11-23-10-scale',
      '2026-11-23-11-adjustments', '2026-11-23-12-audit', '2026-11-23-13-ledger-checkpoints', '2026-11-23-14-reconciled-days',
      '2026-11-26-15-wallet-extras', '2026-11-26-16-adjustment-reversals', '2026-11-26-17-payments-to-return', '2026-11-26-18-idempotency-keys',
      '2026-11-26-19-order-events', '2026-11-26-21-stock-alerts', '2026-11-26-22-staff-roles', '2026-11-26-23-staff-mfa',
      '2026-11-26-24-topup-return', '2026-11-26-25-ledger-time-keys', '2026-11-26-26-order-time-keys', '2026-11-26-27-topup-declined',
      '2026-11-27-28-buyers', '2026-11-27-29-run-totals', '2026-11-27-30-wallet-writes', '2026-11-27-31-audit-by-entity',
      '2026-11-27-32-ledger-lists-by-time', '2026-11-27-32-order-lists-by-time', '2026-11-27-33-stock-updates-in-place',
    ].join(' '));
  });

  it('a name in two lists stops the start', () => {
    const m = { up: async () => {} };
    assert.throws(() => compose([{ '2026-01-01-01-a': m }, { '2026-01-01-01-a': m }]), /listed twice/);
    assert.deepEqual(Object.keys(compose([{ b: m }, { a: m, c: m }])), ['a', 'b', 'c']);
  });
});
