/**
 * The API description (`/docs/openapi.json`, committed as packages/client/openapi.json): one table
 * naming every operation, its summary and the error answers its rules can give. The route files
 * keep their schemas (they drive validation and serialisation); this file only describes (and
 * serves the description, `installDocs`), so nothing here changes what an API request gets.
 * docs/api-changes.md records what changed on the wire.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions as SwaggerOptions } from '@fastify/swagger';
import type { Config } from './config.ts';
import type { ErrorCode } from './lib/errors.ts';
import { ErrorSchema } from './lib/error-handler.ts';

const { STATUS_CODES } = process.getBuiltinModule('node:http'); // not imported: see runtime's errors.ts

/** Tags in display order; every route's `tags` must be one of these (test/openapi.test.ts). */
export const TAGS = [
  { name: 'meta', description: 'Health and the mobile app version gate.' },
  { name: 'auth', description: 'Registration, password and SMS one-time-password login, token refresh, logout, password reset.' },
  { name: 'accounts', description: "The caller's profile and email verification." },
  { name: 'catalogue', description: 'Public products and categories, and the content-addressed images they show.' },
  { name: 'wallet', description: 'Shopping-credit balances and ledger, the daily spin, and top-ups (the only way money enters).' },
  { name: 'orders', description: 'Server-priced quotes and orders paid from the wallet, and the payment gateways a client may offer.' },
  { name: 'referrals', description: 'Share codes, the public share link and referral attribution.' },
  { name: 'account deletion', description: 'Deleting an account: the public web flow and the in-app flow, both proven by an SMS code.' },
  { name: 'tickets', description: 'Support tickets and their replies.' },
  { name: 'admin', description: 'The back office: catalogue, gateways, users, wallets, orders, refunds, tickets, logs and the audit log (admin token).' },
] as const;

type Status = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;

export interface Operation {
  /** Stable camelCase name; client generators name their methods after it, so never rename one. */
  id: string;
  summary: string;
  /** Error answers this route's own rules give, beyond the ones every route of its kind gives (`errorsOf`). */
  errors?: Partial<Record<Status, ErrorCode[]>>;
  /** `code` values of its 429 `rate_limited` answers. */
  limits?: string[];
  /** Signed by the payment server (`X-Store-Signature`) instead of a token. */
  signed?: boolean;
}

