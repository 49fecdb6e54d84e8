/**
 * The yardsticks: for each loaded route, the same necessary work done by the fastest plain means,
 * on the same database, so `API ÷ yardstick` says what our layers cost. Started by run.ts in its
 * own process (one core's worth, like the API) and driven by the same load client as the API.
 *
 * - GET  /bare/products: the API's exact product-list bytes from memory (the API caches them too),
 *   with the headers a client caches by, as the API sends them: `ETag` and `Cache-Control`.
 * - GET  /bare/wallet:   HS256 check with node:crypto, then ONE prepared read that checks the
 *   session is live (the contract requires it on every request) and reads the wallet.
 * - POST /bare/orders:   the same token and session check, then one transaction with the same
 *   writes as a placement: take the stock, debit the wallet, append the ledger row, insert the
 *   order and its lines (prepared statements; on PostgreSQL a plain BEGIN … COMMIT on a pooled
 *   client, product rows taken in id order).
 *
 * What is left out, because it is not necessary work: schema validation beyond what the SQL needs,
 * idempotency keys, request ids, logging. What is kept: every check that stops a wrong answer
 * (signature, expiry, live session, no overdraft, no negative stock, unknown product → refusal).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { newId } from '../apps/api/src/lib/ids.ts';

const products = readFileSync(process.env.PRODUCTS_BODY!);
const productsEtag = process.env.PRODUCTS_ETAG ?? '';
const secret = Buffer.from(process.env.JWT_SECRET!, 'utf8');
const dbUrl = process.env.DATABASE_URL!;
const currency = process.env.CURRENCY ?? 'INR';

/** The claims of a valid, unexpired HS256 token, or null. */
function verify(token: string | string[] | undefined): { sub: string; sid: string } | null {
  if (typeof token !== 'string') return null;
  const dot1 = token.indexOf('.');
  const dot2 = token.indexOf('.', dot1 + 1);
  if (dot1 < 0 || dot2 < 0) return null;
  const given = Buffer.from(token.slice(dot2 + 1), 'base64url');
  const expected = createHmac('sha256', secret).update(token.slice(0, dot2)).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const header = JSON.parse(Buffer.from(token.slice(0, dot1), 'base64url').toString());
    const claims = JSON.parse(Buffer.from(token.slice(dot1 + 1, dot2), 'base64url').toString());
    if (header.alg !== 'HS256' || typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) return null;
    return typeof claims.sub === 'string' && typeof claims.sid === 'string' ? claims : null;
  } catch {
    return null;
  }
}

interface Line {
  product_id: string;
  quantity: number;
}
interface Item {
  product_id: string;
  name: string;
  unit_price: number;
  quantity: number;
  line_total: number;
}
class Refused extends Error {}

/** One database, two questions: the wallet read and the order transaction. */
interface Store {
  wallet(sid: string, sub: string): Promise<{ shopping_credits: number; reward_points: number; e_vouchers: number } | null>;
  /** The session check, then the placement; null when the session is not live. */
  place(sid: string, sub: string, lines: Line[]): Promise<{ id: string; items: Item[]; total: number; now: string } | null>;
  close(): Promise<void>;
}

// `cast($1 as text)`, as the API writes it: SQLite (better-sqlite3's STAT4 build) re-plans a join
// with a bare bound parameter in its WHERE at every execution, 4-5× the cost of the read itself.
const SESSION_WALLET = `select s.user_id, s.revoked_at, u.deleted_at, w.shopping_credits, w.reward_points, w.e_vouchers
  from sessions s join users u on u.id = s.user_id left join wallets w on w.user_id = s.user_id where s.id = cast($1 as text)`;
const SESSION = `select s.user_id, s.revoked_at, u.deleted_at from sessions s join users u on u.id = s.user_id where s.id = cast($1 as text)`;
const TAKE = `update products set stock = stock - $1, updated_at = $2
  where id = $3 and is_active = 1 and deleted_at is null and stock >= $1 returning name, price`;
const DEBIT = `update wallets set shopping_credits = shopping_credits - $1, last_entry_id = $2, updated_at = $3
  where user_id = $4 and shopping_credits >= $1 and (last_entry_id is null or last_entry_id < $2) returning shopping_credits`;
const LEDGER = `insert into wallet_transactions (id, user_id, type, amount, balance_after, reference, created_at)
  values ($1, $2, 'order_payment', $3, $4, $5, $6)`;
const ORDER = `insert into orders (id, user_id, status, subtotal, total, refunded_amount, currency, idempotency_key, request_hash, created_at, updated_at)
  values ($1, $2, 'placed', $3, $3, 0, $4, null, null, $5, $5)`;
const ITEM = `insert into order_items (order_id, product_id, name, unit_price, quantity, line_total) values ($1, $2, $3, $4, $5, $6)`;
/** The order's first timeline row, which the API writes with every order (docs/orders.md, "Events"). */
const EVENT = `insert into order_events (id, order_id, type, from_status, to_status, actor_kind, actor_id, note, data, created_at)
  values ($1, $2, 'placed', null, 'placed', 'user', $3, null, null, $4)`;

const live = (r: { user_id: string; revoked_at: unknown; deleted_at: unknown } | undefined, sub: string) =>
  r !== undefined && r.revoked_at === null && r.deleted_at === null && r.user_id === sub;

