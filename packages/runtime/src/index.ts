/**
 * Start and stop, the same for the API, the payment server and the admin portal: settings are
 * read once, a present-but-invalid one stops the start with one line naming it, and SIGTERM or
 * SIGINT close the server gracefully.
 */

import { ConfigError } from './settings.ts';

export { ConfigError, bool, int, str, url, type Env } from './settings.ts';

/** Runs a config loader; a ConfigError ends the process with its one line on stderr. */
export function loadOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : String(err));
    process.exit(1);
  }
}

interface Closable {
  close(): Promise<unknown>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, run close hooks, exit
 * 0; exit 1 if that takes longer than `graceMs` or fails.
 */
export function closeOnSignals(app: Closable, graceMs = 10_000): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), graceMs).unref();
      app.close().then(
        () => {
          clearTimeout(force);
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
    });
  }
}

export { type Clock, systemClock } from './clock.ts';
export { clientRefusal, errorBody, frameworkError, frameworkRefusals, installErrorHandling, routerRefusal, type ErrorBody, type ErrorHandlingOptions, type KnownError } from './errors.ts';
export { metricsAllowed } from './metrics-access.ts';
export { plainPath, trustProxy, trustProxyOption, type TrustProxy } from './proxies.ts';
