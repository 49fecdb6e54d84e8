/**
 * Thousands of generated bad requests across every route of the OpenAPI document: wrong types,
 * missing fields, huge strings, unicode, nulls, negative and enormous numbers, malformed JSON,
 * wrong content types and bad ids. None may answer 5xx, and none may change data.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { call, createAdmin, createTestApp, registerUser, type TestApp } from './helpers.ts';

const ajv = addFormats.default(new Ajv({ strict: false }));
const validates = (schema: object, value: unknown): boolean => {
  try {
    return ajv.validate(schema, value) as boolean;
  } catch {
    return false;
  }
};
/** Query strings coerce as the API's do (src/lib/validation.ts): `0` is a valid integer there. */
const coercing = addFormats.default(new Ajv({ strict: false, coerceTypes: 'array' }));
const validatesQuery = (schema: object, value: string): boolean => {
  try {
    return coercing.validate({ type: 'object', properties: { v: schema } }, { v: value }) as boolean;
  } catch {
    return false;
  }
};

const BAD_VALUES: unknown[] = [
  null, 123, -1, 0, 1.5, 1e300, -9007199254740993, '', 'x'.repeat(100_000), '💥\u0000\uD800 ünïcødé', true, [], {}, [null],
  '../../etc/passwd', "' OR 1=1 --", { $gt: '' },
  'NaN', 'Infinity', '<script>alert(1)</script>', 2 ** 53, -(2 ** 31), '0x10', '١٢٣', '\n\r\t', { a: { b: { c: [1, 2, 3] } } }, [1, 2, 3],
];
const BAD_IDS = ['..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000), '%00', '%F0%9F%92%A5', "1'%20or%20'1'%3D'1", '-1', '99999999999999999999999', '%20'];
const BAD_QUERY = ['-1', '0', '101', 'abc', 'x'.repeat(3000), '%F0%9F%92%A5', '1e400', ''];

/** A plausible value for a schema: only a base for mutating one field at a time. */
function synth(schema: any): unknown {
  if (!schema || typeof schema !== 'object') return 'x';
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts) return synth(alts.find((s: any) => s.type !== 'null') ?? alts[0]);
  switch (schema.type) {
    case 'string':
      return schema.format === 'email' ? 'fuzz@example.com' : 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => synth(schema.items)) : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries<any>(schema.properties ?? {})) out[k] = synth(v);
      return out;
    }
    default:
      return 'x';
  }
}

interface Case {
  method: string;
  url: string;
  token?: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  why: string;
  /** The statuses this bad request may get; anything else (another 4xx included) is a failure. */
  expect: number[];
}

/** Signed routes check the signature before anything else: unsigned junk is 401 (413 when oversized), or 429 past the log cap. */
const SIGNED = /^\/api\/v1\/wallet\/topup-(credit|lookup|attach|decline)$/;
const ADMIN_LOGIN = '/api/v1/auth/admin/login';

