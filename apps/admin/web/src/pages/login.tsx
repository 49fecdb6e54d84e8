import { useState } from 'react';
import { Link } from '@storefront/web';
import { portal } from '../api.ts';
import { ErrorBox, Notice, useAction } from '../ui.tsx';

interface Me {
  id: string;
  full_name: string;
  phone: string | null;
}

type SignIn = { user: Me } | { mfa_required: true; mfa_token: string; expires_in: number };

/** Signs in with a phone and password, then, for an account with two-factor sign-in, a code. */
export function LoginPage({ onLogin, notice }: { onLogin: (user: Me) => void; notice: string | null }) {
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const action = useAction();
  if (mfaToken !== null) {
    return (
      <main className="login">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void action.run(async () => {
              try {
                const r = await portal<{ user: Me }>('POST', '/session/login/mfa', { mfa_token: mfaToken, code: code.trim() });
                onLogin(r.user);
              } catch (err) {
                setCode('');
                throw err;
              }
            });
          }}
        >
          <h1>Storefront admin</h1>
          <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
          <label>
            Code
            <input name="code" autoComplete="one-time-code" inputMode="text" value={code} onChange={(e) => setCode(e.target.value)} required autoFocus />
          </label>
          <ErrorBox error={action.error} />
          <button type="submit" disabled={action.busy}>
            {action.busy ? 'Checking…' : 'Sign in'}
          </button>
          <button type="button" className="secondary" onClick={() => setMfaToken(null)}>
            Start again
          </button>
        </form>
      </main>
    );
  }
  return (
    <main className="login">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void action.run(async () => {
            const r = await portal<SignIn>('POST', '/session/login', { phone, password });
            if ('mfa_required' in r) {
              setCode('');
              setMfaToken(r.mfa_token);
            } else onLogin(r.user);
          });
        }}
      >
        <h1>Storefront admin</h1>
        <Notice text={notice} />
        <label>
          Phone number
          <input name="phone" autoComplete="username" value={phone} onChange={(e) => setPhone(e.target.value)} required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        <ErrorBox error={action.error} />
        <button type="submit" disabled={action.busy}>
          {action.busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="muted">
          Invited to the back office? <Link to="/accept-invite">Accept your invite</Link>.
        </p>
      </form>
    </main>
  );
}

/**
 * An invited staff member sets a password with the code from the invite SMS (through the
 * portal's server, like the sign-in), then is signed in with it.
 */
export function AcceptInvitePage({ onLogin }: { onLogin: (user: Me) => void }) {
  const params = new URLSearchParams(location.search);
  const [form, setForm] = useState({ phone: params.get('phone') ?? '', code: params.get('code') ?? '', full_name: '', password: '', repeat: '' });
  const [mfaNotice, setMfaNotice] = useState(false);
  const action = useAction();
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  return (
    <main className="login">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void action.run(async () => {
            if (form.password !== form.repeat) throw new Error('The two passwords differ.');
            const body = { phone: form.phone, code: form.code.trim(), password: form.password, ...(form.full_name.trim() ? { full_name: form.full_name.trim() } : {}) };
            await portal('POST', '/session/accept-invite', body);
            const r = await portal<SignIn>('POST', '/session/login', { phone: form.phone, password: form.password });
            if ('mfa_required' in r) setMfaNotice(true);
            else onLogin(r.user);
          });
        }}
      >
        <h1>Accept your invite</h1>
        <p>Enter the phone number the invite was sent to, the 6-digit code from the SMS, and choose a password.</p>
        <Notice text={mfaNotice ? 'Your account is ready. Sign in with your password and a code.' : null} />
        <label>
          Phone number
          <input name="phone" autoComplete="username" value={form.phone} onChange={set('phone')} required />
        </label>
        <label>
          Invite code
          <input name="invite-code" autoComplete="one-time-code" inputMode="numeric" value={form.code} onChange={set('code')} required />
        </label>
        <label>
          Your name (optional)
          <input name="full_name" autoComplete="name" value={form.full_name} onChange={set('full_name')} />
        </label>
        <label>
          New password (8 characters or more)
          <input name="new-password" type="password" autoComplete="new-password" minLength={8} maxLength={128} value={form.password} onChange={set('password')} required />
        </label>
        <label>
          Repeat the password
          <input name="repeat-password" type="password" autoComplete="new-password" value={form.repeat} onChange={set('repeat')} required />
        </label>
        <ErrorBox error={action.error} />
        <button type="submit" disabled={action.busy}>
          {action.busy ? 'Setting up…' : 'Accept and sign in'}
        </button>
        <p className="muted">
          <Link to="/login">Back to sign-in</Link>
        </p>
      </form>
    </main>
  );
}
