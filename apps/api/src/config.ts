import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { bool, ConfigError, int, str, trustProxy, url, type Env, type TrustProxy } from '@storefront/runtime';

export { ConfigError };


/**
 * The SQLite page cache, in KiB (`cache_size`; malloc'd, per connection, and the API opens one):
 * better-sqlite3's build default, 16 MB. A CSV export fills it within seconds and routes fill it in
 * a long-running API: at 1 M customers the whole scale run peaked at 212 MB with 16 MB and 192-193 MB
 * with SQLite's own 2 MB, but 2 MB cost the order storm about an eighth of its rate and the heavy
 * admin reports up to twice their CPU, pages read again from the OS's file cache
 * (docs/performance.md, "The API's memory"). `SQLITE_CACHE_KIB` sets it.
 */
export const SQLITE_DEFAULT_CACHE_KIB = 16_000;

export interface SmsTwilio {
  provider: 'twilio';
  accountSid: string;
  authToken: string;
  from: string;
  apiBase: string;
}
export interface SmsWebhook {
  provider: 'webhook';
  url: string;
  secret: string | null;
}
export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  pass: string | null;
  from: string;
}
export interface GatewayBConfig {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  /** Bound on each gateway B HTTP call (`GATEWAY_B_TIMEOUT_MS`). */
  timeoutMs: number;
}

export interface MediaS3Config {
  bucket: string;
  /** null: the provider's default endpoint for the region (AWS). */
  endpoint: string | null;
  region: string;
  /** null: the SDK's default credential chain (environment, instance role …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `bucket` in the path rather than the host name: what most S3-compatible servers need. */
  forcePathStyle: boolean;
}

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL connections this process may hold (SQLite: one connection, always). */
  databasePoolSize: number;
  /** PostgreSQL `statement_timeout` of the servers' connections, ms; 0 for none. */
  databaseStatementTimeoutMs: number;
  dataDir: string;
  publicBaseUrl: string;
  websiteUrl: string;
  jwtSecret: string;
  /** Which `X-Forwarded-For` hops are believed (`TRUST_PROXY`; docs/operations.md). */
  trustProxy: TrustProxy;
  /** Per-IP limits count an IPv6 client by this many leading bits of its address (`RATE_LIMIT_IPV6_PREFIX`; lib/rate-limit.ts). */
  rateLimitIpv6Prefix: number;
  mediaDir: string | null;
  /** Images in an S3-compatible bucket instead of MEDIA_DIR (the two exclude each other). */
  mediaS3: MediaS3Config | null;
  /** Base of the image URLs handed out (a CDN in front of the store); null: `{base_url}/media`. */
  mediaPublicBaseUrl: string | null;
  metricsToken: string | null;
  logLevel: string;
  seedAdmin: { phone: string; password: string } | null;
  /** ADMIN_REQUIRE_MFA: an admin session without a proven second factor may only enrol (default on in production). */
  adminRequireMfa: boolean;
  defaultCountryCode: string;
  currency: string;
  /** IANA time zone of the shop's own calendar: the local dates of CSV exports. */
  shopTimeZone: string;
  passwordScryptN: number;
  app: { version: string; minVersion: string; apkUrl: string };
  idp: { serviceAccountPath: string; jwksUrl: string | null } | null;
  sms: SmsTwilio | SmsWebhook | null;
  smtp: SmtpConfig | null;
  reviewer: { phone: string; otp: string } | null;
  topup: { pageBaseUrl: string | null; min: number; max: number; returnOrigins: string[] };
  storeWebhookSecrets: string[] | null;
  gatewayB: GatewayBConfig | null;
  dailySpinPrize: number;
  referral: { shareBaseUrl: string; mobileStoreUrl: string; ipMatchWindowHours: number };
  deletionGraceDays: number;
  supportEmail: string | null;
  /** Public catalogue answers are served from memory this long (0: never cached). */
  catalogueCacheMs: number;
  /** A spent refresh token answers its unspent successor again this long after its rotation (0: never). */
  refreshReuseGraceSeconds: number;
  /** Incomplete gate groups found at start (each gate stays closed); server.ts logs them. */
  warnings: string[];
  /** Background jobs (retention, deletion) run on a timer in the server unless 0. */
  jobsIntervalSeconds: number;
  /** Webhook-log rows are deleted this many days after they were written. */
  webhookLogRetentionDays: number;
  /** SQLite `synchronous`: FULL (default) makes an acknowledged commit survive power loss. */
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** SQLite's page cache in KiB: memory against the order rate and the admin reports (docs/operations.md). */
  sqliteCacheKib: number;
  /** MB the V8 heap may grow past what its last full collection kept (0: V8's own growth; lib/heap-headroom.ts). */
  heapHeadroomMb: number;
  /** A product's stock at or under this counts as low unless the product sets its own threshold. */
  lowStockThreshold: number;
}

