import { useEffect, useState } from 'react';
import { formatMoney, Link, Money, navigate, parseMoney, useLoad } from '@storefront/web';
import type { LedgerEntry } from '../types.ts';
import { api, client } from '../api.ts';
import { DateFilter, FilterBar, LiveSearch, present, useUrlFilters, YesNoFilter } from '../filters.tsx';
import { can } from '../access.ts';
import { Cell, ErrorBox, LedgerTable, Notice, PagedTable, Pending, Person, Status, When, minorToInput, useAction, useCurrency, usePaged, NoteForm } from '../ui.tsx';

const USER_FILTERS = ['q', 'joined_from', 'joined_to', 'has_orders', 'has_balance'] as const;
const yesNo = (v: string) => (v === 'true' ? true : v === 'false' ? false : undefined);

export function UsersPage() {
  const { values: f, set } = useUrlFilters(USER_FILTERS);
  const query = { ...present(f), has_orders: yesNo(f.has_orders), has_balance: yesNo(f.has_balance) };
  const list = usePaged((page) => api(client.GET('/api/v1/admin/users', { params: { query: { ...page, ...query } } })), [JSON.stringify(query)]);
  return (
    <section>
      <h1>Users</h1>
      <FilterBar active={USER_FILTERS.some((k) => f[k])} clear={() => set(Object.fromEntries(USER_FILTERS.map((k) => [k, ''])))}>
        <LiveSearch label="Search users" placeholder="Phone, name or email" value={f.q} onSearch={(text) => set({ q: text })} />
        <DateFilter label="Joined from" value={f.joined_from} onChange={(v) => set({ joined_from: v })} />
        <DateFilter label="to" value={f.joined_to} onChange={(v) => set({ joined_to: v })} />
        <YesNoFilter label="Has orders" value={f.has_orders} onChange={(v) => set({ has_orders: v })} />
        <YesNoFilter label="Has a balance" value={f.has_balance} onChange={(v) => set({ has_balance: v })} />
      </FilterBar>
      <PagedTable
        list={list}
        columns={['Name', 'Phone', 'Email', 'Admin', 'Joined']}
        empty="No users found."
        row={(u) => (
          <tr key={u.id}>
            <td>
              <Link to={`/users/${u.id}`}>{u.full_name || '(no name)'}</Link>
            </td>
            <td>{u.phone ?? '—'}</td>
            <td>{u.email ?? '—'}</td>
            <td>{u.is_admin ? 'admin' : ''}</td>
            <td>
              <When iso={u.created_at} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}

const SKIP = new Set(['id', 'full_name', 'phone', 'email', 'is_admin', 'wallet', 'deletion', 'referral_attribution', 'referred_by']);

export function UserDetailPage({ id }: { id: string }) {
  const uid = { uid: id };
  const { data: user, error, reload } = useLoad(() => api(client.GET('/api/v1/admin/users/{uid}', { params: { path: uid } })), [id]);
  const ledger = usePaged((page) => api(client.GET('/api/v1/admin/users/{uid}/ledger', { params: { path: uid, query: page } })), [id]);
  const orders = usePaged((page) => api(client.GET('/api/v1/admin/users/{uid}/orders', { params: { path: uid, query: page } })), [id]);
  const tickets = usePaged((page) => api(client.GET('/api/v1/admin/users/{uid}/tickets', { params: { path: uid, query: page } })), [id]);
  const [edit, setEdit] = useState<{ full_name: string; email: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reversing, setReversing] = useState<Debit | null>(null);
  const [note, setNote] = useState('');
  const action = useAction();
  const currency = useCurrency();
  if (error || !user) return <Pending title="User" error={error} />;
  const { wallet, deletion, referral_attribution: attribution } = user;

  const setAdmin = (is_admin: boolean) =>
    action.run(async () => {
      if (!confirm(is_admin ? `Make ${user.full_name} an admin? They will be able to sign in to this portal.` : `Remove admin rights from ${user.full_name}? Their sessions end at once.`)) return;
      await api(client.PUT('/api/v1/admin/users/{uid}', { params: { path: uid }, body: { is_admin } }));
      setNotice(is_admin ? 'Promoted to admin.' : 'Admin rights removed.');
      reload();
    });
  const save = () =>
    action.run(async () => {
      if (!edit) return;
      await api(client.PUT('/api/v1/admin/users/{uid}', { params: { path: uid }, body: { full_name: edit.full_name.trim(), email: edit.email.trim() === '' ? null : edit.email.trim() } }));
      setEdit(null);
      setNotice('Saved.');
      reload();
    });
  const addNote = () =>
    action.run(async () => {
      await api(client.POST('/api/v1/admin/users/{uid}/notes', { params: { path: uid }, body: { note: note.trim() } }));
      setNote('');
      setNotice('Note added.');
      reload();
    });
  const remove = () =>
    action.run(async () => {
      if (!confirm(`Delete ${user.full_name}? Their account is anonymised and every session ends; ledger rows are kept.`)) return;
      await api(client.DELETE('/api/v1/admin/users/{uid}', { params: { path: uid } }));
      navigate('/users');
    });

  return (
    <section>
      <h1>{user.full_name || '(no name)'}</h1>
      <Notice text={notice} />
      <ErrorBox error={action.error} />
      {edit ? (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label>
            Full name
            <input value={edit.full_name} onChange={(e) => setEdit({ ...edit, full_name: e.target.value })} required />
          </label>
          <label>
            Email
            <input type="email" value={edit.email} onChange={(e) => setEdit({ ...edit, email: e.target.value })} />
          </label>
          <div className="buttons">
            <button type="submit">Save</button>
            <button type="button" className="secondary" onClick={() => setEdit(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <dl className="facts">
          <dt>Phone</dt>
          <dd>{user.phone ?? '—'}</dd>
          <dt>Email</dt>
          <dd>
            {user.email ?? '—'} {user.email ? (user.email_verified ? '(verified)' : '(not verified)') : ''}
          </dd>
          <dt>Role</dt>
          <dd>{user.is_admin ? 'admin' : 'user'}</dd>
          {Object.entries(user)
            .filter(([k, v]) => !SKIP.has(k) && !k.startsWith('email_verified') && (typeof v !== 'object' || v === null))
            .map(([k, v]) => [
              <dt key={`${k}-t`}>{k.replace(/_/g, ' ')}</dt>,
              <dd key={`${k}-d`}>
                <Cell k={k} v={v} currency={currency} />
              </dd>,
            ])}
          {wallet &&
            Object.entries(wallet)
              .filter(([k]) => k !== 'currency')
              .map(([k, v]) => [
                <dt key={`w-${k}-t`}>{k.replace(/_/g, ' ')}</dt>,
                <dd key={`w-${k}-d`} data-testid={`wallet-${k}`}>
                  {k === 'reward_points' ? String(v) : <Money minor={Number(v)} currency={String(wallet.currency ?? currency)} />}
                </dd>,
              ])}
          {deletion && deletion.status !== 'none' && [
            <dt key="del-t">Deletion</dt>,
            <dd key="del-d">
              {deletion.status}
              {deletion.scheduled_for ? (
                <>
                  {' '}
                  (scheduled for <When iso={deletion.scheduled_for} />)
                </>
              ) : null}
            </dd>,
          ]}
          {user.referrer && [
            <dt key="referrer-t">Referred by</dt>,
            <dd key="referrer-d">
              <Person person={user.referrer} />
            </dd>,
          ]}
          {attribution && [
            <dt key="ref-t">Referral attribution</dt>,
            <dd key="ref-d">
              {attribution.method.replace(/_/g, ' ')} · code {attribution.code} · <When iso={attribution.created_at} />
            </dd>,
          ]}
        </dl>
      )}
      <div className="buttons">
        {!edit && can('users.write') && (
          <button type="button" className="secondary" onClick={() => setEdit({ full_name: user.full_name, email: user.email ?? '' })}>
            Edit
          </button>
        )}
        {can('staff.manage') &&
          (user.is_admin ? (
            <button type="button" className="secondary" onClick={() => setAdmin(false)}>
              Demote from admin
            </button>
          ) : (
            <button type="button" onClick={() => setAdmin(true)}>
              Promote to admin
            </button>
          ))}
        {can('users.delete') && (
          <button type="button" className="danger" onClick={remove}>
            Delete user
          </button>
        )}
      </div>

      <div className="panel">
        <h2>Notes</h2>
        {user.notes.length === 0 ? (
          <p className="muted">No notes yet.</p>
        ) : (
          <ul className="notes" data-testid="user-notes">
            {user.notes.map((n) => (
              <li key={n.id}>
                <When iso={n.created_at} /> · <Person person={n.admin} />
                <p className="note-text">{n.note}</p>
              </li>
            ))}
          </ul>
        )}
        {can('users.write') && <NoteForm id="user-note" label="Add an internal note (staff only)" note={note} setNote={setNote} busy={action.busy} onAdd={addNote} />}
      </div>

      {can('wallet.adjust') && (
        <AdjustWallet
          userId={id}
          currency={String(wallet?.currency ?? currency)}
          reversing={reversing}
          onCancel={() => setReversing(null)}
          onDone={(text) => {
            setNotice(text);
            setReversing(null);
            reload();
            ledger.reload();
          }}
        />
      )}

      <h2>Wallet ledger</h2>
      {ledger.items[0] && (
        <p data-testid="balance">
          Shopping credits now: <Money minor={ledger.items[0].balance_after} currency={currency} />
        </p>
      )}
      <LedgerTable
        list={ledger}
        currency={currency}
        userId={id}
        testId="ledger"
        empty="No wallet movements."
        action={(t) => {
          const debit = debitOf(t);
          return debit && can('wallet.adjust') ? (
            <button type="button" className="secondary" onClick={() => setReversing(debit)} aria-label={`Give back the debit of ${formatMoney(debit.amount, currency)}`}>
              Give back
            </button>
          ) : null;
        }}
      />

      <h2>Orders</h2>
      <p>
        <Link to={`/orders?user_id=${encodeURIComponent(id)}`}>Filter the orders list by this customer</Link>
      </p>
      <PagedTable
        list={orders}
        columns={['Order', 'Status', 'Total', 'Placed']}
        empty="No orders."
        row={(o) => (
          <tr key={o.id}>
            <td>
              <Link to={`/orders/${o.id}`}>{o.id}</Link>
            </td>
            <td>
              <Status value={o.status} />
            </td>
            <td>
              <Money minor={o.total} currency={o.currency} />
            </td>
            <td>
              <When iso={o.created_at} />
            </td>
          </tr>
        )}
      />

      <h2>Tickets</h2>
      <PagedTable
        list={tickets}
        columns={['Subject', 'Status', 'Updated']}
        empty="No tickets."
        row={(t) => (
          <tr key={t.id}>
            <td>
              <Link to={`/tickets/${t.id}`}>{t.subject}</Link>
            </td>
            <td>
              <Status value={t.status} />
            </td>
            <td>
              <When iso={t.updated_at} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}

/** A debit adjustment's ledger row (`adjustment:<id>`, negative), which the form may give back. */
interface Debit {
  id: string;
  amount: number;
}
const debitOf = (t: LedgerEntry): Debit | null =>
  t.type === 'adjustment' && t.amount < 0 && t.reference?.startsWith('adjustment:') ? { id: t.reference.slice('adjustment:'.length), amount: -t.amount } : null;

/**
 * Take shopping credits by hand, with a reason (a write-off, e.g. to clear a balance that blocks
 * deletion), or give back an earlier debit chosen on its ledger row ("Give back"): money enters a
 * wallet only by top-up, so nothing else adds credits. One Idempotency-Key per filled-in form: a
 * double click or a resent request moves money once; a new key is drawn after each adjustment
 * that went through.
 */
function AdjustWallet(props: { userId: string; currency: string; reversing: Debit | null; onCancel: () => void; onDone: (notice: string) => void }) {
  const { userId, currency, reversing } = props;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const action = useAction();
  useEffect(() => {
    // Choosing a debit to give back offers all of it; the API refuses more than what remains.
    setAmount(reversing ? minorToInput(reversing.amount, currency) : '');
    setKey(crypto.randomUUID());
  }, [reversing, currency]);
  const submit = () =>
    action.run(async () => {
      const minor = parseMoney(amount, currency);
      if (minor === null || minor <= 0) throw new Error(`Enter the amount in ${currency}, like 10.00.`);
      if (!reason.trim()) throw new Error('Say why: the reason is kept with the ledger row.');
      const words = reversing ? `Give back ${formatMoney(minor, currency)} of this debit to the wallet?` : `Take ${formatMoney(minor, currency)} from this wallet?`;
      if (!confirm(words)) return;
      const body = reversing ? { amount: minor, reason: reason.trim(), reverses: reversing.id } : { amount: -minor, reason: reason.trim() };
      await api(client.POST('/api/v1/admin/users/{uid}/adjustments', { params: { path: { uid: userId }, header: { 'idempotency-key': key } }, body }));
      setAmount('');
      setReason('');
      setKey(crypto.randomUUID());
      props.onDone(reversing ? 'Debit given back.' : 'Credits taken.');
    });
  return (
    <>
      <h2>{reversing ? `Give back a debit of ${formatMoney(reversing.amount, currency)}` : 'Take shopping credits'}</h2>
      <p>{reversing ? 'Up to what remains of that debit goes back to the wallet.' : 'Money enters a wallet only by top-up. To give back an earlier debit, use "Give back" on its ledger row.'}</p>
      <ErrorBox error={action.error} />
      <form
        className="filters"
        aria-label={reversing ? 'Give back a debit' : 'Take shopping credits'}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <input aria-label="Adjustment amount" inputMode="decimal" placeholder={`amount in ${currency}`} value={amount} onChange={(e) => setAmount(e.target.value)} required />
        <input aria-label="Adjustment reason" placeholder="reason (required)" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} />
        <button type="submit" disabled={action.busy}>
          {reversing ? 'Give back' : 'Take credits'}
        </button>
        {reversing && (
          <button type="button" className="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </form>
    </>
  );
}
