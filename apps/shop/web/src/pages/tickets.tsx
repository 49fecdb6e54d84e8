import { useState } from 'react';
import { Link, navigate, useLoad } from '@storefront/web';
import { call, client, type Ticket } from '../api.ts';
import { ErrorNote, Field, formatDate, ListEnd, Screen, Spinner, useInfinite } from '../ui.tsx';

const STATUS: Record<Ticket['status'], string> = {
  open: 'Open',
  awaiting_user: 'Waiting for you',
  resolved: 'Resolved',
  closed: 'Closed',
};

export function Tickets() {
  const list = useInfinite((cursor) => call(client.GET('/api/v1/tickets', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  return (
    <Screen title="Help and support" back="/account">
      <Link to="/account/tickets/new" className="btn primary block">
        Ask for help
      </Link>
      <ul className="list" aria-label="Your tickets">
        {list.items.map((t) => (
          <li key={t.id} className="card">
            <Link to={`/account/tickets/${encodeURIComponent(t.id)}`} className="row-link">
              <span>
                <strong>{t.subject}</strong>
                <small className="muted">Updated {formatDate(t.updated_at)}</small>
              </span>
              <span className={`status t-${t.status}`}>{STATUS[t.status]}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ListEnd list={list} empty="You have not asked for help yet." />
    </Screen>
  );
}

export function NewTicket() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const t = await call(client.POST('/api/v1/tickets', { body: { subject: subject.trim(), message: message.trim() } }));
      navigate(`/account/tickets/${encodeURIComponent(t.id)}`, true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Screen title="Ask for help" back="/account/tickets">
      <form className="card" onSubmit={(e) => void submit(e)}>
        <Field label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} required maxLength={200} />
        <div className="field">
          <label htmlFor="ticket-message">How can we help?</label>
          <textarea id="ticket-message" rows={6} value={message} onChange={(e) => setMessage(e.target.value)} required maxLength={5000} />
        </div>
        {error ? <ErrorNote error={error} /> : null}
        <button type="submit" className="btn primary block" disabled={busy || !subject.trim() || !message.trim()}>
          Send
        </button>
      </form>
    </Screen>
  );
}

export function TicketDetail({ id }: { id: string }) {
  const load = useLoad(() => call(client.GET('/api/v1/tickets/{id}', { params: { path: { id } } })), [id]);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [reply, setReply] = useState('');
  const [error, setError] = useState<unknown>(null);
  const t = ticket ?? load.data;
  if (load.error) return <Screen title="Ticket" back="/account/tickets"><ErrorNote error={load.error} onRetry={load.reload} /></Screen>;
  if (!t) return <Screen title="Ticket" back="/account/tickets"><Spinner /></Screen>;
  async function send(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      setTicket(await call(client.POST('/api/v1/tickets/{id}/reply', { params: { path: { id } }, body: { message: reply.trim() } })));
      setReply('');
    } catch (err) {
      setError(err);
    }
  }
  return (
    <Screen title="Ticket" back="/account/tickets">
      <section className="card">
        <div className="row">
          <h2>{t.subject}</h2>
          <span className={`status t-${t.status}`}>{STATUS[t.status]}</span>
        </div>
        <p className="muted">Opened {formatDate(t.created_at)}</p>
      </section>
      <ol className="thread" aria-label="Messages">
        {t.replies.map((r) => (
          <li key={r.id} className={r.author === 'user' ? 'bubble mine' : 'bubble'}>
            <span className="who">{r.author === 'user' ? 'You' : 'Support'}</span>
            <p>{r.message}</p>
            <small>{formatDate(r.created_at)}</small>
          </li>
        ))}
      </ol>
      {t.status === 'closed' ? (
        <p className="muted center">This ticket is closed. Open a new one if you need more help.</p>
      ) : (
        <form className="card" onSubmit={(e) => void send(e)}>
          <div className="field">
            <label htmlFor="reply">Your reply</label>
            <textarea id="reply" rows={3} value={reply} onChange={(e) => setReply(e.target.value)} maxLength={5000} />
          </div>
          {error ? <ErrorNote error={error} /> : null}
          <button type="submit" className="btn primary block" disabled={!reply.trim()}>
            Send reply
          </button>
        </form>
      )}
    </Screen>
  );
}
