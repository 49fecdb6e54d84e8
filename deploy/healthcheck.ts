// The image's HEALTHCHECK: finds which Storefront server runs in this container (whatever its
// PID, with or without an init process) and asks its GET /health on loopback. A container running
// no server (migrate, jobs) has nothing to answer for and counts as healthy.
import { readdirSync, readFileSync } from 'node:fs';

const ports: Record<string, [setting: string, fallback: number]> = {
  api: ['PORT', 3000],
  pay: ['PAY_PORT', 3001],
  admin: ['ADMIN_PORT', 3002],
  shop: ['SHOP_PORT', 3003],
};

function runningPart(): string | null {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
    } catch {
      continue;
    }
    const found = /apps\/(api|pay|admin|shop)\/src\/server\.ts/.exec(cmdline);
    if (found) return found[1]!;
  }
  return null;
}

const part = runningPart();
if (part === null) process.exit(0);
const [setting, fallback] = ports[part]!;
const port = Number(process.env[setting] || fallback);
try {
  const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
