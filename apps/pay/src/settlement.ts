import type { FastifyBaseLogger } from 'fastify';
import type { CreditInput, Gateway, StorefrontApi } from './api-client.ts';
import type { Clock } from '@storefront/runtime';
import { outboxKey, type Lease, type Outbox } from './outbox.ts';

/**
 * Turning a gateway-confirmed payment into exactly one wallet credit.
 *
 * Every path (gateway A response, gateway B return, gateway B webhook, and the API's own status
 * poll) ends in `topup-credit`, whose once-only rule (per token and per gateway transaction id)
 * makes repeats harmless. So the only way to go wrong here is to *drop* a credit. The credit is
 * therefore written to the outbox (a table every instance shares, src/outbox.ts) *before* the
 * API is called, and removed only once the API has taken it: a crash at any moment after the
 * gateway's success leaves the debt in the table, and any instance pays it.
 */

export type Outcome =
  | { kind: 'credited'; amount: number; currency: string }
  /** Paid, but the API has not confirmed yet; the outbox keeps trying. */
  | { kind: 'pending'; amount: number; currency: string }
  /** Paid amount or currency differs from the top-up, or the API refused for good. Nothing credited. */
  | { kind: 'mismatch' }
  /** The gateway transaction already paid another top-up (409 gateway_txn_reused): nothing credited here. */
  | { kind: 'reused' }
  /** Another payment completed this top-up first (409 topup_already_completed): this one was not added and is to be returned. */
  | { kind: 'second_payment'; amount: number; currency: string }
  | { kind: 'unknown_token' };

export interface Payment {
  token: string;
  gateway: Gateway;
  gatewayTxnId: string;
  /** What the gateway says was paid, in minor units. */
  paidAmount: number;
  paidCurrency: string;
}

/** Background retry schedule (ms) after the in-request retries failed; the last step repeats. */
const BACKOFF_MS = [5_000, 15_000, 60_000, 300_000, 900_000, 3_600_000];
/** About three days of hourly tries: beyond that a person must look (the row is kept and logged). */
const MAX_ATTEMPTS = 80;
/** How often an idle instance looks for credits other instances wrote (one of them may have died). */
const POLL_MS = 10_000;

type Attempt = 'ok' | 'retry' | Final;
/** The API's final refusals of a payment, each the `failed` reason its outbox row keeps. */
type Final = 'amount_mismatch' | 'gateway_txn_reused' | 'topup_already_completed';
const FINAL: readonly string[] = ['amount_mismatch', 'gateway_txn_reused', 'topup_already_completed'] satisfies Final[];

export interface SettlementOptions {
  api: StorefrontApi;
  log: FastifyBaseLogger;
  clock: Clock;
  outbox: Outbox;
  /** How long a lease on an owed credit lasts without renewal; renewed every third of it while the call lasts. */
  leaseMs: number;
}

export class Settlement {
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  /** Whether the flush under way tries every credit, not only the due ones. */
  #flushingAll = false;
  #closed = false;

  private readonly api: StorefrontApi;
  private readonly log: FastifyBaseLogger;
  private readonly clock: Clock;
  private readonly leaseMs: number;
  readonly outbox: Outbox;

  constructor(o: SettlementOptions) {
    this.api = o.api;
    this.log = o.log;
    this.clock = o.clock;
    this.outbox = o.outbox;
    this.leaseMs = o.leaseMs;
  }

  #now = (): number => this.clock.now().getTime();

