import { useState } from 'react';
import { Link, useLoad } from '@storefront/web';
import { call, client } from '../api.ts';
import { ShopError } from '../errors.ts';
import { useShop } from '../state.tsx';
import { ErrorNote, Field, formatDate, Notice, Screen, Spinner } from '../ui.tsx';
import { CodeInput, useCountdown } from './auth.tsx';

export function Account() {
  const { me, signOut } = useShop();
  return (
    <Screen title="Account">
      {me ? (
        <section className="card profile-card">
          <span className="avatar" aria-hidden="true">{me.full_name.slice(0, 1).toUpperCase()}</span>
          <div>
            <h2>{me.full_name}</h2>
            <p className="muted">{me.phone}</p>
            {me.email ? <p className="muted">{me.email} {me.email_verified ? '· verified' : '· not verified'}</p> : null}
          </div>
        </section>
      ) : (
        <Spinner />
      )}
      <PendingDeletion />
      <nav aria-label="Account" className="menu card">
        <Link to="/account/profile">Profile and email</Link>
        <Link to="/orders">Your orders</Link>
        <Link to="/wallet">Wallet</Link>
        <Link to="/account/invite">Invite friends</Link>
        <Link to="/account/tickets">Help and support</Link>
        <Link to="/account/delete">Delete account</Link>
      </nav>
      <button type="button" className="btn ghost block" onClick={() => void signOut()}>
        Sign out
      </button>
    </Screen>
  );
}

/** A deletion under way, with its date and a way to cancel it, so signing back in never hides it. */
function PendingDeletion() {
  const status = useLoad(() => call(client.GET('/api/v1/account/deletion/status')), []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);
  if (cancelled) return <Notice kind="success">Your deletion request is cancelled. Your account stays.</Notice>;
  if (status.data?.status !== 'pending') return null;
  const when = status.data.scheduled_for;
  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await call(client.POST('/api/v1/account/deletion/cancel'));
      setCancelled(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card" aria-labelledby="pending-deletion">
      <h2 id="pending-deletion">Your account is set to be deleted</h2>
      <p>
        It will be deleted on <strong data-testid="deletion-date">{when ? formatDate(when) : 'the scheduled day'}</strong>. Until then you can keep it.
      </p>
      {error ? <ErrorNote error={error} /> : null}
      <button type="button" className="btn primary block" disabled={busy} onClick={() => void cancel()}>
        Cancel the deletion
      </button>
    </section>
  );
}

export function Profile() {
  const { me, refreshMe } = useShop();
  const [name, setName] = useState(me?.full_name ?? '');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [email, setEmail] = useState(me?.email ?? '');
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<unknown>(null);
  const [changing, setChanging] = useState(false);
  const wait = useCountdown();

  if (!me) return <Screen title="Profile" back="/account"><Spinner /></Screen>;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setSaved(false);
    try {
      await call(client.PATCH('/api/v1/me', { body: { full_name: name.trim() } }));
      await refreshMe();
      setSaved(true);
    } catch (err) {
      setError(err);
    }
  }
  async function sendCode(e?: React.FormEvent) {
    e?.preventDefault();
    setEmailError(null);
    try {
      const r = await call(client.POST('/api/v1/me/email/send-otp', { body: { email: email.trim() } }));
      setCodeSent(true);
      wait.start(r.resend_in);
    } catch (err) {
      if (err instanceof ShopError && typeof err.body.retry_after === 'number') wait.start(err.body.retry_after);
      setEmailError(err);
    }
  }
  async function verify(e: React.FormEvent) {
    e.preventDefault();
    setEmailError(null);
    try {
      await call(client.POST('/api/v1/me/email/verify-otp', { body: { otp: code } }));
      await refreshMe();
      setChanging(false);
      setCodeSent(false);
      setCode('');
    } catch (err) {
      setEmailError(err);
    }
  }

  return (
    <Screen title="Profile" back="/account">
      <form className="card" onSubmit={(e) => void save(e)}>
        <h2>Your details</h2>
        <Field label="Full name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required maxLength={200} />
        <Field label="Phone number" value={me.phone ?? ''} readOnly />
        {error ? <ErrorNote error={error} /> : null}
        {saved ? <Notice kind="success">Saved.</Notice> : null}
        <button type="submit" className="btn primary block">
          Save
        </button>
      </form>
      <section className="card">
        <h2>Email</h2>
        {me.email && me.email_verified && !changing ? (
          <>
            <Notice kind="success">{me.email} is verified.</Notice>
            <button type="button" className="btn ghost block" onClick={() => setChanging(true)}>
              Use another email
            </button>
          </>
        ) : !codeSent ? (
          <form onSubmit={(e) => void sendCode(e)}>
            <p className="muted">Verify an email to get replies from support by mail.</p>
            <Field label="Email address" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
            <button type="submit" className="btn primary block" disabled={!email.trim() || wait.left > 0}>
              {wait.left > 0 ? `Send code (${wait.left} s)` : 'Send verification code'}
            </button>
          </form>
        ) : (
          <form onSubmit={(e) => void verify(e)}>
            <p>We sent a 6-digit code to {email}.</p>
            <CodeInput value={code} onChange={setCode} label="Code from the email" />
            <button type="submit" className="btn primary block" disabled={code.length !== 6}>
              Verify email
            </button>
            <button type="button" className="btn ghost block" disabled={wait.left > 0} onClick={() => void sendCode()}>
              {wait.left > 0 ? `Resend in ${wait.left} s` : 'Resend code'}
            </button>
          </form>
        )}
        {emailError ? <ErrorNote error={emailError} /> : null}
      </section>
    </Screen>
  );
}

export function Referral() {
  const { data, error, reload } = useLoad(() => call(client.GET('/api/v1/referrals/my-code')), []);
  const [copied, setCopied] = useState(false);
  const [shareError, setShareError] = useState('');
  if (error) return <Screen title="Invite friends" back="/account"><ErrorNote error={error} onRetry={reload} /></Screen>;
  if (!data) return <Screen title="Invite friends" back="/account"><Spinner /></Screen>;

  async function share() {
    setShareError('');
    try {
      await navigator.share({ title: 'Storefront', text: `Shop with me on Storefront — use my code ${data!.referral_code}`, url: data!.share_url });
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setShareError('Sharing is not available here; copy the link instead.');
    }
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(data!.share_url);
      setCopied(true);
    } catch {
      setShareError('Copying is not allowed here; select the link and copy it.');
    }
  }
  return (
    <Screen title="Invite friends" back="/account">
      <section className="card center">
        <h2>Share your code</h2>
        <p className="muted">Friends who sign up with your link or code are linked to you.</p>
        <p className="code" aria-label="Your referral code">{data.referral_code}</p>
        <p className="share-url">{data.share_url}</p>
        {typeof navigator.share === 'function' ? (
          <button type="button" className="btn primary block" onClick={() => void share()}>
            Share
          </button>
        ) : null}
        <button type="button" className="btn ghost block" onClick={() => void copy()}>
          {copied ? 'Link copied' : 'Copy link'}
        </button>
        {shareError ? <Notice kind="error">{shareError}</Notice> : null}
      </section>
    </Screen>
  );
}