/** Every documented route, keyed `METHOD /full/path` as Fastify knows it. */
export const OPERATIONS: Record<string, Operation> = {
  // meta
  'GET /health': { id: 'getHealth', summary: 'Health of the API and its database' },
  'GET /ready': { id: 'getReady', summary: 'Ready for traffic: the database answers and is migrated' },
  'GET /api/v1/app/version': { id: 'getAppVersion', summary: 'Mobile app version gate' },

  // auth
  'POST /api/v1/auth/register': { id: 'register', summary: 'Register with phone and password', errors: { 409: ['conflict'] }, limits: ['IP_RATE_LIMITED'] },
  'POST /api/v1/auth/login': { id: 'login', summary: 'Sign in with phone and password', errors: { 401: ['invalid_credentials'] }, limits: ['LOGIN_RATE_LIMITED', 'IP_RATE_LIMITED'] },
  'POST /api/v1/auth/admin/login': {
    id: 'adminLogin',
    summary: 'Sign in to the back office (admin role); an account with two-factor sign-in gets an mfa_token instead',
    errors: { 401: ['invalid_credentials'] },
    limits: ['LOGIN_RATE_LIMITED', 'IP_RATE_LIMITED'],
  },
  'POST /api/v1/auth/admin/login/mfa': {
    id: 'adminLoginMfa',
    summary: 'Second step of the back-office sign-in: the mfa_token and a TOTP or recovery code',
    errors: { 401: ['invalid_mfa_token', 'invalid_mfa_code'] },
    limits: ['LOGIN_RATE_LIMITED', 'IP_RATE_LIMITED', 'MFA_RATE_LIMITED'],
  },
  'POST /api/v1/auth/admin/accept-invite': {
    id: 'adminAcceptInvite',
    summary: 'Accept a staff invite with the SMS code and set the password',
    errors: { 400: ['invalid_invite'] },
    limits: ['LOGIN_RATE_LIMITED', 'IP_RATE_LIMITED'],
  },
  'POST /api/v1/auth/refresh': { id: 'refreshToken', summary: 'Exchange a refresh token for a new token pair', errors: { 401: ['unauthorized'] } },
  'POST /api/v1/auth/logout': { id: 'logout', summary: "End all of the caller's sessions" },
  'POST /api/v1/auth/otp/send': {
    id: 'sendOtp',
    summary: 'Send a one-time password by SMS',
    errors: { 502: ['otp_send_failed'], 503: ['otp_send_failed'] },
    limits: ['OTP_RATE_LIMITED'],
  },
  'POST /api/v1/auth/otp/verify': { id: 'verifyOtp', summary: 'Sign in (or sign up) with an SMS one-time password', errors: { 401: ['invalid_otp'] } },
  'POST /api/v1/auth/reset-password': { id: 'resetPassword', summary: 'Set a new password, proven by an SMS code (never for a staff account)', errors: { 401: ['invalid_otp'] } },

  // accounts
  'GET /api/v1/me': { id: 'getMe', summary: "The caller's profile", errors: { 404: ['not_found'] } },
  'PATCH /api/v1/me': { id: 'updateMe', summary: "Update the caller's profile", errors: { 404: ['not_found'] } },
  'POST /api/v1/me/email/send-otp': {
    id: 'sendEmailOtp',
    summary: 'Send an email verification code',
    errors: { 404: ['not_found'], 409: ['email_in_use'], 502: ['email_send_failed'], 503: ['email_disabled'] },
    limits: ['EMAIL_OTP_RATE_LIMITED'],
  },
  'POST /api/v1/me/email/verify-otp': {
    id: 'verifyEmailOtp',
    summary: "Verify the caller's email with the code",
    errors: { 400: ['invalid_otp'], 409: ['email_in_use'] },
  },

  // catalogue
  'GET /api/v1/products': { id: 'listProducts', summary: 'Active products' },
  'GET /api/v1/products/{id}': { id: 'getProduct', summary: 'One active product' },
  'GET /api/v1/categories': { id: 'listCategories', summary: 'Active categories' },
  'GET /media/{key}': { id: 'getMedia', summary: 'Image bytes (immutable, content-addressed)' },

  // wallet
  'GET /api/v1/wallet': { id: 'getWallet', summary: "The caller's balances", errors: { 404: ['not_found'] } },
  'GET /api/v1/wallet/transactions': { id: 'listWalletTransactions', summary: "The caller's wallet transactions, newest first" },
  'POST /api/v1/wallet/settle-pending': { id: 'settlePending', summary: 'Compatibility no-op: settles nothing', errors: { 404: ['not_found'] } },
  'POST /api/v1/wallet/daily-spin': { id: 'dailySpin', summary: 'Spin once per UTC day for shopping credits', errors: { 404: ['not_found'], 409: ['already_spun'] } },
  'POST /api/v1/wallet/topup-initiate': {
    id: 'initiateTopup',
    summary: 'Start a top-up on the hosted payment page (the amount must suit an active gateway)',
    errors: { 400: ['return_url_not_allowed'], 503: ['topup_disabled'] },
  },
  'GET /api/v1/wallet/topup-status/{token}': { id: 'getTopupStatus', summary: 'Poll a top-up (may verify with gateway B and credit)' },
  'POST /api/v1/wallet/topup-credit': {
    id: 'creditTopup',
    summary: 'Credit a gateway-confirmed top-up (payment server, signed)',
    errors: { 401: ['invalid_signature'], 404: ['not_found'], 409: ['amount_mismatch', 'gateway_txn_reused', 'topup_already_completed'], 503: ['callback_disabled'] },
    limits: ['IP_RATE_LIMITED'],
    signed: true,
  },
  'POST /api/v1/wallet/topup-lookup': {
    id: 'lookupTopup',
    summary: 'What a top-up token pays for (payment server, signed)',
    errors: { 401: ['invalid_signature'], 404: ['not_found'], 503: ['callback_disabled'] },
    limits: ['IP_RATE_LIMITED'],
    signed: true,
  },
  'POST /api/v1/wallet/topup-attach': {
    id: 'attachTopup',
    summary: 'Name the gateway B order paying a token (payment server, signed)',
    errors: { 401: ['invalid_signature'], 404: ['not_found'], 503: ['callback_disabled'] },
    limits: ['IP_RATE_LIMITED'],
    signed: true,
  },
  'POST /api/v1/wallet/topup-decline': {
    id: 'declineTopup',
    summary: 'Report that the gateway declined a payment for a token (payment server, signed)',
    errors: { 401: ['invalid_signature'], 404: ['not_found'], 503: ['callback_disabled'] },
    limits: ['IP_RATE_LIMITED'],
    signed: true,
  },

  // orders
  'GET /api/v1/payment-gateways': { id: 'listPaymentGateways', summary: 'Active payment gateways a client may offer' },
  'POST /api/v1/orders/quote': { id: 'quoteOrder', summary: 'Price a cart from the catalogue', errors: { 400: ['invalid_product'], 409: ['out_of_stock'] } },
  'POST /api/v1/orders': {
    id: 'placeOrder',
    summary: 'Place an order paid from the wallet (honours Idempotency-Key)',
    errors: { 400: ['invalid_product'], 402: ['insufficient_credits'], 404: ['not_found'], 409: ['out_of_stock', 'idempotency_conflict', 'conflict'] },
  },
  'GET /api/v1/orders': { id: 'listOrders', summary: "The caller's orders, newest first" },
  'GET /api/v1/orders/{id}': { id: 'getOrder', summary: 'One of the caller’s orders' },
  'POST /api/v1/orders/{id}/cancel': { id: 'cancelOrder', summary: 'Cancel an order and refund the wallet', errors: { 409: ['invalid_transition', 'conflict'] } },

  // referrals
  'GET /r/{code}': { id: 'followReferralLink', summary: 'Public share link: logs a click and redirects to the app store', limits: ['REFERRAL_RATE_LIMITED'] },
  'GET /api/v1/referrals/my-code': { id: 'getMyReferralCode', summary: "The caller's share code and link", errors: { 404: ['not_found'] } },
  'GET /api/v1/referrals/check': { id: 'checkReferral', summary: "The code last clicked from the caller's IP", limits: ['REFERRAL_RATE_LIMITED'] },

  // account deletion
  'POST /api/v1/account/deletion/web/send-otp': { id: 'sendWebDeletionOtp', summary: 'Web flow: send a deletion code to a phone', limits: ['OTP_RATE_LIMITED'] },
  'POST /api/v1/account/deletion/web/verify': { id: 'verifyWebDeletionOtp', summary: 'Web flow: exchange the code for a deletion token', errors: { 401: ['invalid_otp'] } },
  'POST /api/v1/account/deletion/web/request': {
    id: 'requestWebDeletion',
    summary: 'Web flow: file the deletion request',
    errors: { 400: ['invalid_deletion_token'], 409: ['deletion_blocked', 'last_owner', 'conflict'] },
  },
  'GET /api/v1/account/deletion/eligibility': { id: 'getDeletionEligibility', summary: 'Whether open orders or balances block deletion' },
  'POST /api/v1/account/deletion/send-otp': {
    id: 'sendDeletionOtp',
    summary: "Send a deletion code to the caller's phone",
    errors: { 403: ['forbidden'], 404: ['not_found'], 409: ['conflict'], 502: ['otp_send_failed'], 503: ['otp_send_failed'] },
    limits: ['OTP_RATE_LIMITED'],
  },
  'POST /api/v1/account/deletion/verify-otp': {
    id: 'verifyDeletionOtp',
    summary: 'Exchange the code for a deletion token',
    errors: { 401: ['invalid_otp'], 403: ['forbidden'], 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/v1/account/deletion/request': {
    id: 'requestDeletion',
    summary: "File the deletion of the caller's account",
    errors: { 400: ['invalid_deletion_token'], 403: ['forbidden'], 409: ['deletion_blocked', 'last_owner', 'conflict'] },
  },
  'GET /api/v1/account/deletion/status': { id: 'getDeletionStatus', summary: "The caller's deletion request" },
  'POST /api/v1/account/deletion/cancel': { id: 'cancelDeletion', summary: 'Cancel a pending deletion request', errors: { 409: ['conflict'] } },

  // tickets
  'POST /api/v1/tickets': { id: 'createTicket', summary: 'Open a support ticket', limits: ['TICKET_RATE_LIMITED'] },
  'GET /api/v1/tickets': { id: 'listTickets', summary: "The caller's tickets" },
  'GET /api/v1/tickets/{id}': { id: 'getTicket', summary: 'One of the caller’s tickets with its replies' },
  'POST /api/v1/tickets/{id}/reply': { id: 'replyToTicket', summary: 'Reply to one of the caller’s tickets', errors: { 409: ['conflict'] } },

  // admin: catalogue
  'GET /api/v1/admin/categories': { id: 'adminListCategories', summary: 'All categories' },
  'POST /api/v1/admin/categories': { id: 'adminCreateCategory', summary: 'Create a category', errors: { 409: ['conflict'] } },
  'PUT /api/v1/admin/categories/{id}': { id: 'adminUpdateCategory', summary: 'Edit a category', errors: { 409: ['conflict'] } },
  'DELETE /api/v1/admin/categories/{id}': { id: 'adminDeleteCategory', summary: 'Delete an empty category', errors: { 409: ['conflict'] } },
  'GET /api/v1/admin/products': { id: 'adminListProducts', summary: 'All products, inactive included' },
  'POST /api/v1/admin/products': { id: 'adminCreateProduct', summary: 'Create a product' },
  'GET /api/v1/admin/products/{id}': { id: 'adminGetProduct', summary: 'One product' },
  'PUT /api/v1/admin/products/{id}': { id: 'adminUpdateProduct', summary: 'Edit a product' },
  'DELETE /api/v1/admin/products/{id}': { id: 'adminDeleteProduct', summary: 'Delete a product' },
  'GET /api/v1/admin/products/{id}/cost': { id: 'adminGetProductCost', summary: "A product's unit cost" },
  'PUT /api/v1/admin/products/{id}/cost': { id: 'adminSetProductCost', summary: "Set a product's unit cost" },
  'GET /api/v1/admin/payment-gateways': { id: 'adminListPaymentGateways', summary: 'All payment gateways' },
  'POST /api/v1/admin/payment-gateways': { id: 'adminCreatePaymentGateway', summary: 'Create a payment gateway', errors: { 409: ['conflict'] } },
  'PUT /api/v1/admin/payment-gateways/{id}': { id: 'adminUpdatePaymentGateway', summary: 'Edit a payment gateway', errors: { 409: ['conflict'] } },
  'DELETE /api/v1/admin/payment-gateways/{id}': { id: 'adminDeletePaymentGateway', summary: 'Delete a payment gateway' },
  'POST /api/v1/admin/uploads/image': {
    id: 'adminUploadImage',
    summary: 'Upload an image (PNG, JPEG, GIF or WebP, at most 5 MB)',
    errors: { 400: ['UNSUPPORTED_IMAGE_TYPE'], 413: ['IMAGE_TOO_LARGE'], 503: ['uploads_disabled'] },
  },

  // admin: users, wallets, logs
  'GET /api/v1/admin/dashboard': { id: 'adminGetDashboard', summary: 'Headline metrics' },
  'GET /api/v1/admin/dashboard/daily': { id: 'adminGetDashboardDaily', summary: 'The headline figures per UTC day, over 1 to 90 days' },
  'GET /api/v1/admin/users': { id: 'adminListUsers', summary: 'Search users by phone, name or email' },
  'GET /api/v1/admin/users/{uid}': { id: 'adminGetUser', summary: 'One user with referral attribution' },
  'PUT /api/v1/admin/users/{uid}': { id: 'adminUpdateUser', summary: 'Edit a user (is_admin also needs staff.manage)', errors: { 409: ['last_owner'] } },
  'DELETE /api/v1/admin/users/{uid}': { id: 'adminDeleteUser', summary: 'Anonymise a user now', errors: { 409: ['deletion_blocked', 'last_owner'] } },
  'POST /api/v1/admin/users/{uid}/adjustments': {
    id: 'adminAdjustWallet',
    summary: "Debit a user's shopping credits, or give back an earlier debit (with a reason; honours Idempotency-Key)",
    errors: {
      400: ['adjustment_not_allowed'],
      402: ['insufficient_credits'],
      409: ['idempotency_conflict', 'conflict', 'adjustment_not_reversible', 'reversal_exceeds_debit'],
    },
  },
  'GET /api/v1/admin/users/{uid}/ledger': { id: 'adminGetUserLedger', summary: "A user's wallet and transactions" },
  'GET /api/v1/admin/users/{uid}/orders': { id: 'adminListUserOrders', summary: "A user's orders" },
  'GET /api/v1/admin/users/{uid}/tickets': { id: 'adminListUserTickets', summary: "A user's tickets" },
  'GET /api/v1/admin/transactions': { id: 'adminListTransactions', summary: 'All wallet transactions, filtered by user, type and date' },
  'GET /api/v1/admin/transactions/export.csv': { id: 'adminExportTransactions', summary: 'All wallet transactions the filters match, as CSV' },
  'GET /api/v1/admin/webhook/logs': { id: 'adminListWebhookLogs', summary: 'Payment-webhook log' },
  'GET /api/v1/admin/payments-to-return': { id: 'adminListPaymentsToReturn', summary: 'Second payments for completed top-ups: taken by a gateway, not credited, to be returned' },
  'GET /api/v1/admin/audit-log': { id: 'adminListAuditLog', summary: 'Every admin write: who, what, before and after' },

  // admin: orders
  'GET /api/v1/admin/orders': { id: 'adminListOrders', summary: 'All orders' },
  'GET /api/v1/admin/orders/{id}': { id: 'adminGetOrder', summary: 'One order' },
  'POST /api/v1/admin/orders/{id}/status': { id: 'adminSetOrderStatus', summary: "Move an order's status", errors: { 409: ['invalid_transition', 'conflict'] } },
  'POST /api/v1/admin/orders/{id}/refund': {
    id: 'adminRefundOrder',
    summary: 'Refund an order (in part or whole) to the wallet',
    errors: { 409: ['refund_exceeds_paid', 'invalid_transition', 'idempotency_conflict', 'conflict'] },
  },
  'GET /api/v1/admin/refunds': { id: 'adminListRefunds', summary: 'All refunds' },
  'POST /api/v1/admin/orders/{id}/notes': { id: 'adminAddOrderNote', summary: 'Add an internal note to an order (a note event on its timeline)' },
  'POST /api/v1/admin/users/{uid}/notes': { id: 'adminAddUserNote', summary: 'Add an internal note to a user' },
  'POST /api/v1/admin/orders/bulk-status': {
    id: 'adminBulkOrderStatus',
    summary: 'Move up to 100 orders to one status; each order moved or refused on its own (Idempotency-Key required)',
    errors: { 409: ['idempotency_conflict', 'conflict'] },
  },
  'GET /api/v1/admin/orders/export.csv': { id: 'adminExportOrders', summary: 'All orders the filters match, as CSV' },
  'GET /api/v1/admin/orders/lines/export.csv': { id: 'adminExportOrderLines', summary: 'Every line of the orders the filters match, one row per line, as CSV' },
  'GET /api/v1/admin/refunds/export.csv': { id: 'adminExportRefunds', summary: 'All refunds the filters match, as CSV' },
  'GET /api/v1/admin/reconciliation/export.csv': { id: 'adminExportReconciliation', summary: 'The reconciliation report, as CSV' },
  'GET /api/v1/admin/reconciliation': { id: 'adminGetReconciliation', summary: 'Payments and orders reconciliation' },

  // admin: tickets
  'GET /api/v1/admin/tickets': { id: 'adminListTickets', summary: 'All tickets' },
  'GET /api/v1/admin/tickets/{id}': { id: 'adminGetTicket', summary: 'One ticket with its replies' },
  'PUT /api/v1/admin/tickets/{id}/status': { id: 'adminSetTicketStatus', summary: "Move a ticket's status", errors: { 409: ['invalid_transition'] } },
  'POST /api/v1/admin/tickets/{id}/reply': { id: 'adminReplyToTicket', summary: 'Reply as support', errors: { 409: ['conflict'] } },

  // admin: staff and the caller's own account
  'GET /api/v1/admin/me': { id: 'adminGetMe', summary: 'The signed-in staff member: role, permissions and two-factor state' },
  'POST /api/v1/admin/me/mfa/setup': {
    id: 'adminSetupMfa',
    summary: 'Start two-factor enrolment (needs the current password): a new TOTP secret, its otpauth URI and a QR code',
    errors: { 403: ['invalid_credentials'], 409: ['mfa_already_enabled'] },
    limits: ['LOGIN_RATE_LIMITED'],
  },
  'POST /api/v1/admin/me/mfa/confirm': {
    id: 'adminConfirmMfa',
    summary: 'Finish enrolment with a first code and the current password; answers the ten recovery codes (shown once)',
    errors: { 400: ['invalid_mfa_code'], 403: ['invalid_credentials'], 409: ['mfa_already_enabled', 'mfa_not_enabled'] },
    limits: ['LOGIN_RATE_LIMITED'],
  },
  'POST /api/v1/admin/me/mfa/disable': {
    id: 'adminDisableMfa',
    summary: "Turn off the caller's two-factor sign-in (needs a current code and the current password)",
    errors: { 400: ['invalid_mfa_code'], 403: ['invalid_credentials'], 409: ['mfa_not_enabled'] },
    limits: ['LOGIN_RATE_LIMITED'],
  },
  'GET /api/v1/admin/me/sessions': { id: 'adminListOwnSessions', summary: "The caller's own live back-office sessions, the current one marked" },
  'DELETE /api/v1/admin/me/sessions/{id}': {
    id: 'adminSignOutOwnSession',
    summary: "Sign out one of the caller's own back-office sessions (another's id is 404)",
    errors: { 404: ['not_found'] },
  },
  'GET /api/v1/admin/staff': { id: 'adminListStaff', summary: 'Staff accounts: role, state and two-factor sign-in' },
  'POST /api/v1/admin/staff': {
    id: 'adminInviteStaff',
    summary: 'Invite a staff member by phone (an SMS code, valid 48 hours)',
    errors: { 409: ['conflict'], 502: ['otp_send_failed'], 503: ['otp_send_failed'] },
  },
  'PATCH /api/v1/admin/staff/{id}': { id: 'adminUpdateStaff', summary: "Change a staff member's role, or disable or enable them", errors: { 409: ['last_owner', 'conflict'] } },
  'POST /api/v1/admin/staff/{id}/reset': {
    id: 'adminResetStaffSignIn',
    summary: "Reset a staff member's sign-in: password, two-factor and sessions end; a fresh invite code (SMS) sets a new password",
    errors: { 409: ['conflict', 'last_owner'], 502: ['otp_send_failed'], 503: ['otp_send_failed'] },
  },

  'POST /api/v1/admin/staff/{id}/invite': {
    id: 'adminResendStaffInvite',
    summary: 'Send an open staff invite again: a fresh SMS code and 48 hours; the old code stops working',
    errors: { 409: ['conflict'], 502: ['otp_send_failed'], 503: ['otp_send_failed'] },
  },
  'DELETE /api/v1/admin/staff/{id}/invite': { id: 'adminRevokeStaffInvite', summary: "Revoke a staff member's open invite (its code stops working)", errors: { 409: ['conflict'] } },
  'DELETE /api/v1/admin/staff/{id}/mfa': { id: 'adminResetStaffMfa', summary: "Reset a staff member's two-factor sign-in (ends their sessions)" },
};

/** Fastify's `/a/:id` (and `/r/*`) as the description writes it: `/a/{id}`, `/r/{code}`. */
export const describedPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{code}');

const keyOf = (method: string, url: string): string => `${method} ${describedPath(url)}`;

export const operationOf = (method: string, url: string): Operation | undefined => OPERATIONS[keyOf(method, url)];

type Level = 'user' | 'admin' | undefined;

/**
 * Every error answer a route can give: what any route of its kind gives (a bad request, a
 * missing or refused token, an unknown id, a body the parser refuses, a crash), then its own.
 */
export function errorsOf(route: { method: string; url: string; auth: Level; hasParams: boolean }): Map<number, Set<string>> {
  if (route.method === 'HEAD') route = { ...route, method: 'GET' };
  const op = operationOf(route.method, route.url);
  const out = new Map<number, Set<string>>();
  const add = (status: number, ...codes: string[]) => {
    const set = out.get(status) ?? new Set<string>();
    for (const c of codes) set.add(c);
    out.set(status, set);
  };
  add(400, 'validation_failed');
  if (route.auth) add(401, 'unauthorized');
  if (route.auth === 'admin') add(403, 'forbidden');
  if (route.hasParams) add(404, 'not_found');
  if (route.method !== 'GET' && route.method !== 'HEAD') add(413, 'payload_too_large'), add(415, 'unsupported_media_type');
  if (op?.limits?.length) add(429, 'rate_limited');
  add(500, 'internal');
  for (const [status, codes] of Object.entries(op?.errors ?? {})) add(Number(status), ...codes);
  return out;
}

/** The §2 error body narrowed to one answer's codes; `shareErrorBody` points it at components.schemas.Error. */
function errorResponse(status: number, codes: string[], limits: string[] | undefined) {
  const properties: Record<string, unknown> = { error: { type: 'string', enum: codes } };
  if (status === 429 && limits?.length) properties.code = { type: 'string', enum: limits };
  return { type: 'object', properties, [ERROR_MARK]: true, description: `${STATUS_CODES[status] ?? 'Error'}: ${codes.join(', ')}` };
}

const ERROR_MARK = 'x-error-body';
const ERROR_BODY =
  'Every non-2xx answer: a stable `error` code (listed per answer), a human `message`, `details` on 400 ' +
  'validation_failed, and `code` with `retry_after` (seconds, also the Retry-After header) on 429. ' +
  'Before any route, the HTTP server itself may answer 400 validation_failed (a request it cannot parse ' +
  'or an HTTP/1.1 request without Host), 408 request_timeout, 417 expectation_failed (an Expect other ' +
  'than 100-continue), 431 headers_too_large (request line and headers over 16 KB) and, while ' +
  'shutting down, 503 service_unavailable; all in this shape.';

/** Every documented error answer is the one shared Error schema plus the codes of that answer. */
interface Described {
  components: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> } | undefined> }> }>>;
}