describe('fuzzing every route of the OpenAPI document', () => {
  let t: TestApp;
  let cases: Case[] = [];

  before(async () => {
    t = await createTestApp({
      STORE_WEBHOOK_SECRET: 'fuzz-secret-0123456789abcdef',
      TOPUP_PAGE_BASE_URL: 'http://127.0.0.1:9/topup',
      MEDIA_DIR: mkdtempSync(join(tmpdir(), 'sf-fuzz-media-')),
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '9',
    });
    const doc = (await call(t.app, 'GET', '/docs/openapi.json')).body;
    const user = await registerUser(t.app);
    const admin = await createAdmin(t);
    cases = [];
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [m, op] of Object.entries<any>(item)) {
        const method = m.toUpperCase();
        const token = op.security ? (path.startsWith('/api/v1/admin/') ? admin.token : user.token) : undefined;
        const params: any[] = op.parameters ?? [];
        const idPath = path.replace(/\{[^}]+\}/g, '00000000-0000-7000-8000-000000000000');
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const base = bodySchema ? synth(bodySchema) : undefined;
        const withBody = method !== 'GET' && method !== 'HEAD';

        if (withBody) {
          // Parser-level garbage never reaches a handler.
          cases.push({ method, url: idPath, token, raw: '{"a":', why: 'malformed JSON', expect: [400] });
          cases.push({ method, url: idPath, token, raw: '<x/>', contentType: 'application/xml', why: 'xml', expect: [400, 415] });
          cases.push({ method, url: idPath, token, raw: '', contentType: 'application/json', why: 'empty JSON', expect: [400] });
          cases.push({ method, url: idPath, token, raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', why: 'form', expect: [400, 415] });
        }
        if (bodySchema) {
          // Every failure of the admin login is its one 401 (docs/contracts.md §3), or 429 once its limits are spent.
          const refused = path === ADMIN_LOGIN ? [401, 429] : [400];
          for (const raw of ['null', '[]', '"str"', '12', 'true']) cases.push({ method, url: idPath, token, raw, why: `body ${raw}`, expect: refused });
          cases.push({ method, url: idPath, token, raw: 'hello', contentType: 'text/plain', why: 'text/plain', expect: path === ADMIN_LOGIN ? refused : [400, 415] });
          const props = Object.entries<any>(bodySchema.properties ?? {});
          for (const [name, schema] of props) {
            for (const v of BAD_VALUES) {
              if (validates(schema, v)) continue;
              cases.push({ method, url: idPath, token, body: { ...(base as object), [name]: v }, why: `body.${name}=${JSON.stringify(v)?.slice(0, 30)}`, expect: refused });
            }
          }
          for (const name of bodySchema.required ?? []) {
            const body = { ...(base as Record<string, unknown>) };
            delete body[name];
            cases.push({ method, url: idPath, token, body, why: `missing ${name}`, expect: refused });
          }
        }
        for (const p of params.filter((p) => p.in === 'path')) {
          for (const bad of BAD_IDS) {
            const url = path.replace(/\{[^}]+\}/g, (seg) => (seg === `{${p.name}}` ? bad : '00000000-0000-7000-8000-000000000000'));
            // docs/contracts.md §2: an id that matches nothing is 404 whatever its shape; a share link always redirects.
            // (NUL is refused at the edge with 404 on every route; a bad body may be refused first.)
            const expect = path.startsWith('/r/') && bad !== '%00' ? [302] : withBody && base !== undefined ? [400, 404] : [404];
            cases.push({ method, url, token, ...(withBody && base !== undefined ? { body: base } : {}), why: `path ${p.name}=${bad.slice(0, 20)}`, expect });
          }
        }
        for (const p of params.filter((p) => p.in === 'query')) {
          for (const bad of BAD_QUERY) {
            if (validatesQuery(p.schema ?? {}, bad)) continue;
            cases.push({ method, url: `${idPath}?${p.name}=${bad}`, token, why: `query ${p.name}=${bad.slice(0, 20)}`, expect: [400] });
          }
        }
      }
    }
  });
  after(() => t.close());

  /** Every table but the two that refusals may write to, which are checked on their own below. */
  async function snapshot(): Promise<string> {
    const skip = new Set(['rate_limits', 'webhook_logs', 'kysely_migration', 'kysely_migration_lock']);
    const tables = (await t.db.database.db.introspection.getTables()).map((x) => x.name).filter((n) => !skip.has(n)).sort();
    const h = createHash('sha256');
    for (const table of tables) {
      const rows = await (t.app.ctx.db as any).selectFrom(table).selectAll().execute();
      h.update(table + JSON.stringify(rows.map((r: object) => JSON.stringify(r)).sort()));
    }
    return h.digest('hex');
  }

  it('several thousand bad requests: no 5xx and no data change', async () => {
    assert.ok(cases.length > 2500, `only ${cases.length} cases generated`);
    console.log(`# fuzz: ${cases.length} generated bad requests`);
    const before = await snapshot();
    const beforeBuckets = new Set((await t.db.database.db.selectFrom('rate_limits').select('key').execute()).map((c) => c.key.split(':')[0]));
    const failures: string[] = [];
    let i = 0;
    const batch = 16;
    while (i < cases.length) {
      await Promise.all(
        cases.slice(i, i + batch).map(async (c) => {
          const res = await call(t.app, c.method as 'POST', c.url, {
            token: c.token,
            ...(c.raw !== undefined ? { raw: c.raw } : {}),
            ...(c.body !== undefined ? { body: c.body } : {}),
            headers: c.contentType ? { 'content-type': c.contentType } : {},
          });
          const expect = SIGNED.test(c.url.split('?')[0]!) ? [401, 413, 429] : c.expect;
          const shaped = res.status === 302 || (typeof res.body?.error === 'string' && !('statusCode' in (res.body ?? {})));
          if (!expect.includes(res.status) || !shaped) failures.push(`${c.method} ${c.url.slice(0, 80)} [${c.why}] → ${res.status} (want ${expect}) ${res.text.slice(0, 120)}`);
        }),
      );
      i += batch;
    }
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${cases.length} requests misbehaved`);
    assert.equal(await snapshot(), before, 'bad requests changed data');
    // Refusals may leave traces, but only these: webhook-log rows of refused signed calls (at most
    // 20 a minute from one IP, all refusals) and the counters of the limits they passed through.
    const logs = await t.db.database.db.selectFrom('webhook_logs').select(['outcome']).execute();
    assert.ok(logs.length > 0 && logs.length <= 20, `${logs.length} webhook-log rows`);
    assert.ok(logs.every((l) => l.outcome === 'rejected'), 'only refusals are logged');
    const counters = await t.db.database.db.selectFrom('rate_limits').select(['key', 'count']).execute();
    const buckets = new Set(counters.map((c) => c.key.split(':')[0]));
    // The signed routes' log cap, and the share link's own per-IP limit (it answers 302 to anything).
    assert.deepEqual([...buckets].filter((b) => !beforeBuckets.has(b)).sort(), ['referral_redirect', 'webhook_refused'], 'no other limit was spent');
  });
});
