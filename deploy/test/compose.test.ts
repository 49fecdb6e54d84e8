// compose.yaml cannot be started on the machines the suite runs on, so it is read: its services
// and health checks, the settings it requires (the README's marks, compose's `:?`), and the
// environment each Storefront part gets, fed to that part's own settings reader.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { isIPv4 } from 'node:net';
import { parse } from 'yaml';
import { loadConfig } from '../../apps/api/src/config.ts';
import { loadPayConfig } from '../../apps/pay/src/config.ts';
import { loadPortalConfig } from '../../apps/admin/src/config.ts';
import { loadShopConfig } from '../../apps/shop/src/config.ts';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

type Env = Record<string, string>;
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number | boolean>;
  healthcheck?: { test?: string[]; disable?: boolean };
  restart?: string;
  depends_on?: Record<string, { condition: string }>;
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  ports?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  networks: Record<string, { ipam?: { config?: { subnet?: string; ip_range?: string }[] } }>;
};
const services = compose.services;

/** The `.env` file compose would read: KEY=value lines. */
function dotenv(text: string): Env {
  const env: Env = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) env[m[1]!] = m[2]!;
  }
  return env;
}

/** Compose's interpolation: ${X}, ${X:-default}, ${X:?message} (empty counts as unset), $$. */
function interpolate(value: string, env: Env, missing: Set<string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (whole, name: string | undefined, op: string | undefined, arg: string | undefined) => {
    if (whole === '$$') return '$';
    const v = env[name!] ?? '';
    if (v !== '') return v;
    if (op === ':?') missing.add(name!);
    return op === ':-' ? arg! : '';
  });
}

function environmentOf(name: string, env: Env, missing = new Set<string>()): Env {
  const out: Env = {};
  for (const [k, v] of Object.entries(services[name]!.environment ?? {})) out[k] = interpolate(String(v), env, missing);
  return out;
}

/** The final stage's ENV of the Containerfile: what every container starts with. */
function imageEnv(): Env {
  const text = read('Containerfile').replace(/\\\n/g, ' ');
  const last = text.slice(text.lastIndexOf('\nFROM '));
  const env: Env = {};
  for (const line of last.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const m of line.slice(4).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)) env[m[1]!] = m[2]!;
  }
  return env;
}

const exampleEnv = dotenv(read('.env.example'));

/** The settings the README's "With containers" table marks required. */
function requiredByReadme(): Set<string> {
  const readme = read('README.md');
  const start = readme.indexOf('### With containers');
  assert.ok(start > 0, 'README has "With containers"');
  const section = readme.slice(start, readme.indexOf('\n#', start + 5));
  return new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|[^\n]*\*\*required\*\*/gm)].map((m) => m[1]!));
}
const secretName = /(SECRET|PASSWORD|TOKEN|_PASS|_KEY|_OTP)$/;
/** `.env` as an operator leaves it: .env.example with each required secret set. */
const operatorEnv: Env = { ...exampleEnv };
for (const name of requiredByReadme()) operatorEnv[name] ||= randomBytes(32).toString('hex');
const storefrontServices = Object.keys(services).filter((s) => services[s]!.build !== undefined);
const partOf = (s: string) => services[s]!.command![0]!;
const oneShot = (s: string) => services[s]!.restart === 'no';

