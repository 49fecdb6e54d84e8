import { useState } from 'react';
import { useLoad } from '@storefront/web';
import { api, client } from '../api.ts';
import { useAdminMe, useReloadAdminMe } from '../admin-me.tsx';
import type { MfaSetup } from '../types.ts';
import { ErrorBox, HeaderCell, Notice, TableScroll, When, useAction } from '../ui.tsx';

/** Every staff member's own account: two-factor sign-in and the back-office sessions that are open. */
export function SecurityPage() {
  return (
    <section>
      <h1>Security</h1>
      <TwoFactor />
      <Sessions />
    </section>
  );
}

function TwoFactor() {
  const me = useAdminMe();
  const reloadMe = useReloadAdminMe();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  // Enrolling or turning it off needs the current password with each request (the set-up and its confirmation).
  const [password, setPassword] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  if (!me) return null;
  const start = () =>
    action.run(async () => {
      setNotice(null);
      setSetup(await api(client.POST('/api/v1/admin/me/mfa/setup', { body: { current_password: password } })));
    });
  const confirmCode = () =>
    action.run(async () => {
      const r = await api(client.POST('/api/v1/admin/me/mfa/confirm', { body: { code: code.trim(), current_password: password } }));
      setSetup(null);
      setCode('');
      setPassword('');
      setRecovery(r.recovery_codes);
      reloadMe();
    });
  const disable = () =>
    action.run(async () => {
      await api(client.POST('/api/v1/admin/me/mfa/disable', { body: { code: code.trim(), current_password: password } }));
      setCode('');
      setPassword('');
      setRecovery(null);
      setNotice('Two-factor sign-in is off.');
      reloadMe();
    });
  const text = recovery?.join('\n') ?? '';
  return (
    <div className="panel" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      <Notice text={notice} />
      {me.mfa.required && !me.mfa.session_verified && !recovery && <Notice text="This back office asks every staff member for a second factor. Set it up to open the other pages." />}
      {recovery && (
        <div className="recovery" data-testid="recovery-codes">
          <p>
            <strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown
            only now.
          </p>
          <ol className="codes">
            {recovery.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <div className="buttons">
            <button type="button" className="secondary" onClick={() => void navigator.clipboard?.writeText(text).then(() => setNotice('Recovery codes copied.'))}>
              Copy codes
            </button>
            <a className="button secondary" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + '\n')}`} download="storefront-recovery-codes.txt">
              Download codes
            </a>
            <button type="button" onClick={() => setRecovery(null)}>
              I have saved them
            </button>
          </div>
        </div>
      )}
      {!recovery && me.mfa.enabled && (
        <>
          <p>
            Two-factor sign-in is <strong>on</strong>. Recovery codes left: {me.mfa.recovery_codes_left}.
          </p>
          <form
            className="filters"
            onSubmit={(e) => {
              e.preventDefault();
              void disable();
            }}
          >
            <label>
              Current code to turn it off{' '}
              <input name="disable-code" autoComplete="one-time-code" className="narrow" value={code} onChange={(e) => setCode(e.target.value)} required />
            </label>
            <PasswordField value={password} onChange={setPassword} />
            <button type="submit" className="danger" disabled={action.busy}>
              Turn off
            </button>
          </form>
        </>
      )}
      {!recovery && !me.mfa.enabled && !setup && (
        <>
          <p>
            Two-factor sign-in is <strong>off</strong>. With it on, signing in also asks for a code from an authenticator app on your phone.
          </p>
          <form
            className="filters"
            onSubmit={(e) => {
              e.preventDefault();
              void start();
            }}
          >
            <PasswordField value={password} onChange={setPassword} />
            <button type="submit" disabled={action.busy}>
              Set up two-factor sign-in
            </button>
          </form>
        </>
      )}
      {setup && (
        <div className="enrol">
          <p>Scan this code with an authenticator app, or type the key below into it. Then enter the 6-digit code it shows.</p>
          <img className="qr" src={setup.qr_svg} alt="QR code to add this account to an authenticator app" width={180} height={180} />
          <p>
            Key: <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <form
            className="filters"
            onSubmit={(e) => {
              e.preventDefault();
              void confirmCode();
            }}
          >
            <label>
              First code{' '}
              <input name="confirm-code" autoComplete="one-time-code" inputMode="numeric" className="narrow" value={code} onChange={(e) => setCode(e.target.value)} required />
            </label>
            <button type="submit" disabled={action.busy}>
              Turn on
            </button>
          </form>
        </div>
      )}
      <ErrorBox error={action.error} />
    </div>
  );
}

/** The current password, asked again before the second factor changes: a signed-in browser alone is not enough. */
function PasswordField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <label>
      Your password{' '}
      <input name="current-password" type="password" autoComplete="current-password" value={value} onChange={(e) => onChange(e.target.value)} required />
    </label>
  );
}

/**
 * Before a required second factor is set up, the session may only enrol (the API refuses the
 * list), so the panel says when the list appears instead of asking for it.
 */
function Sessions() {
  const me = useAdminMe();
  if (!me) return null;
  if (me.mfa.required && !me.mfa.session_verified) {
    return (
      <div className="panel" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Where you are signed in</h2>
        <p className="muted" data-testid="sessions-later">
          Your sign-ins to the back office are listed here once two-factor sign-in is on. Until then, this session can only set it up.
        </p>
      </div>
    );
  }
  return <SessionList />;
}

function SessionList() {
  const { data, error, reload } = useLoad(() => api(client.GET('/api/v1/admin/me/sessions')), []);
  const action = useAction();
  const signOut = (id: string) =>
    action.run(async () => {
      await api(client.DELETE('/api/v1/admin/me/sessions/{id}', { params: { path: { id } } }));
      reload();
    });
  return (
    <div className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you are signed in</h2>
      <p className="muted">Each sign-in to the back office is a session. Sign out one you do not recognise or no longer use.</p>
      <ErrorBox error={error ?? action.error} />
      <TableScroll label="Table of your sessions">
        <table data-testid="sessions">
          <thead>
            <tr>
              <th>Signed in</th>
              <th>Last active</th>
              <th>Two-factor</th>
              <HeaderCell column={{ hidden: 'Actions' }} />
            </tr>
          </thead>
          <tbody>
            {(data?.items ?? []).map((s) => (
              <tr key={s.id}>
                <td>
                  <When iso={s.created_at} />
                  {s.current && <span className="status"> this session</span>}
                </td>
                <td>
                  <When iso={s.last_refreshed_at} />
                </td>
                <td>{s.mfa_verified ? 'Verified' : 'Not verified'}</td>
                <td>
                  <button type="button" className="secondary" disabled={action.busy} onClick={() => signOut(s.id)}>
                    {s.current ? 'Sign out here' : 'Sign out'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
