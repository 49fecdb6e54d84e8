import { useState } from 'react';
import { DateFilter, FilterBar, present, useUrlFilters } from '../filters.tsx';
import { Link, useLoad } from '@storefront/web';
import { can } from '../access.ts';
import { api, client } from '../api.ts';
import { TICKET_STATUSES, type Ticket } from '../types.ts';
import { ErrorBox, Notice, PagedTable, Pending, Person, Status, When, useAction, usePaged } from '../ui.tsx';

const TICKET_FILTERS = ['status', 'created_from', 'created_to'] as const;

export function TicketsPage() {
  const { values: f, set } = useUrlFilters(TICKET_FILTERS);
  const status = TICKET_STATUSES.find((s) => s === f.status);
  const query = { ...present(f), status };
  const list = usePaged((page) => api(client.GET('/api/v1/admin/tickets', { params: { query: { ...page, ...query } } })), [JSON.stringify(query)]);
  return (
    <section>
      <h1>Tickets</h1>
      <FilterBar active={TICKET_FILTERS.some((k) => f[k])} clear={() => set({ status: '', created_from: '', created_to: '' })}>
        <select aria-label="Filter by status" value={status ?? ''} onChange={(e) => set({ status: e.target.value })}>
          <option value="">All</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        <DateFilter label="Opened from" value={f.created_from} onChange={(v) => set({ created_from: v })} />
        <DateFilter label="to" value={f.created_to} onChange={(v) => set({ created_to: v })} />
      </FilterBar>
      <PagedTable
        list={list}
        columns={['Subject', 'Status', 'User', 'Updated']}
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
              <Person person={t.user} />
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

export function TicketDetailPage({ id }: { id: string }) {
  const path = { id };
  const { data: ticket, error, reload } = useLoad(() => api(client.GET('/api/v1/admin/tickets/{id}', { params: { path } })), [id]);
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  if (error || !ticket) return <Pending title="Ticket" error={error} />;
  const reply = () =>
    action.run(async () => {
      await api(client.POST('/api/v1/admin/tickets/{id}/reply', { params: { path }, body: { message: message.trim() } }));
      setMessage('');
      setNotice('Reply sent.');
      reload();
    });
  const setStatus = (status: Ticket['status']) =>
    action.run(async () => {
      await api(client.PUT('/api/v1/admin/tickets/{id}/status', { params: { path }, body: { status } }));
      setNotice(`Status changed to ${status.replace(/_/g, ' ')}.`);
      reload();
    });
  return (
    <section>
      <h1>{ticket.subject}</h1>
      <p>
        <Status value={ticket.status} /> · opened <When iso={ticket.created_at} />
        {ticket.user_id ? (
          <>
            {' '}
            · by <Person person={ticket.user} />
          </>
        ) : null}
      </p>
      <ol className="thread">
        {(ticket.replies ?? []).map((r) => (
          <li key={r.id} className={`reply reply-${r.author}`}>
            <div className="reply-head">
              {r.author === 'support' ? 'Support' : 'User'} · <When iso={r.created_at} />
            </div>
            <div className="reply-body">{r.message}</div>
          </li>
        ))}
      </ol>
      <Notice text={notice} />
      <ErrorBox error={action.error} />
      {can('support.reply') && (
        <>
          <form
            className="form"
            onSubmit={(e) => {
              e.preventDefault();
              void reply();
            }}
          >
            <label>
              Reply as support
              <textarea aria-label="Reply" value={message} onChange={(e) => setMessage(e.target.value)} rows={4} required />
            </label>
            <div className="buttons">
              <button type="submit" disabled={action.busy || ticket.status === 'closed'}>
                Send reply
              </button>
            </div>
          </form>
          <div className="panel">
            <h2>Status</h2>
            <div className="buttons">
              {TICKET_STATUSES.filter((s) => s !== ticket.status).map((s) => (
                <button type="button" className="secondary" key={s} disabled={action.busy} onClick={() => setStatus(s)}>
                  Mark {s.replace(/_/g, ' ')}
                </button>
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
