import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { CreditInput, Gateway, StorefrontApi } from './api-client.ts';

/**
 * Turning a gateway-confirmed payment into exactly one wallet credit.
 *
 * Every path (gateway A response, gateway B return, gateway B webhook, and the API's own status
 * poll) ends in `topup-credit`, whose once-only rule (per token and per gateway transaction id)
 * makes repeats harmless. So the only way to go wrong here is to *drop* a credit. The credit is
 * therefore written to the outbox (a file that survives a restart, when configured) *before* the
 * API is called, and removed only once the API has taken it or refused it for good: a crash at
 * any moment after the gateway's success leaves the debt on disk, and the next start pays it.
 */

export type Outcome =
  | { kind: 'credited'; amount: number; currency: string }
  /** Paid, but the API has not confirmed yet; the outbox keeps trying. */
  | { kind: 'pending'; amount: number; currency: string }
  /** Paid amount or currency differs from the top-up, or the API refused for good. Nothing credited. */
  | { kind: 'mismatch' }
  /** The gateway transaction already paid another top-up (409 gateway_txn_reused): nothing credited here. */
  | { kind: 'reused' }
  | { kind: 'unknown_token' };

export interface Payment {
  token: string;
  gateway: Gateway;
  gatewayTxnId: string;
  /** What the gateway says was paid, in minor units. */
  paidAmount: number;
  paidCurrency: string;
}

interface OutboxEntry {
  credit: CreditInput;
  attempts: number;
  nextAt: number;
}

/** Background retry schedule (ms) after the in-request retries failed; the last step repeats. */
const BACKOFF_MS = [5_000, 15_000, 60_000, 300_000, 900_000, 3_600_000];
/** About three days of hourly tries: beyond that a person must look (the entry is logged). */
const MAX_ATTEMPTS = 80;

export class Settlement {
  readonly #outbox = new Map<string, OutboxEntry>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;

  private readonly api: StorefrontApi;
  private readonly log: FastifyBaseLogger;
  private readonly nowMs: () => number;
  private readonly outboxFile: string | null;

  constructor(api: StorefrontApi, log: FastifyBaseLogger, nowMs: () => number, outboxFile: string | null) {
    this.api = api;
    this.log = log;
    this.nowMs = nowMs;
    this.outboxFile = outboxFile;
    this.#load();
  }

  /** Verifies the paid amount against the top-up and credits it once. Never throws for API trouble. */
  async settle(p: Payment): Promise<Outcome> {
    const lookup = await this.api.lookup(p.token);
    if (lookup.kind === 'not_found') {
      this.log.warn({ gateway: p.gateway, gateway_txn_id: p.gatewayTxnId }, 'paid for an unknown top-up token; not credited');
      return { kind: 'unknown_token' };
    }
    if (lookup.kind === 'found') {
      const t = lookup.topup;
      if (t.amount !== p.paidAmount || t.currency !== p.paidCurrency) {
        this.log.error(
          { gateway: p.gateway, gateway_txn_id: p.gatewayTxnId, expected: t.amount, paid: p.paidAmount, currency: p.paidCurrency },
          'paid amount differs from the top-up; not credited',
        );
        return { kind: 'mismatch' };
      }
    }
    // When the lookup itself failed the API is down; the credit call carries the paid amount and
    // the API refuses it (amount_mismatch) if it is not the initiated one, so queueing is safe.
    const credit: CreditInput = { token: p.token, amount: p.paidAmount, currency: p.paidCurrency, gateway: p.gateway, gateway_txn_id: p.gatewayTxnId };
    // Write-ahead: owed from here on, on disk before the API hears of it.
    this.#enqueue(credit);
    const done = lookup.kind === 'found' ? await this.#attempt(credit) : 'retry';
    if (done !== 'retry') this.#settled(credit);
    if (done === 'ok') return { kind: 'credited', amount: p.paidAmount, currency: p.paidCurrency };
    if (done === 'refused') return { kind: 'mismatch' };
    if (done === 'reused') return { kind: 'reused' };
    return { kind: 'pending', amount: p.paidAmount, currency: p.paidCurrency };
  }