function shareErrorBody({ openapiObject }: { openapiObject: Described }) {
  openapiObject.components.schemas = { ...openapiObject.components.schemas, Error: { ...ErrorSchema, description: ERROR_BODY } };
  for (const ops of Object.values(openapiObject.paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const response of Object.values(op.responses ?? {})) {
        const media = response.content?.['application/json'];
        if (!media?.schema?.[ERROR_MARK]) continue;
        const { [ERROR_MARK]: _, description: __, ...narrowed } = media.schema;
        media.schema = { allOf: [{ $ref: '#/components/schemas/Error' }, narrowed] };
      }
    }
  }
  return openapiObject;
}

/**
 * Fills in one operation of the description from the table: id, summary, security and its
 * documented error answers. Routes missing from the table are left as they are, and
 * test/openapi.test.ts names them.
 */
function describe({ schema, url, route }: { schema: Record<string, unknown>; url: string; route: RouteOptions }) {
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const op = operationOf(method, url);
  const out: Record<string, unknown> = { ...schema };
  const auth = (route.config as { auth?: Level } | undefined)?.auth;
  const permission = (route.config as { permission?: string } | undefined)?.permission;
  if (op) {
    out.operationId = op.id;
    out.summary = op.summary;
  }
  if (auth === 'admin' && permission) {
    // The staff permission the caller's role must hold (modules/auth/permissions.ts).
    out['x-permission'] = permission;
    out.description = `Needs the staff permission \`${permission}\`.`;
  }
  out.security = auth ? [{ customToken: [] }, { idpBearer: [] }] : op?.signed ? [{ storeSignature: [] }] : [];
  if (url === '/r/*') {
    // Fastify's wildcard (any length still redirects) documented as the code it carries.
    out.params = { type: 'object', required: ['code'], properties: { code: { type: 'string', description: 'the referral code' } } };
  }
  const responses: Record<string, unknown> = {};
  for (const [status, body] of Object.entries((schema.response ?? {}) as Record<string, Record<string, unknown>>)) {
    if (!/xx$/i.test(status)) responses[status] = body.description ? body : { ...body, description: STATUS_CODES[Number(status)] };
  }
  const errors = errorsOf({ method, url, auth, hasParams: Boolean(schema.params) });
  for (const [status, codes] of errors) {
    if (!responses[status]) responses[status] = errorResponse(status, [...codes], op?.limits);
  }
  out.response = responses;
  return { schema: out, url: describedPath(url) };
}

