import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { formatMoney } from '@storefront/money';
import type { Outcome } from './settlement.ts';
import type { Refusal } from './topup.ts';

/**
 * Server-rendered pages. Everything that comes from outside goes through `esc`. Each response gets
 * its own CSP nonce for its one <style> block and, where a form must submit itself, its one <script>.
 * No third-party script, font or image is ever loaded.
 */

export const esc = (v: unknown): string =>
  String(v).replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2330}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 .75rem}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1.25rem}
form{margin:0 0 .75rem}
button,.button{display:block;width:100%;min-height:48px;padding:.75rem 1rem;border:0;border-radius:8px;background:#1f5fd6;color:#fff;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button.secondary{background:#4a5568}
.muted{color:#5b6474;font-size:.9rem}
.ok{color:#137333}.bad{color:#b3261e}
a.link{display:inline-block;min-height:44px;padding:.6rem 0;color:#1f5fd6;font-weight:600}
`;

export interface PageOptions {
  title: string;
  body: string;
  status?: number;
  /** Extra origins forms on this page may post to (gateway A's transaction URL). */
  formAction?: string[];
  /** Inline script, allowed by this response's nonce only. */
  script?: string;
  /** Trusted (already escaped) extra <head> markup, e.g. a meta refresh. */
  headHtml?: string;
}

export function sendPage(reply: FastifyReply, o: PageOptions): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const formAction = ["'self'", ...(o.formAction ?? [])].join(' ');
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    o.script ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(o.title)}</title>${o.headHtml ?? ''}
<style nonce="${nonce}">${STYLE}</style></head>
<body><main><div class="card">
${o.body}
</div></main>${o.script ? `<script nonce="${nonce}">${o.script}</script>` : ''}</body></html>`;
  return reply
    .code(o.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .send(html);
}

/** A plain message page: invalid link, expired, unavailable, results. */
export function messagePage(reply: FastifyReply, status: number, title: string, lines: string[], cls = ''): FastifyReply {
  const body = `<h1 class="${esc(cls)}">${esc(title)}</h1>${lines.map((l) => `<p class="muted">${esc(l)}</p>`).join('')}`;
  return sendPage(reply, { title, body, status });
}

/** The page for a top-up that cannot be paid here (src/topup.ts). */
export const refusalPage = (reply: FastifyReply, r: Refusal): FastifyReply => messagePage(reply, r.status, r.title, r.lines, r.tone);

export interface TopupPageInput {
  token: string;
  amount: number;
  currency: string;
  gatewayA: boolean;
  gatewayB: boolean;
  /** Gateway codes in the order the admin set (sort_order); absent: A then B. */
  order?: string[];
  /** Back to the shop without paying (the top-up's return_url with `topup=<token>`). */
  returnHref?: string;
}

export function topupPage(reply: FastifyReply, t: TopupPageInput, notice?: string): FastifyReply {
  const hidden = `<input type="hidden" name="token" value="${esc(t.token)}">`;
  const forms: { code: string; html: string }[] = [];
  if (t.gatewayA) {
    forms.push({ code: 'gateway_a', html: `<form method="post" action="/api/gateway-a/initiate">${hidden}<button id="pay-gateway-a" type="submit">Pay with cards, UPI or netbanking</button></form>` });
  }
  if (t.gatewayB) {
    forms.push({ code: 'gateway_b', html: `<form method="post" action="/api/gateway-b/create">${hidden}<button id="pay-gateway-b" class="secondary" type="submit">Pay with PayPal</button></form>` });
  }
  const rank = (code: string) => (t.order?.includes(code) ? t.order.indexOf(code) : Number.MAX_SAFE_INTEGER);
  forms.sort((x, y) => rank(x.code) - rank(y.code));
  const body = `<h1>Add money to your wallet</h1>
${notice ? `<p class="bad" id="notice">${esc(notice)}</p>` : ''}
<p class="muted">Amount to pay</p>
<p class="amount" id="amount">${esc(formatMoney(t.amount, t.currency))}</p>
${forms.map((f) => f.html).join('\n')}
<p class="muted">You will be taken to the payment provider to finish. Your wallet is credited as soon as the payment is confirmed.</p>
${t.returnHref ? `<p><a class="link" id="back" href="${esc(t.returnHref)}">Back to the shop without paying</a></p>` : ''}`;
  return sendPage(reply, { title: 'Top up your wallet', body });
}

/** An auto-submitting form to gateway A; the button stays for browsers without script. */
export function gatewayAHandoffPage(reply: FastifyReply, action: string, fields: Record<string, string>): FastifyReply {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const body = `<h1>Taking you to the payment page…</h1>
<form id="handoff" method="post" action="${esc(action)}">${inputs}<button type="submit">Continue to payment</button></form>`;
  return sendPage(reply, {
    title: 'Redirecting to payment',
    body,
    formAction: [new URL(action).origin],
    script: `document.getElementById('handoff').submit();`,
  });
}

export type ResultKind = 'success' | 'pending' | 'failed' | 'unverified' | 'not_added';

export interface ResultDetail {
  amount?: number;
  currency?: string;
  status?: number;
  retry?: { action: string; fields: Record<string, string> };
  /** Back to the hosted page to choose again (after a decline or cancel). */
  againHref?: string;
  /** A link that asks again (gateway B's return URL, which captures or reads the order again). */
  checkHref?: string;
  /**
   * Back to the shop (the top-up's return_url with `topup=<token>`): the page moves on by itself
   * at once, and the shop shows the outcome (credited, not credited, still checking).
   */
  returnHref?: string;
  /** The page holds the only way to ask again (gateway A's proof): it links back to the shop but does not move on by itself. */
  stay?: boolean;
}

/**
 * Seconds a result page stays before it takes the payer back to the shop: none, since the shop
 * shows the outcome itself, and a timed refresh would fail WCAG 2.2.1 (timing adjustable).
 */
export const RETURN_DELAY_SECONDS = 0;

export function resultPage(reply: FastifyReply, kind: ResultKind, detail: ResultDetail = {}): FastifyReply {
  const amount = detail.amount !== undefined && detail.currency ? formatMoney(detail.amount, detail.currency) : null;
  let title: string;
  let lines: string[];
  let cls: string;
  switch (kind) {
    case 'success':
      title = 'Payment successful';
      lines = [amount ? `${amount} has been added to your wallet.` : 'Your wallet has been credited.'];
      cls = 'ok';
      break;
    case 'pending':
      title = 'Payment received';
      lines = [`We are confirming your payment${amount ? ` of ${amount}` : ''}. Your wallet will be updated shortly; no need to pay again.`];
      cls = 'ok';
      break;
    case 'failed':
      title = 'Payment not completed';
      lines = ['The payment was declined or cancelled, and your wallet was not charged by us.'];
      cls = 'bad';
      break;
    case 'not_added':
      // A second payment for a top-up an earlier payment already completed (409 topup_already_completed).
      title = 'Payment not added to your wallet';
      lines = [
        `This top-up was already paid, so this payment${amount ? ` of ${amount}` : ''} was not added to your wallet.`,
        'It will be returned to you; you do not need to do anything.',
      ];
      cls = 'bad';
      break;
    case 'unverified':
      title = 'Payment could not be verified';
      lines = ['We could not confirm this payment, so nothing was added to your wallet.', 'If money left your account, contact support with the time of payment.'];
      cls = 'bad';
      break;
  }
  let body = `<h1 id="result" data-result="${esc(kind)}" class="${esc(cls)}">${esc(title)}</h1>${lines.map((l) => `<p class="muted">${esc(l)}</p>`).join('')}`;
  if (detail.retry) {
    const inputs = Object.entries(detail.retry.fields)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join('');
    body += `<form method="post" action="${esc(detail.retry.action)}">${inputs}<button id="retry" type="submit" class="secondary">Check again</button></form>`;
  }
  if (detail.checkHref) body += `<p><a class="button" id="check" href="${esc(detail.checkHref)}">Check again</a></p>`;
  if (detail.againHref) body += `<p><a class="button" id="again" href="${esc(detail.againHref)}">Try again</a></p>`;
  const moveOn = detail.returnHref !== undefined && !detail.stay;
  if (detail.returnHref) {
    body += `${moveOn ? '<p class="muted">Taking you back to the shop…</p>' : ''}<p><a class="button" id="back" href="${esc(detail.returnHref)}">Back to the shop</a></p>`;
  }
  const headHtml = moveOn ? `<meta http-equiv="refresh" content="${RETURN_DELAY_SECONDS};url=${esc(detail.returnHref)}">` : undefined;
  return sendPage(reply, { title, body, status: detail.status ?? 200, ...(headHtml ? { headHtml } : {}) });
}

/** Gateway B's approve page: a fresh page that moves on by itself (see `Shown`'s `approve`). */
function gatewayBHandoffPage(reply: FastifyReply, approveUrl: string): FastifyReply {
  const href = esc(approveUrl);
  return sendPage(reply, {
    title: 'Redirecting to payment',
    body: `<h1>Taking you to the payment page…</h1><p><a class="button" id="continue" href="${href}">Continue to payment</a></p>`,
    headHtml: `<meta http-equiv="refresh" content="0;url=${href}">`,
  });
}

/**
 * What a payment route shows the browser. The gateway services answer with one; the routes only
 * render it (`show`).
 */
export type Shown =
  /** A plain page saying why this cannot go on (src/topup.ts `Refusal`). */
  | { page: 'refusal'; refusal: Refusal }
  | { page: 'result'; kind: ResultKind; detail?: ResultDetail }
  /** The auto-submitting form that takes the payer to gateway A. */
  | { page: 'gateway-a'; action: string; fields: Record<string, string> }
  /**
   * Gateway B's approve URL. A 303 from a form post is checked against the page's form-action in
   * browsers; a fresh page that moves on by itself keeps the CSP tight without naming the host.
   */
  | { page: 'gateway-b'; approveUrl: string }
  /** A 303 to one of our own pages. */
  | { page: 'see-other'; location: string };

export function show(reply: FastifyReply, s: Shown): FastifyReply {
  switch (s.page) {
    case 'refusal':
      return refusalPage(reply, s.refusal);
    case 'result':
      return resultPage(reply, s.kind, s.detail);
    case 'gateway-a':
      return gatewayAHandoffPage(reply, s.action, s.fields);
    case 'gateway-b':
      return gatewayBHandoffPage(reply, s.approveUrl);
    case 'see-other':
      return reply.redirect(s.location, 303);
  }
}

/** `s` with the way back to the shop, when it is a result page and there is one. */
export function withReturn(s: Shown, returnHref: string | undefined): Shown {
  if (s.page !== 'result' || returnHref === undefined) return s;
  // The shop offers its own "try again" (a fresh top-up): the hosted page's would race the move back.
  const { againHref: _again, ...detail } = s.detail ?? {};
  return { ...s, detail: { ...detail, returnHref } };
}

/** The page for a settled payment; `again` is how its "Check again" asks once more while the credit is pending. */
export function settledResult(outcome: Outcome, again: Pick<ResultDetail, 'retry' | 'checkHref'>): Shown {
  switch (outcome.kind) {
    case 'credited':
      return { page: 'result', kind: 'success', detail: { amount: outcome.amount, currency: outcome.currency } };
    case 'pending':
      return { page: 'result', kind: 'pending', detail: { amount: outcome.amount, currency: outcome.currency, ...again } };
    case 'second_payment':
      return { page: 'result', kind: 'not_added', detail: { amount: outcome.amount, currency: outcome.currency } };
    default:
      return { page: 'result', kind: 'unverified' };
  }
}
