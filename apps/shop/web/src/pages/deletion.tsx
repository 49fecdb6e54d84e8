import { useState } from 'react';
import { useLoad } from '@storefront/web';
import { call, client, type DeletionStatus } from '../api.ts';
import { blockerWords, ShopError } from '../errors.ts';
import { ErrorNote, Field, formatDate, Notice, Screen, Spinner } from '../ui.tsx';
import { CodeInput, useCountdown } from './auth.tsx';

/**
 * Deleting the account from the app: eligibility (with what blocks it), an SMS code to prove the
 * phone, the request, then its status with a cancel button during the grace period.
 */
export function Deletion() {
  const load = useLoad(
    () => Promise.all([call(client.GET('/api/v1/account/deletion/status')), call(client.GET('/api/v1/account/deletion/eligibility'))]),
    [],
  );
  const [status, setStatus] = useState<DeletionStatus | null>(null);
  const [step, setStep] = useState<'start' | 'code'>('start');
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const wait = useCountdown();

  if (load.error) return <Screen title="Delete account" back="/account"><ErrorNote error={load.error} onRetry={load.reload} /></Screen>;
  if (!load.data) return <Screen title="Delete account" back="/account"><Spinner /></Screen>;
  const current = status ?? load.data[0];
  const eligibility = load.data[1];

  async function run(fn: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      if (err instanceof ShopError && err.code === 'rate_limited' && typeof err.body.retry_after === 'number') wait.start(err.body.retry_after);
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  const sendCode = () =>
    run(async () => {
      const r = await call(client.POST('/api/v1/account/deletion/send-otp'));
      setStep('code');
      wait.start(r.resend_in);
    });
  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const { deletion_token } = await call(client.POST('/api/v1/account/deletion/verify-otp', { body: { otp: code } }));
      setStatus(await call(client.POST('/api/v1/account/deletion/request', { body: { deletion_token, ...(reason.trim() ? { reason: reason.trim() } : {}) } })));
    });
  };
  const cancel = () => run(async () => setStatus(await call(client.POST('/api/v1/account/deletion/cancel'))));

  if (current.status === 'pending') {
    return (
      <Screen title="Delete account" back="/account">
        <section className="card">
          <h2>Deletion requested</h2>
          <p>
            Your account will be deleted on <strong>{current.scheduled_for ? formatDate(current.scheduled_for) : 'the scheduled day'}</strong>. Until then you can change your mind.
          </p>
          {error ? <ErrorNote error={error} /> : null}
          <button type="button" className="btn primary block" disabled={busy} onClick={() => void cancel()}>
            Keep my account
          </button>
        </section>
      </Screen>
    );
  }

  return (
    <Screen title="Delete account" back="/account">
      {current.status === 'cancelled' ? <Notice kind="success">Your deletion request is cancelled. Your account stays.</Notice> : null}
      <section className="card">
        <h2>Delete your account</h2>
        <p>Your profile is removed after a grace period. Records the law asks us to keep (payments) stay, without your name.</p>
        {!eligibility.eligible ? (
          <Notice kind="error">
            You cannot delete your account yet: {blockerWords(eligibility.blockers)}.{' '}
            {eligibility.blockers
              .map((b) => (b === 'open_orders' ? 'Wait for your orders to arrive, or cancel them' : 'Spend your balance (or ask support for help with it)'))
              .join(', and ')}{' '}
            first.
          </Notice>
        ) : step === 'start' ? (
          <>
            {error ? <ErrorNote error={error} /> : null}
            <button type="button" className="btn danger block" disabled={busy || wait.left > 0} onClick={() => void sendCode()}>
              Send me a code to confirm
            </button>
          </>
        ) : (
          <form onSubmit={(e) => void confirm(e)}>
            <p>We sent a 6-digit code to your phone.</p>
            <CodeInput value={code} onChange={setCode} />
            <Field label="Why are you leaving? (optional)" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
            {error ? <ErrorNote error={error} /> : null}
            <button type="submit" className="btn danger block" disabled={busy || code.length !== 6}>
              Delete my account
            </button>
            <button type="button" className="btn ghost block" disabled={busy || wait.left > 0} onClick={() => void sendCode()}>
              {wait.left > 0 ? `Resend code in ${wait.left} s` : 'Resend code'}
            </button>
          </form>
        )}
      </section>
    </Screen>
  );
}
