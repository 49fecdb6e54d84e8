/** Local stand-ins for the outside parties of the OTP domain: an SMS HTTP endpoint and an SMTP server. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';

export interface SmsRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  raw: string;
}

/** An HTTP server that records every request; `mode` picks its answer. */
export class SmsSimulator {
  requests: SmsRequest[] = [];
  mode: 'ok' | 'fail' | 'hang' = 'ok';
  #server: Server;
  #hanging: Array<() => void> = [];
  url = '';

  private readonly okStatus: number;

  constructor(okStatus = 200) {
    this.okStatus = okStatus;
    this.#server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (d: string) => (raw += d));
      req.on('end', () => {
        this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, raw });
        if (this.mode === 'hang') {
          this.#hanging.push(() => res.destroy());
          return;
        }
        const status = this.mode === 'ok' ? this.okStatus : 500;
        res.writeHead(status, { 'content-type': 'application/json' });
        // A failing provider echoing the message back: the code must still never reach our logs.
        res.end(JSON.stringify(this.mode === 'ok' ? { sid: 'SM123', status: 'queued' } : { error: 'down', echo: raw }));
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  /** Cuts every request left hanging (the provider fails them). */
  async releaseHanging(): Promise<void> {
    for (const end of this.#hanging.splice(0)) end();
  }

  async stop(): Promise<void> {
    for (const end of this.#hanging) end();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The message text of request `i` (JSON for the webhook, form-encoded for Twilio). */
  messageBody(i = this.requests.length - 1): string {
    const r = this.requests[i];
    if (!r) throw new Error(`no SMS request #${i}`);
    if (String(r.headers['content-type']).startsWith('application/json')) return JSON.parse(r.raw).body;
    return new URLSearchParams(r.raw).get('Body') ?? '';
  }

  /** The code in request `i`: the only 6-digit run of the message. */
  code(i = this.requests.length - 1): string {
    const runs = this.messageBody(i).match(/\d+/g)?.filter((d) => d.length === 6) ?? [];
    if (runs.length !== 1) throw new Error(`expected one 6-digit run in SMS #${i}`);
    return runs[0]!;
  }

  countTo(phone: string): number {
    return this.requests.filter((r) => r.raw.includes(JSON.stringify(phone).slice(1, -1)) || new URLSearchParams(r.raw).get('To') === phone).length;
  }
}

export interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in the test process (no TLS, no auth); `fail` makes it refuse messages. */
export class MailSink {
  mails: Mail[] = [];
  fail = false;
  port = 0;
  #server: SMTPServer;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (d: string) => (raw += d));
        stream.on('end', () => {
          if (this.fail) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.#server.server.address() as AddressInfo).port;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /** The code in mail `i`, read from its text part. */
  code(i = this.mails.length - 1): string {
    const m = this.mails[i]?.raw.match(/verification code is (\d{6})\./);
    if (!m) throw new Error(`no code in mail #${i}`);
    return m[1]!;
  }
}

/** Collects every log line the app writes. */
export class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer | string, _enc: BufferEncoding, cb: () => void): void {
    this.lines.push(chunk.toString());
    cb();
  }
  get text(): string {
    return this.lines.join('');
  }
}

/** True when `code` appears in `text` as a whole token (not inside a longer id or number). */
export const containsCode = (text: string, code: string): boolean => new RegExp(`(?<![\\w.])${code}(?![\\w.])`).test(text);

/** Any 6-digit code other than `code`. */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
