import { ConfigError, int, str, url, type Env } from '@storefront/runtime';
/**
 * The payment server's settings (docs/contracts.md §8), read once, validated, frozen.
 * A gateway is configured only when every one of its settings is present; otherwise its
 * endpoints answer 503 and the hosted page does not offer it (fail closed).
 */

export { ConfigError };


export interface GatewayAConfig {
  merchantId: string;
  accessCode: string;
  workingKey: string;
  /** e.g. https://secure.ccavenue.com/transaction/transaction.do?command=initiateTransaction */
  transactionUrl: string;
  /** The order status API, asked before every credit, e.g. https://api.ccavenue.com/apis/servlet/DoWebTrans */
  statusUrl: string;
}

export interface GatewayBConfig {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  webhookId: string;
}

export interface PayConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Where browsers and gateways reach this server; builds return and response URLs. */
  publicUrl: string;
  apiUrl: string;
  /**
   * STORE_WEBHOOK_SECRET: one secret, or two comma-separated during a rotation; calls carry a
   * `v1=` for each, so the API passes them whichever of the two it holds.
   */
  storeWebhookSecrets: string[] | null;
  gatewayA: GatewayAConfig | null;
  gatewayB: GatewayBConfig | null;
  logLevel: string;
  /** Bound on every outgoing call (API and gateways), in milliseconds. */
  httpTimeoutMs: number;
  /**
   * PAY_DATABASE_URL: the outbox of credits the API has not taken yet (src/outbox.ts).
   * `postgres://…` shared by every instance, `sqlite:<path>` for one host; null: in memory (tests).
   */
  databaseUrl: string | null;
  /** PAY_OUTBOX_FILE: an outbox file from before PAY_DATABASE_URL, imported once at start, then renamed. */
  outboxFile: string | null;
  /** How long one instance's claim on an owed credit lasts unless renewed (renewed while its call lasts). */
  outboxLeaseMs: number;
  /** Bearer token for /metrics from non-loopback clients; null: loopback only. */
  metricsToken: string | null;
}


/** All of a gateway's settings, or null when any is missing (the gateway stays closed). */
function group(env: Env, names: string[]): Record<string, string> | null {
  const values = names.map((n) => str(env, n));
  if (values.some((v) => v === null)) return null;
  return Object.fromEntries(names.map((n, i) => [n, values[i]!]));
}

export function loadPayConfig(env: Env = process.env): Readonly<PayConfig> {
  const nodeEnv = str(env, 'NODE_ENV') ?? 'development';
  const mode: PayConfig['env'] = nodeEnv === 'production' ? 'production' : nodeEnv === 'test' ? 'test' : 'development';
  const port = int(env, 'PAY_PORT', 3001, 0, 65535);
  const host = str(env, 'PAY_HOST') ?? '127.0.0.1';
  const publicUrl = url(env, 'PAY_PUBLIC_URL') ?? `http://localhost:${port}`;
  const apiUrl = url(env, 'STOREFRONT_API_URL') ?? 'http://127.0.0.1:3000';

  const secretRaw = str(env, 'STORE_WEBHOOK_SECRET');
  const storeWebhookSecrets = secretRaw === null ? null : secretRaw.split(',').map((x) => x.trim()).filter(Boolean);
  if (storeWebhookSecrets && (storeWebhookSecrets.length === 0 || storeWebhookSecrets.length > 2)) {
    throw new ConfigError('STORE_WEBHOOK_SECRET', 'one secret, or two comma-separated during rotation');
  }
  if (storeWebhookSecrets?.some((x) => x.length < 16)) throw new ConfigError('STORE_WEBHOOK_SECRET', 'each secret must be at least 16 characters');

  const a = group(env, ['GATEWAY_A_MERCHANT_ID', 'GATEWAY_A_ACCESS_CODE', 'GATEWAY_A_WORKING_KEY', 'GATEWAY_A_TRANSACTION_URL', 'GATEWAY_A_STATUS_URL']);
  const aUrl = a ? url(env, 'GATEWAY_A_TRANSACTION_URL')! : null;
  const aStatusUrl = a ? url(env, 'GATEWAY_A_STATUS_URL')! : null;
  const b = group(env, ['GATEWAY_B_CLIENT_ID', 'GATEWAY_B_CLIENT_SECRET', 'GATEWAY_B_API_BASE', 'GATEWAY_B_WEBHOOK_ID']);
  const bBase = b ? url(env, 'GATEWAY_B_API_BASE')! : null;

  const databaseUrl = str(env, 'PAY_DATABASE_URL') ?? (mode === 'test' ? null : 'sqlite:./data/pay.db');
  if (databaseUrl !== null && !/^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl)) {
    throw new ConfigError('PAY_DATABASE_URL', 'expected postgres://… or sqlite:<path>');
  }

  const config: PayConfig = {
    env: mode,
    port,
    host,
    publicUrl,
    apiUrl,
    storeWebhookSecrets,
    gatewayA: a
      ? {
          merchantId: a.GATEWAY_A_MERCHANT_ID!,
          accessCode: a.GATEWAY_A_ACCESS_CODE!,
          workingKey: a.GATEWAY_A_WORKING_KEY!,
          transactionUrl: aUrl!,
          statusUrl: aStatusUrl!,
        }
      : null,
    gatewayB: b
      ? {
          clientId: b.GATEWAY_B_CLIENT_ID!,
          clientSecret: b.GATEWAY_B_CLIENT_SECRET!,
          apiBase: bBase!,
          webhookId: b.GATEWAY_B_WEBHOOK_ID!,
        }
      : null,
    logLevel: str(env, 'LOG_LEVEL') ?? (mode === 'test' ? 'silent' : 'info'),
    httpTimeoutMs: int(env, 'PAY_HTTP_TIMEOUT_MS', 10_000, 100, 120_000),
    databaseUrl,
    outboxFile: str(env, 'PAY_OUTBOX_FILE') ?? (mode === 'test' ? null : './data/pay-outbox.json'),
    outboxLeaseMs: int(env, 'PAY_OUTBOX_LEASE_MS', 30_000, 1_000, 600_000),
    metricsToken: str(env, 'METRICS_TOKEN'),
  };
  return Object.freeze(config);
}