export function swaggerOptions(config: Readonly<Config>): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version: '1.0.0',
        description: 'Accounts, catalogue, wallet, orders, top-ups and the admin back office.',
      },
      servers: [{ url: config.publicBaseUrl }],
      tags: TAGS.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          customToken: { type: 'apiKey', in: 'header', name: 'x-sdk-access-token', description: 'The custom token from a login (15 minutes)' },
          idpBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Identity-provider ID token (when configured)' },
          storeSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'x-store-signature',
            description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with STORE_WEBHOOK_SECRET',
          },
        },
      },
    },
    transform: describe as unknown as SwaggerOptions['transform'],
    transformObject: shareErrorBody as unknown as SwaggerOptions['transformObject'],
  };
}

/**
 * Serves the description (`/docs/openapi.json`) and its browser (`/docs`). @fastify/swagger and its
 * UI (with yaml, @fastify/static and glob: 4 MB of an idle server, docs/performance.md "The API's
 * memory") load on the first call of a /docs route: routes are noted as they are added, and that
 * call builds a Fastify instance of the two plugins and the same routes, which answers /docs.
 * Call it after the hook that completes route schemas, before the routes.
 */
export function installDocs(app: FastifyInstance, config: Readonly<Config>): void {
  const routes: RouteOptions[] = [];
  // @fastify/swagger leaves out HEAD routes; hidden ones are never described.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD' && !route.schema?.hide) routes.push(route);
  });
  let docs: Promise<FastifyInstance> | undefined;
  const build = async () => {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
    const described = Fastify();
    // Its routes only describe: nothing is validated or serialised by their schemas.
    described.setValidatorCompiler(() => () => true);
    described.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await described.register(swagger, swaggerOptions(config));
    await described.register(swaggerUi, { routePrefix: '/docs' });
    for (const { method, url, schema, config } of routes) described.route({ method, url, schema: schema!, config, handler: () => null });
    await described.ready();
    return described;
  };
  const documentation = () => (docs ??= build().catch((err: unknown) => ((docs = undefined), Promise.reject(err))));
  const forward = async (req: FastifyRequest, reply: FastifyReply) => {
    const res = await (await documentation()).inject({ method: req.method as 'GET', url: req.url, headers: req.headers });
    // A missing page or file gets the API's own 404 body.
    if (res.statusCode === 404) return reply.callNotFound();
    const { 'transfer-encoding': _, connection: __, ...headers } = res.headers;
    return reply.code(res.statusCode).headers(headers).send(res.rawPayload.length > 0 ? res.rawPayload : undefined);
  };
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => (await documentation()).swagger());
  app.get('/docs', { schema: { hide: true } }, forward);
  app.get('/docs/*', { schema: { hide: true } }, forward);
}