describe('compose.yaml', () => {
  it('runs the whole shop: database, migrations, two API instances behind a proxy, payment server, portal, shop, jobs, object store, collector', () => {
    for (const name of ['postgres', 'migrate', 'api-1', 'api-2', 'proxy', 'pay', 'admin', 'shop', 'jobs', 'minio', 'minio-bucket', 'otel-collector']) {
      assert.ok(services[name], `service ${name}`);
    }
    assert.deepEqual(storefrontServices.map(partOf).sort(), ['admin', 'api', 'api', 'jobs-every', 'migrate', 'pay', 'shop']);
    const nginx = read('deploy/nginx.conf');
    const apis = storefrontServices.filter((s) => partOf(s) === 'api');
    for (const api of apis) assert.match(nginx, new RegExp(`server ${api}:3000`), `the proxy balances over ${api}`);
    assert.equal(nginx.match(/server api-\d+:3000/g)?.length, apis.length, 'the proxy names no instance compose lacks');
  });

  it('every command it gives the image is a part the entry point knows', () => {
    const entrypoint = read('deploy/storefront');
    for (const s of storefrontServices) assert.match(entrypoint, new RegExp(`^  ${partOf(s)}\\)`, 'm'), `${s}: ${partOf(s)}`);
  });

  it('every long-running service has a health check, and each one waited on as healthy has one', () => {
    // The collector's image has no shell or client to run a check with; the jobs loop listens on
    // nothing (a failed pass is in its log). compose.yaml says so beside each.
    const unchecked = new Set(['otel-collector', 'jobs']);
    for (const [name, s] of Object.entries(services)) {
      if (oneShot(name) || unchecked.has(name)) continue;
      assert.ok(s.healthcheck?.test?.length && !s.healthcheck.disable, `${name} has a health check`);
    }
    for (const [name, s] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        assert.ok(services[dep], `${name} depends on ${dep}, which exists`);
        if (condition === 'service_healthy') assert.ok(services[dep]!.healthcheck?.test?.length, `${name} waits for ${dep} to be healthy: it needs a check`);
        if (condition === 'service_completed_successfully') assert.ok(oneShot(dep), `${name} waits for ${dep} to finish: it is one-shot`);
      }
    }
    for (const s of storefrontServices.filter((s) => !['migrate', 'shop'].includes(s))) {
      assert.equal(services[s]!.depends_on?.migrate?.condition, 'service_completed_successfully', `${s} starts after the migrations`);
    }
  });

  it('the migrate service runs every migrator the root package.json has', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const entrypoint = read('deploy/storefront');
    const migrateCase = entrypoint.slice(entrypoint.indexOf('\n  migrate)'), entrypoint.indexOf(';;', entrypoint.indexOf('\n  migrate)')));
    const migrators = Object.entries(scripts).filter(([name]) => /^migrate(:|$)/.test(name));
    assert.ok(migrators.length >= 1);
    // `npm run migrate -w apps/admin` is that workspace's own script, run from its folder.
    const resolve = (command: string): string | undefined => {
      const delegated = /^npm run (\S+) -w (\S+)$/.exec(command);
      if (!delegated) return /\S+\.ts/.exec(command)?.[0];
      const inner = (JSON.parse(read(`${delegated[2]}/package.json`)) as { scripts: Record<string, string> }).scripts[delegated[1]!];
      const file = inner && /\S+\.ts/.exec(inner)?.[0];
      return file && `${delegated[2]}/${file}`;
    };
    for (const [name, command] of migrators) {
      const file = resolve(command);
      assert.ok(file && migrateCase.includes(file), `npm run ${name} (${command}) is run by the image's migrate`);
    }
  });

  it("the settings it requires are the README's, and compose refuses to start without them", () => {
    const marked = requiredByReadme();
    const missing = new Set<string>();
    for (const s of Object.keys(services)) environmentOf(s, {}, missing);
    assert.deepEqual([...missing].sort(), [...marked].sort(), 'the `:?` settings of compose.yaml are the ones the README marks required');
    // Each refusal is compose's one line: the setting, where to set it, and for a secret how to make one.
    for (const m of read('compose.yaml').matchAll(/\$\{([A-Z0-9_]+):\?([^}]*)\}/g)) {
      assert.match(m[2]!, new RegExp(`^set ${m[1]} in \\.env`), `${m[1]}: ${m[2]}`);
      if (secretName.test(m[1]!)) assert.match(m[2]!, /openssl rand -hex 32/, `${m[1]}: says how to make one`);
    }
    const left = new Set<string>();
    for (const s of Object.keys(services)) environmentOf(s, operatorEnv, left);
    assert.deepEqual([...left], [], 'with the required secrets set in .env, nothing is missing');
  });

  it('.env.example holds no secret: cp .env.example .env and compose up stops at the first secret left to set', () => {
    for (const [name, value] of Object.entries(exampleEnv)) {
      if (secretName.test(name)) assert.equal(value, '', `${name} is empty in .env.example`);
      assert.doesNotMatch(value, /replace-me/, `${name}`);
    }
    assert.equal(exampleEnv.SEED_ADMIN_PASSWORD, '', 'no known admin password');
    const missing = new Set<string>();
    for (const s of Object.keys(services)) environmentOf(s, exampleEnv, missing);
    for (const name of requiredByReadme()) {
      if (secretName.test(name)) assert.ok(missing.has(name), `compose refuses to start while ${name} is unset`);
    }
  });

  it("the README's required settings are set on every service that reads them", () => {
    const readme = read('README.md');
    const required = new Set<string>();
    // A settings-table row marked required names its settings in its first cell; prose names one
    // just before "(required".
    for (const line of readme.split('\n').filter((l) => /required/i.test(l))) {
      const cell = /^\| ([^|]+) \|/.exec(line)?.[1] ?? '';
      for (const m of cell.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)) required.add(m[1]!);
      for (const m of line.matchAll(/`([A-Z][A-Z0-9_]{2,})` \(required/g)) required.add(m[1]!);
    }
    assert.ok(required.has('JWT_SECRET') && required.has('ADMIN_SESSION_SECRET'));
    const servers = storefrontServices;
    const readers: Record<string, string[]> = {
      NODE_ENV: servers,
      JWT_SECRET: servers.filter((s) => ['api', 'migrate', 'jobs-every'].includes(partOf(s))),
      STORE_WEBHOOK_SECRET: servers.filter((s) => ['api', 'pay'].includes(partOf(s))),
      ADMIN_SESSION_SECRET: servers.filter((s) => partOf(s) === 'admin'),
      POSTGRES_PASSWORD: ['postgres'],
      MINIO_ROOT_USER: ['minio'],
      MINIO_ROOT_PASSWORD: ['minio'],
    };
    for (const name of required) {
      assert.ok(readers[name], `the README marks ${name} required: name the services that read it here`);
      for (const s of readers[name]!) {
        const env = { ...imageEnv(), ...environmentOf(s, operatorEnv) };
        assert.ok(env[name], `${s} gets ${name}`);
      }
    }
    for (const s of servers) assert.equal({ ...imageEnv(), ...environmentOf(s, operatorEnv) }.NODE_ENV, 'production', `${s} runs in production`);
  });

  it("each Storefront part's environment (image, compose, .env.example) passes that part's own settings reader", () => {
    const loaders: Record<string, (env: Env) => unknown> = {
      api: loadConfig,
      migrate: (env) => [loadConfig(env), loadPayConfig(env), loadPortalConfig(env)],
      'jobs-every': loadConfig,
      pay: loadPayConfig,
      admin: loadPortalConfig,
      shop: loadShopConfig,
    };
    for (const s of storefrontServices) {
      const env = { ...imageEnv(), ...environmentOf(s, operatorEnv) };
      assert.doesNotThrow(() => loaders[partOf(s)]!(env), `${s}`);
    }
    const api = loadConfig({ ...imageEnv(), ...environmentOf('api-1', operatorEnv) });
    assert.equal(api.databaseUrl.startsWith('postgres://'), true, 'the instances share PostgreSQL');
    assert.equal(api.host, '0.0.0.0');
  });

  it('every setting of .env.example reaches the part that reads it, unless compose or the image decides it', () => {
    // Where each part listens and keeps files is the image's and compose's choice; SQLite and
    // MEDIA_DIR are not used on this PostgreSQL and object-store setup; the collector is local.
    const decided = new Set(['PORT', 'HOST', 'DATA_DIR', 'MEDIA_DIR', 'SQLITE_SYNCHRONOUS', 'SQLITE_CACHE_KIB', 'OTEL_EXPORTER_OTLP_HEADERS',
      'PAY_PORT', 'PAY_HOST', 'PAY_OUTBOX_FILE', 'ADMIN_PORT', 'ADMIN_HOST', 'ADMIN_STATIC_DIR', 'SHOP_PORT', 'SHOP_HOST', 'SHOP_STATIC_DIR']);
    const serviceOfSection: Record<string, string> = { website: 'pay', admin: 'admin', shop: 'shop' };
    let section = '';
    for (const line of read('.env.example').split('\n')) {
      const header = /^# --- (\S+)/.exec(line);
      if (header) section = header[1]!;
      const key = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
      if (!key || section === 'containers' || decided.has(key)) continue;
      const service = serviceOfSection[section] ?? 'api-1';
      assert.ok(key in (services[service]!.environment ?? {}), `${service} gets ${key} from .env`);
    }
  });

  it('trusts X-Forwarded-For from exactly the proxies’ fixed addresses, and nginx sets it on every published port', () => {
    const ip = (value: string) => interpolate(value, operatorEnv, new Set());
    const fixed = (s: string) => {
      const nets = services[s]!.networks;
      const address = nets && !Array.isArray(nets) ? nets.storefront?.ipv4_address : undefined;
      return address === undefined ? undefined : ip(address);
    };
    const ipam = compose.networks.storefront?.ipam?.config?.[0] ?? {};
    assert.ok(ipam.subnet && ipam.ip_range, 'the network hands out addresses from a range apart from the fixed ones');
    const [subnet, dynamic] = [ip(ipam.subnet!), ip(ipam.ip_range!)];
    const inside = (address: string, cidr: string) => {
      const [base, bits] = cidr.split('/');
      const n = (a: string) => a.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
      const mask = 2 ** (32 - Number(bits));
      return Math.floor(n(address) / mask) === Math.floor(n(base!) / mask);
    };
    for (const s of ['proxy', 'admin', 'shop']) {
      const address = fixed(s);
      assert.ok(address && isIPv4(address), `${s} has a fixed address`);
      assert.ok(inside(address, subnet) && !inside(address, dynamic), `${s}: ${address} is in ${subnet}, outside the range handed out (${dynamic})`);
    }
    // Each entry one address, a service's fixed one: no CIDR wider than /32, no name such as
    // `uniquelocal`, so never the network's gateway, from which published traffic may arrive.
    const trusted = (s: string, name: string) =>
      environmentOf(s, operatorEnv)[name]!.split(',').map((entry) => {
        const address = entry.trim().replace(/\/32$/, '');
        assert.ok(isIPv4(address), `${s}: ${name} entry "${entry.trim()}" is one address`);
        return address;
      });
    const apis = storefrontServices.filter((s) => ['api', 'migrate', 'jobs-every'].includes(partOf(s)));
    for (const s of apis) assert.deepEqual(trusted(s, 'TRUST_PROXY').sort(), [fixed('proxy'), fixed('admin'), fixed('shop')].sort(), `${s}: nginx, the portal and the shop server`);
    assert.deepEqual(trusted('admin', 'ADMIN_TRUST_PROXY'), [fixed('proxy')], 'the portal trusts nginx alone');
    assert.equal(environmentOf('shop', operatorEnv).SHOP_TRUST_PROXY_HOPS, '1', 'the shop server is fronted by nginx alone');

    // nginx: every published port sets X-Forwarded-For to the address it was reached from; only
    // the unpublished listener the portal and the shop server call appends to it.
    const nginx = read('deploy/nginx.conf');
    const published = services.proxy!.ports!.map((p) => Number(ip(p).split(':').at(-1)));
    const servers = [...nginx.matchAll(/\n  server \{\n    listen (\d+);\n([\s\S]*?)\n  \}/g)].map((m) => ({ port: Number(m[1]), body: m[2]! }));
    assert.deepEqual(servers.map((x) => x.port).filter((p) => published.includes(p)).sort(), [...published].sort(), 'nginx listens on every published port');
    const httpLevel = nginx.slice(0, nginx.indexOf('\n  upstream'));
    assert.match(httpLevel, /^\s*proxy_set_header X-Forwarded-For \$remote_addr;$/m, 'nginx sets the client address');
    assert.equal([...nginx.matchAll(/proxy_set_header X-Forwarded-For /g)].length, 2, 'the edge’s setting and the internal listener’s');
    for (const { port, body } of servers) {
      if (!body.includes('X-Forwarded-For')) continue;
      assert.ok(!published.includes(port), `port ${port} is published: it must not take a client's X-Forwarded-For`);
      assert.match(body, /proxy_set_header Host \$http_host;/, `port ${port} keeps the http block's other headers`);
    }
    const internal = servers.filter((x) => x.body.includes('$proxy_add_x_forwarded_for')).map((x) => x.port);
    for (const s of ['admin', 'shop']) {
      assert.ok(internal.includes(Number(new URL(environmentOf(s, operatorEnv).STOREFRONT_API_URL!).port)), `${s} calls the API through the internal listener`);
    }
  });

  it('no secret is written into compose.yaml itself: each comes from .env', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const [key, value] of Object.entries(s.environment ?? {})) {
        if (/SECRET|PASSWORD|TOKEN|_KEY|_URL$/.test(key) && String(value) !== '') {
          if (/_URL$/.test(key) && !/:[^/@]*@/.test(String(value))) continue;
          assert.match(String(value), /\$\{[A-Z0-9_]+/, `${name}: ${key} comes from .env`);
        }
      }
    }
  });
});

