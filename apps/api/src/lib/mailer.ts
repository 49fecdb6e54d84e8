import type { Transporter } from 'nodemailer';
import type { Config, SmtpConfig } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Bounded so a dead mail server fails a request in seconds instead of hanging it. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/**
 * A mailer over SMTP (`SMTP_*`), or null while the gate is closed. nodemailer is loaded at the
 * first message, so a server that never mails does not carry it (docs/performance.md, "The API's memory").
 */
export function createMailer(smtp: SmtpConfig | null): Mailer | null {
  if (!smtp) return null;
  let transport: Promise<Transporter> | undefined;
  const open = async () =>
    (await import('nodemailer')).default.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user !== null ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
      ...TIMEOUTS,
    });
  return {
    async send(message) {
      transport ??= open();
      await (await transport).sendMail({ from: smtp.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
  };
}

const cache = new WeakMap<object, Mailer | null>();

/** One mailer per loaded config, so every caller (email OTP, ticket notices) shares the transport. */
export function mailerFor(config: Readonly<Config>): Mailer | null {
  if (!cache.has(config)) cache.set(config, createMailer(config.smtp));
  return cache.get(config) ?? null;
}

/** Escapes text for an HTML body. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