class Reader {
  private readonly env: Env;
  constructor(env: Env) {
    this.env = env;
  }

  str(name: string): string | null {
    return str(this.env, name);
  }
  strOr(name: string, fallback: string): string {
    return this.str(name) ?? fallback;
  }
  int(name: string, fallback: number, min: number, max: number): number {
    return int(this.env, name, fallback, min, max);
  }
  bool(name: string, fallback: boolean): boolean {
    return bool(this.env, name, fallback);
  }
  url(name: string): string | null {
    return url(this.env, name);
  }
  urlOr(name: string, fallback: string): string {
    return this.url(name) ?? fallback;
  }
  readonly warnings: string[] = [];
  /**
   * All-or-nothing group. A gate opens only when every setting of its group is present; a missing
   * one is an absent optional setting, so the gate stays closed (fail-closed) and the start logs why.
   */
  group(names: string[]): Record<string, string> | null {
    const present = names.filter((n) => this.str(n) !== null);
    if (present.length === 0) return null;
    const missing = names.filter((n) => this.str(n) === null);
    if (missing.length) {
      this.warnings.push(`${missing.join(', ')} unset while ${present.join(', ')} ${present.length > 1 ? 'are' : 'is'} set: that capability stays off`);
      return null;
    }
    return Object.fromEntries(names.map((n) => [n, this.str(n)!]));
  }
}

function parseSynchronous(v: string): 'FULL' | 'NORMAL' {
  const u = v.toUpperCase();
  if (u === 'FULL' || u === 'NORMAL') return u;
  throw new ConfigError('SQLITE_SYNCHRONOUS', `expected FULL or NORMAL, got "${v}"`);
}

/** Comma-separated http(s) origins (scheme, host, port; no path, query or credentials), as `URL#origin` spells them. */
function parseOrigins(v: string | null, name: string): string[] {
  if (v === null) return [];
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      let u: URL;
      try {
        u = new URL(s);
      } catch {
        throw new ConfigError(name, `not a URL: "${s}"`);
      }
      const bare = u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
      if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !bare) throw new ConfigError(name, `expected origins such as https://shop.example.com, got "${s}"`);
      return u.origin;
    });
}

function parseDatabaseUrl(v: string): string {
  if (v.startsWith('sqlite:') && v.length > 'sqlite:'.length) return v;
  if (/^postgres(ql)?:\/\//.test(v)) {
    try {
      new URL(v);
      return v;
    } catch {
      /* fall through */
    }
  }
  throw new ConfigError('DATABASE_URL', 'expected sqlite:<path> or postgres://…');
}

