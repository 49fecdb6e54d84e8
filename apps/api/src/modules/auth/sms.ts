import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';

export interface SmsMessage {
  to: string;
  body: string;
  purpose: string;
}

/** One interface over every SMS provider; `send` resolves once the provider accepted the message. */
export interface SmsSender {
  readonly provider: string;
  send(message: SmsMessage): Promise<void>;
}

/** A provider refusal, network failure or timeout. The message never includes the SMS body. */
export class SmsError extends Error {}

export const SMS_TIMEOUT_MS = 5000;

async function post(url: string, init: RequestInit, timeoutMs: number): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, method: 'POST', redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const name = (err as Error).name;
    throw new SmsError(name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : `request failed (${name})`);
  }
  // Drain without reading into logs: a provider may echo the message body, which holds the code.
  await res.arrayBuffer().catch(() => undefined);
  if (res.status < 200 || res.status > 299) throw new SmsError(`provider answered ${res.status}`);
}

/** `X-Store-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (docs/contracts.md §6). */
export function signatureHeader(secret: string, unixSeconds: number, rawBody: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** The configured sender, or null while `SMS_PROVIDER` is unset (OTP sends then answer 503). */
export function createSmsSender(sms: Config['sms'], clock: Clock, timeoutMs = SMS_TIMEOUT_MS): SmsSender | null {
  if (!sms) return null;
  if (sms.provider === 'twilio') {
    const url = `${sms.apiBase}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
    const basic = Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64');
    return {
      provider: 'twilio',
      send: (m) =>
        post(
          url,
          {
            headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ To: m.to, From: sms.from, Body: m.body }).toString(),
          },
          timeoutMs,
        ),
    };
  }
  return {
    provider: 'webhook',
    send: (m) => {
      const raw = JSON.stringify({ to: m.to, body: m.body, purpose: m.purpose });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (sms.secret) headers['x-store-signature'] = signatureHeader(sms.secret, Math.floor(clock.now().getTime() / 1000), raw);
      return post(sms.url, { headers, body: raw }, timeoutMs);
    },
  };
}
