import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { bool, ConfigError, int, str, url } from '../src/index.ts';

const refuses = (fn: () => unknown, setting: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ConfigError && e.setting === setting && e.message.startsWith(`Invalid setting ${setting}:`));

describe('settings', () => {
  it('absent and blank are null; values are trimmed', () => {
    assert.equal(str({}, 'X'), null);
    assert.equal(str({ X: '   ' }, 'X'), null);
    assert.equal(str({ X: ' v ' }, 'X'), 'v');
  });
  it('urls must be http(s) and lose trailing slashes', () => {
    assert.equal(url({ U: 'https://a.example/x//' }, 'U'), 'https://a.example/x');
    refuses(() => url({ U: 'ftp://a' }, 'U'), 'U');
    refuses(() => url({ U: 'not a url' }, 'U'), 'U');
  });
  it('integers are whole and bounded', () => {
    assert.equal(int({}, 'N', 7, 0, 10), 7);
    assert.equal(int({ N: '10' }, 'N', 7, 0, 10), 10);
    refuses(() => int({ N: '11' }, 'N', 7, 0, 10), 'N');
    refuses(() => int({ N: '1.5' }, 'N', 7, 0, 10), 'N');
  });
  it('booleans take true/false/1/0/yes/no', () => {
    assert.equal(bool({ B: 'YES' }, 'B', false), true);
    assert.equal(bool({ B: '0' }, 'B', true), false);
    refuses(() => bool({ B: 'maybe' }, 'B', false), 'B');
  });
  it('loadOrExit prints the one line and exits 1', () => {
    const code = `import { loadOrExit, ConfigError } from './src/index.ts'; loadOrExit(() => { throw new ConfigError('PORT', 'bad'); });`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(r.stderr.trim(), 'Invalid setting PORT: bad');
  });
});

describe('tracing', () => {
  /** Which @opentelemetry modules a fresh process loads when startTracing runs with `env`. */
  const otelLoads = (env: Record<string, string>) => {
    const script = `
      import { registerHooks } from 'node:module';
      const seen = new Set();
      registerHooks({ resolve(specifier, context, next) { if (specifier.startsWith('@opentelemetry/')) seen.add(specifier); return next(specifier, context); } });
      const { startTracing } = await import('@storefront/runtime/tracing');
      const tracing = await startTracing('test', ${JSON.stringify(env)});
      await tracing?.shutdown();
      console.log(JSON.stringify({ on: tracing !== null, seen: [...seen] }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: new URL('..', import.meta.url).pathname });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as { on: boolean; seen: string[] };
  };

  it('off without OTEL_EXPORTER_OTLP_ENDPOINT, and then not one OpenTelemetry module is loaded', () => {
    assert.deepEqual(otelLoads({}), { on: false, seen: [] });
  });

  it('on with OTEL_EXPORTER_OTLP_ENDPOINT: the SDK, exporter and instrumentations load', () => {
    const r = otelLoads({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    assert.equal(r.on, true);
    for (const m of ['@opentelemetry/sdk-trace', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/instrumentation-http']) assert.ok(r.seen.includes(m), m);
  });
});
