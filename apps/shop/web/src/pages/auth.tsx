import { useEffect, useRef, useState } from 'react';
import { Link, navigate } from '@storefront/web';
import { call, client, session } from '../api.ts';
import { ShopError } from '../errors.ts';
import { useShop } from '../state.tsx';
import { ErrorNote, Field, Notice, Screen } from '../ui.tsx';

/** Seconds left before another code may be asked for (the API's resend_in / retry_after). */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  const until = useRef(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = window.setTimeout(() => setLeft(Math.max(0, Math.ceil((until.current - Date.now()) / 1000))), 1000);
    return () => window.clearTimeout(t);
  }, [left]);
  return {
    left,
    start(seconds: number) {
      until.current = Date.now() + seconds * 1000;
      setLeft(seconds);
    },
  };
}

/** The 6-digit code field: digits only, the phone's one-time-code autofill. */
export function CodeInput({ value, onChange, label = 'Code from the SMS' }: { value: string; onChange: (v: string) => void; label?: string }) {
  return (
    <Field
      label={label}
      className="code-input"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      required
    />
  );
}

/** Starts a countdown from a rate-limit answer's retry_after, if it has one. */
function waitFrom(err: unknown, wait: { start(s: number): void }) {
  if (err instanceof ShopError && err.code === 'rate_limited' && typeof err.body.retry_after === 'number') wait.start(err.body.retry_after);
}

export function SignIn({ next = '/', ended = false }: { next?: string; ended?: boolean }) {
  const { signedInAs } = useShop();
  const [mode, setMode] = useState<'password' | 'sms'>('password');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  /** The number the last code went to: after "Change number" (or a rate limit) that code still works. */
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const wait = useCountdown();

  async function withPassword(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      session.start(await call(client.POST('/api/v1/auth/login', { body: { phone, password } })));
      await signedInAs(next);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  async function sendCode(e?: React.FormEvent) {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await call(client.POST('/api/v1/auth/otp/send', { body: { phone, purpose: 'login' } }));
      setSent(true);
      setSentTo(phone);
      setCode('');
      wait.start(r.resend_in);
    } catch (err) {
      waitFrom(err, wait);
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  async function verify(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      session.start(await call(client.POST('/api/v1/auth/otp/verify', { body: { phone, otp: code, purpose: 'login' } })));
      await signedInAs(next);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Screen title="Sign in">
      <div className="auth">
        <span className="brand big" aria-hidden="true">◆</span>
        <h2>Welcome to Storefront</h2>
        {ended ? <Notice>Your session has ended. Please sign in again.</Notice> : null}
        <div className="segmented" role="tablist" aria-label="How to sign in">
          <button type="button" role="tab" aria-selected={mode === 'password'} onClick={() => { setMode('password'); setError(null); }}>
            Password
          </button>
          <button type="button" role="tab" aria-selected={mode === 'sms'} onClick={() => { setMode('sms'); setError(null); }}>
            SMS code
          </button>
        </div>
        {mode === 'password' ? (
          <form className="card" onSubmit={(e) => void withPassword(e)}>
            <Field label="Phone number" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} required />
            <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
            {error ? <ErrorNote error={error} /> : null}
            <button type="submit" className="btn primary block" disabled={busy}>
              Sign in
            </button>
            <Link to="/reset-password" className="linkish">
              Forgot your password?
            </Link>
          </form>
        ) : !sent ? (
          <form className="card" onSubmit={(e) => void sendCode(e)}>
            <Field label="Phone number" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} required />
            {error ? <ErrorNote error={error} /> : null}
            <button type="submit" className="btn primary block" disabled={busy || wait.left > 0}>
              {wait.left > 0 ? `Send code (${wait.left} s)` : 'Send code'}
            </button>
            {(sentTo && sentTo === phone) || (error instanceof ShopError && error.body.code === 'OTP_RATE_LIMITED') ? (
              <button type="button" className="btn ghost block" onClick={() => { setSent(true); setError(null); }}>
                Enter the code I received
              </button>
            ) : null}
          </form>
        ) : (
          <form className="card" onSubmit={(e) => void verify(e)}>
            <p>
              We sent a 6-digit code to <strong>{phone}</strong>.{' '}
              <button type="button" className="linkish" onClick={() => setSent(false)}>
                Change number
              </button>
            </p>
            <CodeInput value={code} onChange={setCode} />
            {error ? <ErrorNote error={error} /> : null}
            <button type="submit" className="btn primary block" disabled={busy || code.length !== 6}>
              Sign in
            </button>
            <button type="button" className="btn ghost block" disabled={busy || wait.left > 0} onClick={() => void sendCode()}>
              {wait.left > 0 ? `Resend code in ${wait.left} s` : 'Resend code'}
            </button>
          </form>
        )}
        <p className="center">
          New here? <Link to={next === '/' ? '/register' : `/register?next=${encodeURIComponent(next)}`} className="target">Create an account</Link>
        </p>
      </div>
    </Screen>
  );
}