describe('the entry point (deploy/storefront)', () => {
  // `jobs-every x` stops at its own argument check, right after the check of the settings: what
  // it answers tells whether the settings passed, without starting anything.
  const run = (env: Env) => spawnSync('sh', ['deploy/storefront', 'jobs-every', 'x'], { cwd: root, env: { PATH: process.env.PATH!, ...env }, encoding: 'utf8' });

  it('refuses, in production, any setting still holding an example value, in one line naming each', () => {
    const res = run({ NODE_ENV: 'production', JWT_SECRET: 'example-jwt-secret-of-at-least-32-bytes-replace-me', DATABASE_URL: 'postgres://storefront:s3cr3t-replace-me@postgres/storefront', STORE_WEBHOOK_SECRET: 'a'.repeat(32) });
    assert.equal(res.status, 2);
    assert.equal(res.stdout, '');
    assert.equal(res.stderr.trimEnd().split('\n').length, 1, res.stderr);
    assert.match(res.stderr, /example value .* in DATABASE_URL JWT_SECRET: set your own in \.env/);
    assert.doesNotMatch(res.stderr, /STORE_WEBHOOK_SECRET|aaaa|s3cr3t/, 'names the settings, never their values');
  });

  it('lets real secrets through, and example values outside production', () => {
    for (const env of [{ NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex') }, { NODE_ENV: 'development', JWT_SECRET: 'x-replace-me' }]) {
      const res = run(env);
      assert.equal(res.status, 2);
      assert.match(res.stderr, /^jobs-every: <seconds> must be a positive whole number, not 'x'\n$/, JSON.stringify(env));
    }
  });
});

describe('Containerfile', () => {
  const text = read('Containerfile');
  it('builds on node:24-bookworm-slim unless told otherwise, runs as a non-root uid, has a health check and no secret', () => {
    assert.match(text, /^ARG BASE=docker\.io\/library\/node:24-bookworm-slim$/m);
    const user = /^USER (\S+)$/m.exec(text)?.[1];
    assert.ok(user && /^\d+(:\d+)?$/.test(user) && !user.startsWith('0'), `USER ${user} is a numeric non-root uid`);
    assert.match(text, /^HEALTHCHECK .*CMD \["node", "\/app\/deploy\/healthcheck\.ts"\]$/m);
    for (const key of Object.keys(imageEnv())) assert.doesNotMatch(key, /SECRET|PASSWORD|TOKEN/, `ENV ${key}`);
  });

  it("copies every workspace's package.json before npm ci", () => {
    const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { link?: boolean }> };
    const dirs = Object.keys(lock.packages).filter((p) => p !== '' && !p.includes('node_modules'));
    assert.ok(dirs.length >= workspaces.length);
    const install = text.indexOf('npm ci');
    for (const dir of dirs) {
      const at = text.indexOf(`COPY ${dir}/package.json ${dir}/`);
      assert.ok(at > 0 && at < install, `COPY ${dir}/package.json before npm ci`);
    }
  });
});