/** Outside production a missing JWT_SECRET is generated once and kept in the data dir. */
function resolveJwtSecret(r: Reader, env: Config['env'], dataDir: string): string {
  const given = r.str('JWT_SECRET');
  if (given !== null) {
    if (Buffer.byteLength(given) < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 bytes');
    return given;
  }
  if (env === 'production') throw new ConfigError('JWT_SECRET', 'required when NODE_ENV=production');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * Whether `zone` is a time zone `Intl.DateTimeFormat` accepts. Building a formatter reads about
 * 6 MB of ICU's locale and calendar data, resident for the life of the process, so UTC and the
 * zones ICU lists are accepted without one; only another spelling (an alias such as Asia/Kolkata,
 * listed as Asia/Calcutta) is tried on a formatter.
 */
function knownTimeZone(zone: string): boolean {
  if (zone === 'UTC' || Intl.supportedValuesOf('timeZone').includes(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function loadConfig(source: Env = process.env): Readonly<Config> {
  const r = new Reader(source);
  const nodeEnv = r.strOr('NODE_ENV', 'development');
  const env: Config['env'] = nodeEnv === 'production' ? 'production' : nodeEnv === 'test' ? 'test' : 'development';
  const dataDir = resolve(r.strOr('DATA_DIR', './data'));
  const publicBaseUrl = r.urlOr('PUBLIC_BASE_URL', `http://localhost:${r.int('PORT', 3000, 0, 65535)}`);
  const websiteUrl = r.urlOr('WEBSITE_URL', publicBaseUrl);

  const seed = r.group(['SEED_ADMIN_PHONE', 'SEED_ADMIN_PASSWORD']);
  if (seed && (seed.SEED_ADMIN_PASSWORD!.length < 8 || seed.SEED_ADMIN_PASSWORD!.length > 128)) {
    throw new ConfigError('SEED_ADMIN_PASSWORD', 'must be 8–128 characters');
  }

  const idpPath = r.str('IDP_SERVICE_ACCOUNT_PATH');
  if (idpPath !== null && !existsSync(idpPath)) throw new ConfigError('IDP_SERVICE_ACCOUNT_PATH', `no file at ${idpPath}`);

  let sms: Config['sms'] = null;
  const provider = r.str('SMS_PROVIDER');
  if (provider === 'twilio') {
    const g = r.group(['SMS_PROVIDER', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM']);
    sms = g && {
      provider: 'twilio',
      accountSid: g.SMS_ACCOUNT_SID!,
      authToken: g.SMS_AUTH_TOKEN!,
      from: g.SMS_FROM!,
      apiBase: r.urlOr('SMS_API_BASE', 'https://api.twilio.com'),
    };
  } else if (provider === 'webhook') {
    const url = r.url('SMS_WEBHOOK_URL');
    if (!url) r.warnings.push('SMS_WEBHOOK_URL unset while SMS_PROVIDER=webhook: OTP sending stays off');
    sms = url ? { provider: 'webhook', url, secret: r.str('SMS_WEBHOOK_SECRET') } : null;
  } else if (provider !== null) {
    throw new ConfigError('SMS_PROVIDER', `expected twilio or webhook, got "${provider}"`);
  }

  let smtp: Config['smtp'] = null;
  const smtpHost = r.str('SMTP_HOST');
  if (smtpHost !== null) {
    const secure = r.bool('SMTP_SECURE', false);
    smtp = {
      host: smtpHost,
      port: r.int('SMTP_PORT', secure ? 465 : 587, 1, 65535),
      secure,
      user: r.str('SMTP_USER'),
      pass: r.str('SMTP_PASS'),
      from: r.strOr('SMTP_FROM', `Storefront <no-reply@${new URL(publicBaseUrl).hostname}>`),
    };
  }

  const reviewer = r.group(['REVIEWER_LOGIN_PHONE', 'REVIEWER_LOGIN_OTP']);
  if (reviewer && !/^\d{6}$/.test(reviewer.REVIEWER_LOGIN_OTP!)) throw new ConfigError('REVIEWER_LOGIN_OTP', 'must be 6 digits');

  const gatewayB = r.group(['GATEWAY_B_CLIENT_ID', 'GATEWAY_B_CLIENT_SECRET']);
  const secrets = r.str('STORE_WEBHOOK_SECRET');
  const storeWebhookSecrets = secrets === null ? null : secrets.split(',').map((s) => s.trim()).filter(Boolean);
  if (storeWebhookSecrets && (storeWebhookSecrets.length === 0 || storeWebhookSecrets.length > 2)) {
    throw new ConfigError('STORE_WEBHOOK_SECRET', 'one secret, or two comma-separated during rotation');
  }
  if (storeWebhookSecrets?.some((s) => s.length < 16)) throw new ConfigError('STORE_WEBHOOK_SECRET', 'each secret must be at least 16 characters');

  const topupMin = r.int('TOPUP_MIN', 100, 1, Number.MAX_SAFE_INTEGER);
  const topupMax = r.int('TOPUP_MAX', 10_000_000, 1, Number.MAX_SAFE_INTEGER);
  if (topupMax < topupMin) throw new ConfigError('TOPUP_MAX', 'must not be below TOPUP_MIN');
  const topupReturnOrigins = parseOrigins(r.str('TOPUP_RETURN_ORIGINS'), 'TOPUP_RETURN_ORIGINS');

  const currency = r.strOr('CURRENCY', 'INR');
  if (!/^[A-Z]{3}$/.test(currency)) throw new ConfigError('CURRENCY', 'expected an ISO 4217 code such as INR');
  const shopTimeZone = r.strOr('SHOP_TIME_ZONE', 'UTC');
  if (!knownTimeZone(shopTimeZone)) throw new ConfigError('SHOP_TIME_ZONE', 'expected an IANA time zone such as Asia/Kolkata or UTC');
  const cc = r.strOr('DEFAULT_COUNTRY_CODE', '+91');
  if (!/^\+[1-9]\d{0,3}$/.test(cc)) throw new ConfigError('DEFAULT_COUNTRY_CODE', 'expected + and 1–4 digits, e.g. +91');

  const appPackageId = r.strOr('APP_PACKAGE_ID', 'com.storefront.app');
  const supportEmail = r.str('SUPPORT_EMAIL');
  if (supportEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(supportEmail)) throw new ConfigError('SUPPORT_EMAIL', 'not an email address');
  const version = r.strOr('APP_VERSION', '1.0.0');
  const minVersion = r.strOr('APP_MIN_VERSION', '0.0.0');
  for (const [name, v] of [['APP_VERSION', version], ['APP_MIN_VERSION', minVersion]] as const) {
    if (!/^\d+(\.\d+){0,3}$/.test(v)) throw new ConfigError(name, `expected a dotted version such as 1.4.2, got "${v}"`);
  }

  const mediaDir = r.str('MEDIA_DIR');
  const bucket = r.str('MEDIA_S3_BUCKET');
  if (mediaDir !== null && bucket !== null) throw new ConfigError('MEDIA_S3_BUCKET', 'set either MEDIA_DIR or MEDIA_S3_BUCKET, not both');
  const s3Endpoint = r.url('MEDIA_S3_ENDPOINT');
  const s3KeyId = r.str('MEDIA_S3_ACCESS_KEY_ID');
  const s3Secret = r.str('MEDIA_S3_SECRET_ACCESS_KEY');
  if ((s3KeyId === null) !== (s3Secret === null)) throw new ConfigError('MEDIA_S3_SECRET_ACCESS_KEY', 'set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither');
  const mediaS3: MediaS3Config | null =
    bucket === null
      ? null
      : {
          bucket,
          endpoint: s3Endpoint,
          region: r.strOr('MEDIA_S3_REGION', 'us-east-1'),
          credentials: s3KeyId && s3Secret ? { accessKeyId: s3KeyId, secretAccessKey: s3Secret } : null,
          forcePathStyle: r.bool('MEDIA_S3_FORCE_PATH_STYLE', s3Endpoint !== null),
        };

  const config: Config = {
    env,
    port: r.int('PORT', 3000, 0, 65535),
    host: r.strOr('HOST', '127.0.0.1'),
    databaseUrl: parseDatabaseUrl(r.strOr('DATABASE_URL', 'sqlite:./data/storefront.db')),
    databasePoolSize: r.int('DATABASE_POOL_SIZE', 10, 1, 1000),
    databaseStatementTimeoutMs: r.int('DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
    dataDir,
    publicBaseUrl,
    websiteUrl,
    jwtSecret: resolveJwtSecret(r, env, dataDir),
    trustProxy: trustProxy(source, 'TRUST_PROXY', env === 'production'),
    rateLimitIpv6Prefix: r.int('RATE_LIMIT_IPV6_PREFIX', 64, 32, 128),
    mediaDir: mediaDir === null ? null : resolve(mediaDir),
    mediaS3,
    mediaPublicBaseUrl: r.url('MEDIA_PUBLIC_BASE_URL'),
    metricsToken: r.str('METRICS_TOKEN'),
    logLevel: r.strOr('LOG_LEVEL', env === 'test' ? 'silent' : 'info'),
    seedAdmin: seed ? { phone: seed.SEED_ADMIN_PHONE!, password: seed.SEED_ADMIN_PASSWORD! } : null,
    adminRequireMfa: r.bool('ADMIN_REQUIRE_MFA', env === 'production'),
    defaultCountryCode: cc,
    currency,
    shopTimeZone,
    passwordScryptN: r.int('PASSWORD_SCRYPT_N', 2 ** 15, 2 ** 10, 2 ** 20),
    app: { version, minVersion, apkUrl: r.urlOr('APP_APK_URL', `${publicBaseUrl}/downloads/storefront.apk`) },
    idp: idpPath === null ? null : { serviceAccountPath: idpPath, jwksUrl: r.url('IDP_JWKS_URL') },
    sms,
    smtp,
    reviewer: reviewer ? { phone: reviewer.REVIEWER_LOGIN_PHONE!, otp: reviewer.REVIEWER_LOGIN_OTP! } : null,
    topup: { pageBaseUrl: r.url('TOPUP_PAGE_BASE_URL'), min: topupMin, max: topupMax, returnOrigins: topupReturnOrigins },
    storeWebhookSecrets,
    gatewayB: gatewayB
      ? {
          clientId: gatewayB.GATEWAY_B_CLIENT_ID!,
          clientSecret: gatewayB.GATEWAY_B_CLIENT_SECRET!,
          apiBase: r.urlOr('GATEWAY_B_API_BASE', 'https://api-m.paypal.com'),
          timeoutMs: r.int('GATEWAY_B_TIMEOUT_MS', 5000, 100, 60_000),
        }
      : null,
    dailySpinPrize: r.int('DAILY_SPIN_PRIZE', 100, 1, 1_000_000_000),
    referral: {
      shareBaseUrl: r.urlOr('REFERRAL_SHARE_BASE_URL', websiteUrl),
      mobileStoreUrl: r.urlOr('MOBILE_STORE_URL', `https://play.google.com/store/apps/details?id=${encodeURIComponent(appPackageId)}`),
      ipMatchWindowHours: r.int('REFERRAL_IP_MATCH_WINDOW_HOURS', 48, 1, 24 * 365),
    },
    deletionGraceDays: r.int('ACCOUNT_DELETION_GRACE_DAYS', 14, 0, 365),
    supportEmail,
    catalogueCacheMs: r.int('CATALOGUE_CACHE_MS', 1000, 0, 3_600_000),
    refreshReuseGraceSeconds: r.int('REFRESH_REUSE_GRACE_SECONDS', 30, 0, 300),
    warnings: r.warnings,
    jobsIntervalSeconds: r.int('JOBS_INTERVAL_SECONDS', 3600, 0, 86_400),
    webhookLogRetentionDays: r.int('WEBHOOK_LOG_RETENTION_DAYS', 90, 1, 3650),
    sqliteSynchronous: parseSynchronous(r.strOr('SQLITE_SYNCHRONOUS', 'FULL')),
    sqliteCacheKib: r.int('SQLITE_CACHE_KIB', SQLITE_DEFAULT_CACHE_KIB, 500, 1_000_000),
    heapHeadroomMb: r.int('HEAP_HEADROOM_MB', 16, 0, 4096),
    lowStockThreshold: r.int('LOW_STOCK_THRESHOLD', 5, 0, 1_000_000_000),
  };
  return Object.freeze(config);
}