export function Register({ referral, next = '/' }: { referral: string; next?: string }) {
  const { signedInAs } = useShop();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState(referral);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  // No code in the link: a recent click on a share link from this network may name one.
  useEffect(() => {
    if (referral) return;
    call(client.GET('/api/v1/referrals/check')).then((r) => r.referral_code && setCode((c) => c || r.referral_code!), () => undefined);
  }, [referral]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { full_name: name.trim(), phone, password, ...(code.trim() ? { referral_code: code.trim().toUpperCase() } : {}) };
      session.start(await call(client.POST('/api/v1/auth/register', { body })));
      await signedInAs(next);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Screen title="Create account">
      <div className="auth">
        <form className="card" onSubmit={(e) => void submit(e)}>
          <Field label="Full name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
          <Field label="Phone number" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} required />
          <Field label="Password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required minLength={8} maxLength={128} hint="At least 8 characters." />
          <Field label="Referral code (optional)" autoCapitalize="characters" value={code} onChange={(e) => setCode(e.target.value)} maxLength={32} />
          {error ? <ErrorNote error={error} /> : null}
          <button type="submit" className="btn primary block" disabled={busy}>
            Create account
          </button>
        </form>
        <p className="center">
          Have an account? <Link to={next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`} className="target">Sign in</Link>
        </p>
      </div>
    </Screen>
  );
}

export function ResetPassword() {
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const wait = useCountdown();

  async function send(e?: React.FormEvent) {
    e?.preventDefault();
    setError(null);
    try {
      const r = await call(client.POST('/api/v1/auth/otp/send', { body: { phone, purpose: 'reset_password' } }));
      setSent(true);
      wait.start(r.resend_in);
    } catch (err) {
      waitFrom(err, wait);
      setError(err);
    }
  }
  async function reset(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await call(client.POST('/api/v1/auth/reset-password', { body: { phone, otp: code, new_password: password } }));
      session.end();
      setDone(true);
    } catch (err) {
      setError(err);
    }
  }
  return (
    <Screen title="Reset password" back="/sign-in">
      <div className="auth">
        {done ? (
          <Notice kind="success">
            Your password is changed and you are signed out everywhere.{' '}
            <button type="button" className="linkish" onClick={() => navigate('/sign-in', true)}>
              Sign in
            </button>
          </Notice>
        ) : !sent ? (
          <form className="card" onSubmit={(e) => void send(e)}>
            <p>We will send a code by SMS to the phone of your account.</p>
            <Field label="Phone number" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} required />
            {error ? <ErrorNote error={error} /> : null}
            <button type="submit" className="btn primary block" disabled={wait.left > 0}>
              {wait.left > 0 ? `Send code (${wait.left} s)` : 'Send code'}
            </button>
          </form>
        ) : (
          <form className="card" onSubmit={(e) => void reset(e)}>
            <p>If {phone} has an account, a code is on its way.</p>
            <CodeInput value={code} onChange={setCode} />
            <Field label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required minLength={8} maxLength={128} />
            {error ? <ErrorNote error={error} /> : null}
            <button type="submit" className="btn primary block" disabled={code.length !== 6 || password.length < 8}>
              Change password
            </button>
            <button type="button" className="btn ghost block" disabled={wait.left > 0} onClick={() => void send()}>
              {wait.left > 0 ? `Resend code in ${wait.left} s` : 'Resend code'}
            </button>
          </form>
        )}
      </div>
    </Screen>
  );
}