function sqliteStore(path: string): Store {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  // `$n` becomes the named parameter `@pn` (better-sqlite3 binds no numbered `?n`): see `args`.
  const q = (s: string) => db.prepare(s.replace(/\$(\d+)/g, '@p$1'));
  const args = (...vs: unknown[]) => Object.fromEntries(vs.map((v, i) => [`p${i + 1}`, v]));
  const [sessionWallet, session, take, debit, ledger, order, item, event] = [SESSION_WALLET, SESSION, TAKE, DEBIT, LEDGER, ORDER, ITEM, EVENT].map(q) as [
    Database.Statement,
    ...Database.Statement[],
  ];
  const placeTx = db.transaction((sub: string, lines: Line[], id: string, now: string) => {
    const items: Item[] = [];
    let total = 0;
    for (const l of lines) {
      const p = take!.get(args(l.quantity, now, l.product_id)) as { name: string; price: number } | undefined;
      if (!p) throw new Refused();
      items.push({ product_id: l.product_id, name: p.name, unit_price: p.price, quantity: l.quantity, line_total: p.price * l.quantity });
      total += p.price * l.quantity;
    }
    const ledgerId = newId(systemClock);
    const w = debit!.get(args(total, ledgerId, now, sub)) as { shopping_credits: number } | undefined;
    if (!w) throw new Refused();
    ledger!.run(args(ledgerId, sub, -total, w.shopping_credits, id, now));
    order!.run(args(id, sub, total, currency, now));
    for (const i of items) item!.run(args(id, i.product_id, i.name, i.unit_price, i.quantity, i.line_total));
    event!.run(args(newId(systemClock), id, sub, now));
    return { id, items, total, now };
  });
  return {
    async wallet(sid, sub) {
      const r = sessionWallet.get(args(sid)) as Parameters<typeof live>[0] & { shopping_credits: number; reward_points: number; e_vouchers: number };
      return live(r, sub) ? r : null;
    },
    async place(sid, sub, lines) {
      if (!live(session!.get(args(sid)) as Parameters<typeof live>[0], sub)) return null;
      return placeTx.immediate(sub, lines, newId(systemClock), new Date().toISOString());
    },
    async close() {
      db.close();
    },
  };
}

function postgresStore(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // Named statements: each connection parses and plans each shape once, as the API's do.
  const q = (name: string, text: string, values: unknown[]) => ({ name, text, values });
  return {
    async wallet(sid, sub) {
      const r = (await pool.query(q('sw', SESSION_WALLET, [sid]))).rows[0];
      return live(r, sub) ? { shopping_credits: Number(r.shopping_credits), reward_points: Number(r.reward_points), e_vouchers: Number(r.e_vouchers) } : null;
    },
    async place(sid, sub, lines) {
      const client = await pool.connect();
      try {
        if (!live((await client.query(q('s', SESSION, [sid]))).rows[0], sub)) return null;
        const id = newId(systemClock);
        const now = new Date().toISOString();
        await client.query('begin');
        try {
          const items: Item[] = [];
          let total = 0;
          for (const l of [...lines].sort((a, b) => (a.product_id < b.product_id ? -1 : 1))) {
            const p = (await client.query(q('t', TAKE, [l.quantity, now, l.product_id]))).rows[0];
            if (!p) throw new Refused();
            const price = Number(p.price);
            items.push({ product_id: l.product_id, name: p.name, unit_price: price, quantity: l.quantity, line_total: price * l.quantity });
            total += price * l.quantity;
          }
          const ledgerId = newId(systemClock);
          const w = (await client.query(q('d', DEBIT, [total, ledgerId, now, sub]))).rows[0];
          if (!w) throw new Refused();
          await client.query(q('l', LEDGER, [ledgerId, sub, -total, w.shopping_credits, id, now]));
          await client.query(q('o', ORDER, [id, sub, total, currency, now]));
          for (const i of items) await client.query(q('i', ITEM, [id, i.product_id, i.name, i.unit_price, i.quantity, i.line_total]));
          await client.query(q('e', EVENT, [newId(systemClock), id, sub, now]));
          await client.query('commit');
          return { id, items, total, now };
        } catch (err) {
          await client.query('rollback');
          throw err;
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const store = dbUrl.startsWith('postgres') ? postgresStore(dbUrl) : sqliteStore(dbUrl.replace(/^sqlite:/, ''));
const app = Fastify({ logger: false });
const unauthorized = '{"error":"unauthorized","message":"Invalid or expired token"}';

app.get('/bare/products', (_req, reply) =>
  reply.type('application/json; charset=utf-8').header('etag', productsEtag).header('cache-control', 'public, max-age=0, must-revalidate').send(products),
);

app.get('/bare/wallet', async (req, reply) => {
  const claims = verify(req.headers['x-sdk-access-token']);
  const w = claims && (await store.wallet(claims.sid, claims.sub));
  if (!w) return reply.status(401).type('application/json; charset=utf-8').send(unauthorized);
  const body = `{"shopping_credits":${w.shopping_credits},"reward_points":${w.reward_points},"e_vouchers":${w.e_vouchers},"currency":"${currency}"}`;
  return reply.type('application/json; charset=utf-8').send(body);
});

app.post('/bare/orders', async (req, reply) => {
  const claims = verify(req.headers['x-sdk-access-token']);
  if (!claims) return reply.status(401).type('application/json; charset=utf-8').send(unauthorized);
  const lines = (req.body as { items: Line[] }).items;
  try {
    const o = await store.place(claims.sid, claims.sub, lines);
    if (!o) return reply.status(401).type('application/json; charset=utf-8').send(unauthorized);
    return reply.status(201).send({
      id: o.id,
      status: 'placed',
      subtotal: o.total,
      total: o.total,
      refunded_amount: 0,
      currency,
      items: o.items,
      created_at: o.now,
      updated_at: o.now,
    });
  } catch (err) {
    if (err instanceof Refused) return reply.status(409).send({ error: 'refused', message: 'Out of stock or credits' });
    throw err;
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => store.close()).then(() => process.exit(0)));