  /** The API took (or finally refused) this credit: it is no longer owed. */
  #settled(credit: CreditInput): void {
    if (this.#outbox.delete(this.#key(credit))) {
      this.#save();
      this.#schedule();
    }
  }

  /**
   * 'ok' = credited now or before; 'refused' = the API said no for good; 'reused' = this gateway
   * transaction paid another top-up, so this one was not credited; 'retry' = still owed.
   */
  async #attempt(credit: CreditInput): Promise<'ok' | 'refused' | 'reused' | 'retry'> {
    const r = await this.api.credit(credit);
    const ids = { gateway: credit.gateway, gateway_txn_id: credit.gateway_txn_id };
    switch (r.kind) {
      case 'credited':
        this.log.info(ids, 'top-up credited');
        return 'ok';
      case 'duplicate':
        this.log.info(ids, 'top-up was already credited');
        return 'ok';
      case 'unavailable':
        return 'retry';
      case 'rejected':
        // The gateway has taken the money: only the API's own, final verdict on this payment
        // (an amount or currency that does not match the top-up) ends the debt. Anything else —
        // a bad signature or missing secret (our misconfiguration), a 404 or 400 from a
        // misrouted proxy, a body that is not the API's — keeps the credit owed.
        if (r.status === 409 && r.error === 'amount_mismatch') {
          this.log.error({ ...ids, status: r.status, error: r.error }, 'storefront api refused the credit');
          return 'refused';
        }
        if (r.status === 409 && r.error === 'gateway_txn_reused') {
          this.log.error({ ...ids, status: r.status, error: r.error }, 'gateway transaction already paid another top-up; not credited');
          return 'reused';
        }
        this.log.error({ ...ids, status: r.status, error: r.error }, 'storefront api did not take the credit; will retry');
        return 'retry';
    }
  }

  #key = (c: CreditInput): string => `${c.gateway}:${c.gateway_txn_id}`;

  #enqueue(credit: CreditInput): void {
    const key = this.#key(credit);
    if (!this.#outbox.has(key)) {
      // The first background try waits a backoff step, so it does not race the in-request one.
      this.#outbox.set(key, { credit, attempts: 0, nextAt: this.nowMs() + BACKOFF_MS[0]! });
      this.log.info({ gateway: credit.gateway, gateway_txn_id: credit.gateway_txn_id }, 'credit recorded as owed');
      this.#save();
    }
    this.#schedule();
  }

  get pendingCount(): number {
    return this.#outbox.size;
  }

  /** Tries every queued credit now (or only the due ones); used by the timer and by tests. */
  flush(onlyDue = false): Promise<void> {
    this.#flushing ??= this.#flush(onlyDue).finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async #flush(onlyDue: boolean): Promise<void> {
    for (const [key, e] of [...this.#outbox]) {
      if (onlyDue && e.nextAt > this.nowMs()) continue;
      const r = await this.#attempt(e.credit);
      e.attempts += 1;
      if (r === 'retry' && e.attempts < MAX_ATTEMPTS) {
        e.nextAt = this.nowMs() + BACKOFF_MS[Math.min(e.attempts, BACKOFF_MS.length - 1)]!;
      } else {
        if (r === 'retry') this.log.error({ gateway: e.credit.gateway, gateway_txn_id: e.credit.gateway_txn_id }, 'gave up retrying a credit; needs a person');
        this.#outbox.delete(key);
      }
    }
    this.#save();
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#outbox.size === 0) return;
    const next = Math.min(...[...this.#outbox.values()].map((e) => e.nextAt));
    this.#timer = setTimeout(() => void this.flush(true), Math.max(0, next - this.nowMs()));
    this.#timer.unref();
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #load(): void {
    if (!this.outboxFile || !existsSync(this.outboxFile)) return;
    try {
      const entries = JSON.parse(readFileSync(this.outboxFile, 'utf8')) as OutboxEntry[];
      for (const e of entries) this.#outbox.set(this.#key(e.credit), { ...e, nextAt: this.nowMs() });
      if (this.#outbox.size > 0) this.log.warn({ count: this.#outbox.size }, 'resuming queued credits');
      this.#schedule();
    } catch (err) {
      // Refuse to start over a file we cannot read: silently dropping owed credits is worse.
      throw new Error(`cannot read the credit outbox ${this.outboxFile}: ${(err as Error).message}`);
    }
  }

  #save(): void {
    if (!this.outboxFile) return;
    mkdirSync(dirname(this.outboxFile), { recursive: true });
    const tmp = `${this.outboxFile}.tmp`;
    // Synced to disk before it replaces the old file (and the rename synced too): a write-ahead
    // record that a power cut could lose would not be one.
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify([...this.#outbox.values()]));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.outboxFile);
    const dir = openSync(dirname(this.outboxFile), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
}
