import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { MailSink } from './otp-fixtures.ts';
import { settleBackground } from '../src/lib/background.ts';

const SUPPORT = 'support@example.test';

describe('support tickets', () => {
  let t: TestApp;
  let smtp: MailSink;
  let admin: TestUser;
  before(async () => {
    smtp = await new MailSink().start();
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'Storefront <no-reply@example.test>', SUPPORT_EMAIL: SUPPORT });
    admin = await createAdmin(t);
  });
  after(async () => {
    await t.close();
    await smtp.stop();
  });

  const db = () => t.db.database.db;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown) => call(t.app, method, `/api/v1${url}`, { token, body });
  const open = async (u: TestUser, subject = 'Order missing', message = 'Where is my order?') => {
    const res = await api('POST', '/tickets', u.token, { subject, message });
    assert.equal(res.status, 201, res.text);
    return res.body;
  };
  const mailsTo = (addr: string) => smtp.mails.filter((m) => m.to.includes(addr));

  it('a new ticket is 201 with its first message as a user reply, stored, and mailed to SUPPORT_EMAIL after commit', async () => {
    const u = await registerUser(t.app);
    const before = mailsTo(SUPPORT).length;
    const ticket = await open(u, 'Order  missing\r\nBcc: evil@example.test', 'Where is my order?');
    assert.deepEqual(Object.keys(ticket).sort(), ['created_at', 'id', 'replies', 'status', 'subject', 'updated_at']);
    assert.equal(ticket.status, 'open');
    assert.equal(ticket.subject, 'Order  missing Bcc: evil@example.test', 'one line, no header injection');
    assert.equal(ticket.replies.length, 1);
    assert.deepEqual([ticket.replies[0].author, ticket.replies[0].message], ['user', 'Where is my order?']);
    const row = await db().selectFrom('tickets').selectAll().where('id', '=', ticket.id).executeTakeFirstOrThrow();
    assert.equal(row.user_id, u.id);
    await settleBackground(t.app.ctx);
    const mails = mailsTo(SUPPORT);
    assert.equal(mails.length, before + 1);
    assert.match(mails.at(-1)!.raw, /Where is my order\?/);
    assert.ok(!smtp.mails.some((m) => m.to.includes('evil@example.test')));
  });

  it('blank or missing fields are 400 and store nothing', async () => {
    const u = await registerUser(t.app);
    for (const body of [{ subject: '   ', message: 'x' }, { subject: 'x', message: ' ' }, { subject: 'x' }, { subject: 'x', message: 'y'.repeat(5001) }]) {
      const res = await api('POST', '/tickets', u.token, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'validation_failed');
    }
    assert.equal((await db().selectFrom('tickets').select('id').where('user_id', '=', u.id).execute()).length, 0);
  });

  it('a user lists and reads only their own tickets; another user’s ticket is 404 for read and reply', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const ta = await open(a, 'A1');
    await open(a, 'A2');
    const tb = await open(b, 'B1');
    const list = await api('GET', '/tickets?limit=1', a.token);
    assert.equal(list.status, 200);
    assert.equal(list.body.items.length, 1);
    assert.equal(list.body.items[0].subject, 'A2', 'newest first');
    assert.ok(list.body.next_cursor);
    const next = await api('GET', `/tickets?limit=1&cursor=${list.body.next_cursor}`, a.token);
    assert.deepEqual(next.body.items.map((i: any) => i.subject), ['A1']);
    assert.equal(next.body.next_cursor, null);

    assert.equal((await api('GET', `/tickets/${ta.id}`, a.token)).body.replies.length, 1);
    for (const res of [await api('GET', `/tickets/${tb.id}`, a.token), await api('POST', `/tickets/${tb.id}/reply`, a.token, { message: 'hi' })]) {
      assert.equal(res.status, 404);
      assert.equal(res.body.error, 'not_found');
    }
    assert.equal((await db().selectFrom('ticket_replies').select('id').where('ticket_id', '=', tb.id).execute()).length, 1, 'no reply stored');
    assert.equal((await api('GET', '/tickets/nope', a.token)).status, 404);
  });

  it('a support reply sets awaiting_user and mails the user’s verified email; a user reply reopens', async () => {
    const u = await registerUser(t.app);
    const ticket = await open(u);
    const unverified = await api('POST', `/admin/tickets/${ticket.id}/reply`, admin.token, { message: 'Looking into it' });
    assert.equal(unverified.status, 201);
    assert.equal(unverified.body.status, 'awaiting_user');
    assert.equal(unverified.body.user_id, u.id);
    assert.deepEqual(unverified.body.replies.map((r: any) => r.author), ['user', 'support']);
    await settleBackground(t.app.ctx);
    const mailsBefore = smtp.mails.length;

    const email = `u${Date.now()}@example.test`;
    await db().updateTable('users').set({ email, email_verified: 1, email_verified_at: t.clock.now().toISOString() }).where('id', '=', u.id).execute();
    const verified = await api('POST', `/admin/tickets/${ticket.id}/reply`, admin.token, { message: 'Shipped today' });
    assert.equal(verified.status, 201);
    await settleBackground(t.app.ctx);
    assert.equal(smtp.mails.length, mailsBefore + 1, 'only the verified address is mailed');
    assert.match(mailsTo(email).at(-1)!.raw, /Shipped today/);

    const toSupport = mailsTo(SUPPORT).length;
    const back = await api('POST', `/tickets/${ticket.id}/reply`, u.token, { message: 'Thanks' });
    assert.equal(back.status, 201);
    assert.equal(back.body.status, 'open');
    await settleBackground(t.app.ctx);
    assert.equal(mailsTo(SUPPORT).length, toSupport + 1, 'a user reply mails support');
    assert.match(mailsTo(SUPPORT).at(-1)!.raw, /Thanks/);
    assert.match(mailsTo(SUPPORT).at(-1)!.raw, new RegExp(ticket.id));
    assert.equal(back.body.replies.length, 4);
    const mine = await api('GET', `/tickets/${ticket.id}`, u.token);
    assert.deepEqual(mine.body.replies.map((r: any) => r.author), ['user', 'support', 'support', 'user']);
    assert.equal(mine.body.replies[1].author_id, undefined, 'no staff ids leak to users');
  });

  it('admin status moves follow the table; a reply to a closed ticket is 409 for both sides; admin may reopen', async () => {
    const u = await registerUser(t.app);
    const ticket = await open(u);
    const set = (status: string) => api('PUT', `/admin/tickets/${ticket.id}/status`, admin.token, { status });
    assert.equal((await set('resolved')).body.status, 'resolved');
    assert.equal((await set('resolved')).status, 200, 'same status is a no-op');
    assert.equal((await set('closed')).body.status, 'closed');
    const userReply = await api('POST', `/tickets/${ticket.id}/reply`, u.token, { message: 'still broken' });
    assert.equal(userReply.status, 409);
    const supportReply = await api('POST', `/admin/tickets/${ticket.id}/reply`, admin.token, { message: 'late' });
    assert.equal(supportReply.status, 409);
    assert.equal((await db().selectFrom('ticket_replies').select('id').where('ticket_id', '=', ticket.id).execute()).length, 1);
    const bad = await set('awaiting_user');
    assert.equal(bad.status, 409);
    assert.equal(bad.body.error, 'invalid_transition');
    assert.equal((await db().selectFrom('tickets').select('status').where('id', '=', ticket.id).executeTakeFirstOrThrow()).status, 'closed');
    assert.equal((await set('open')).body.status, 'open');
    assert.equal((await set('bogus')).status, 400);
    assert.equal((await api('PUT', '/admin/tickets/nope/status', admin.token, { status: 'open' })).status, 404);
  });

  it('admin lists all tickets with a status filter, one ticket, and a user’s tickets; users get 403', async () => {
    const u = await registerUser(t.app);
    const ticket = await open(u, 'Filter me');
    await api('PUT', `/admin/tickets/${ticket.id}/status`, admin.token, { status: 'resolved' });
    const all = await api('GET', '/admin/tickets?limit=100', admin.token);
    assert.equal(all.status, 200);
    assert.ok(all.body.items.some((i: any) => i.id === ticket.id && i.user_id === u.id));
    const resolved = await api('GET', '/admin/tickets?status=resolved&limit=100', admin.token);
    assert.ok(resolved.body.items.every((i: any) => i.status === 'resolved'));
    assert.ok(resolved.body.items.some((i: any) => i.id === ticket.id));
    const one = await api('GET', `/admin/tickets/${ticket.id}`, admin.token);
    assert.equal(one.body.replies.length, 1);
    const byUser = await api('GET', `/admin/users/${u.id}/tickets`, admin.token);
    assert.deepEqual(byUser.body.items.map((i: any) => i.id), [ticket.id]);
    assert.equal((await api('GET', '/admin/users/nobody/tickets', admin.token)).status, 404);
    assert.equal((await api('GET', '/admin/tickets', u.token)).status, 403);
    assert.equal((await api('GET', '/admin/tickets/nope', admin.token)).status, 404);
  });
});

describe('ticket mail never fails a request', () => {
  it('a stopped SMTP server: the ticket is created and the failure is only logged', async () => {
    const smtp = await new MailSink().start();
    const port = smtp.port;
    await smtp.stop();
    const t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SUPPORT_EMAIL: SUPPORT });
    try {
      const u = await registerUser(t.app);
      const res = await call(t.app, 'POST', '/api/v1/tickets', { token: u.token, body: { subject: 's', message: 'm' } });
      assert.equal(res.status, 201);
      await settleBackground(t.app.ctx);
      assert.equal((await t.db.database.db.selectFrom('tickets').select('id').execute()).length, 1);
    } finally {
      await t.close();
    }
  });

  it('no mailer configured (and no SUPPORT_EMAIL): tickets work, mail is skipped', async () => {
    const t = await createTestApp();
    try {
      const u = await registerUser(t.app);
      const res = await call(t.app, 'POST', '/api/v1/tickets', { token: u.token, body: { subject: 's', message: 'm' } });
      assert.equal(res.status, 201);
    } finally {
      await t.close();
    }
  });
});