  /** Migrates the outbox, takes over an old outbox file once, and starts the background retries. */
  async start(legacyFile: string | null): Promise<void> {
    await this.outbox.migrate();
    if (legacyFile) {
      const n = await this.outbox.importFile(legacyFile, this.#now());
      if (n > 0) this.log.warn({ count: n }, 'imported queued credits from the old outbox file');
    }
    const owed = await this.outbox.depth();
    if (owed > 0) this.log.warn({ count: owed }, 'resuming queued credits');
    this.#schedule();
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
    // Write-ahead: owed from here on, in the table before the API hears of it.
    const ids = { gateway: credit.gateway, gateway_txn_id: credit.gateway_txn_id };
    const now = this.#now();
    let lease: Lease | null = null;
    try {
      lease = await this.outbox.add(credit, now, this.leaseMs, now + BACKOFF_MS[0]!);
      this.log.info(ids, 'credit recorded as owed');
    } catch (err) {
      // The gateway has the money whatever happens here: trying the API beats giving up.
      this.log.error({ ...ids, reason: (err as Error).message }, 'credit could not be recorded as owed; calling the API anyway');
    }
    // The payer in front of us gets an attempt even when another holder is retrying this credit:
    // the API's once-only rule makes the repeat harmless. Leases keep the background retries single.
    const done: Attempt = lookup.kind === 'found' ? await this.#withLease(lease, () => this.#attempt(credit)) : 'retry';
    try {
      if (lease) await this.#finish(lease, done, lease.attempts, false);
      else if (done === 'ok') await this.outbox.remove(outboxKey(credit));
    } catch (err) {
      // The row keeps its lease until it runs out; then a retry finds the credit taken (duplicate).
      this.log.error({ ...ids, reason: (err as Error).message }, 'outbox not updated after the attempt');
    }
    this.#schedule();
    if (done === 'ok') return { kind: 'credited', amount: p.paidAmount, currency: p.paidCurrency };
    if (done === 'amount_mismatch') return { kind: 'mismatch' };
    if (done === 'gateway_txn_reused') return { kind: 'reused' };
    if (done === 'topup_already_completed') return { kind: 'second_payment', amount: p.paidAmount, currency: p.paidCurrency };
    return { kind: 'pending', amount: p.paidAmount, currency: p.paidCurrency };
  }

  /**
   * Records the end of one attempt: credited → the row goes; a final refusal → kept as failed for a
   * person; otherwise still owed, due after the next backoff step (`counted` for background tries).
   */
  async #finish(lease: Lease, r: Attempt, attempts: number, counted: boolean): Promise<void> {
    const ids = { gateway: lease.credit.gateway, gateway_txn_id: lease.credit.gateway_txn_id };
    if (r === 'ok') return this.outbox.remove(lease.key);
    if (r !== 'retry') return this.outbox.fail(lease, r);
    const n = counted ? attempts + 1 : attempts;
    if (n >= MAX_ATTEMPTS) {
      this.log.error(ids, 'gave up retrying a credit; needs a person');
      return this.outbox.fail(lease, 'gave_up');
    }
    await this.outbox.release(lease, n, this.#now() + BACKOFF_MS[Math.min(n, BACKOFF_MS.length - 1)]!);
  }

  /** Runs `call` while renewing the lease, so a slow API call is not taken over by another instance. */
  async #withLease<T>(lease: Lease | null, call: () => Promise<T>): Promise<T> {
    if (!lease) return call();
    const renew = setInterval(() => {
      this.outbox.renew(lease, this.#now() + this.leaseMs).catch((err: Error) => this.log.error({ reason: err.message }, 'outbox lease not renewed'));
    }, Math.max(100, Math.floor(this.leaseMs / 3)));
    try {
      return await call();
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * 'ok' = credited now or before; a `Final` reason = the API said no for good (the amount differs,
   * this gateway transaction paid another top-up, or another payment completed this top-up:
   * nothing credited); 'retry' = still owed.
   */
  async #attempt(credit: CreditInput): Promise<Attempt> {
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
        // The gateway has taken the money: only the API's own, final verdict on this payment ends
        // the debt (the row is kept as failed, for a person). Anything else — a bad signature or
        // missing secret (our misconfiguration), a 404 or 400 from a misrouted proxy, a body that
        // is not the API's — keeps the credit owed.
        if (r.status === 409 && FINAL.includes(r.error)) {
          this.log.error({ ...ids, status: r.status, error: r.error }, 'storefront api refused the credit for good; not credited');
          return r.error as Final;
        }
        this.log.error({ ...ids, status: r.status, error: r.error }, 'storefront api did not take the credit; will retry');
        return 'retry';
    }
  }

  /** Credits still owed, across every instance sharing the outbox. */
  pendingCount(): Promise<number> {
    return this.outbox.depth();
  }

  /** Tries every owed credit nobody holds now (or only the due ones); used by the timer and by tests. */
  flush(onlyDue = false): Promise<void> {
    if (this.#flushing && (onlyDue || this.#flushingAll)) return this.#flushing;
    // A full flush asked for during the timer's (due-only) one runs after it.
    const run = (this.#flushing ?? Promise.resolve()).then(() => this.#flush(onlyDue));
    this.#flushing = run;
    this.#flushingAll = !onlyDue;
    void run.finally(() => {
      if (this.#flushing !== run) return;
      this.#flushing = null;
      this.#schedule();
    });
    return run;
  }

  async #flush(onlyDue: boolean): Promise<void> {
    try {
      // One credit leased at a time: instances retrying together share the work instead of racing.
      // Due ones until none is left (a retried one is due again only after its backoff), or every
      // owed one once.
      const keys = onlyDue ? null : await this.outbox.owedKeys();
      for (let i = 0; !this.#closed && (keys === null || i < keys.length); i++) {
        const now = this.#now();
        const lease = keys === null ? await this.outbox.takeDue(now, this.leaseMs) : await this.outbox.take(keys[i]!, now, this.leaseMs);
        if (!lease) {
          if (keys === null) return;
          continue;
        }
        const r = await this.#withLease(lease, () => this.#attempt(lease.credit));
        await this.#finish(lease, r, lease.attempts, true);
      }
    } catch (err) {
      if (!this.#closed) this.log.error({ reason: (err as Error).message }, 'outbox retry failed; will try again');
    }
  }

  /** Wakes at the next due credit, and at least every POLL_MS to see credits other instances wrote. */
  #schedule(): void {
    if (this.#closed || this.#flushing) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    void this.outbox
      .nextDue()
      .then((next) => {
        if (this.#closed) return;
        const wait = next === null ? POLL_MS : Math.min(POLL_MS, next - this.#now());
        if (this.#timer) clearTimeout(this.#timer);
        this.#timer = setTimeout(() => void this.flush(true), Math.max(0, wait));
        this.#timer.unref();
      })
      .catch((err: Error) => this.log.error({ reason: err.message }, 'outbox not readable; will try again'));
  }

  /** A background retry still under way is not waited for: its lease runs out and another instance (or the next start) takes the row. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.outbox.close();
  }
}
