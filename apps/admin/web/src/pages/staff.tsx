import { useState } from 'react';
import { api, client } from '../api.ts';
import { ROLE_NAMES } from '../access.ts';
import { useAdminMe } from '../admin-me.tsx';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '../types.ts';
import { Notice, PagedTable, Status, When, useAction, usePaged } from '../ui.tsx';

/** Owners (`staff.manage`): who works in the back office, invitations (sent, resent, revoked), roles, disabling, 2FA and sign-in resets. */
export function StaffPage() {
  const me = useAdminMe();
  const list = usePaged((page) => api(client.GET('/api/v1/admin/staff', { params: { query: page } })), [], 50);
  const [invite, setInvite] = useState<{ phone: string; full_name: string; role: StaffRole }>({ phone: '', full_name: '', role: 'support' });
  const [done, setDone] = useState<string | null>(null);
  const action = useAction();
  const run = (fn: () => Promise<string>) =>
    action.run(async () => {
      setDone(null);
      setDone(await fn());
      list.reload();
    });
  const send = () =>
    run(async () => {
      const body = { phone: invite.phone, role: invite.role, ...(invite.full_name.trim() ? { full_name: invite.full_name.trim() } : {}) };
      const member = await api(client.POST('/api/v1/admin/staff', { body }));
      setInvite({ phone: '', full_name: '', role: invite.role });
      return `Invite sent to ${member.phone ?? invite.phone} as ${ROLE_NAMES[member.role]}. The code in the SMS is valid for 48 hours.`;
    });
  const update = (m: StaffMember, patch: { role?: StaffRole; disabled?: boolean }, words: string) =>
    run(async () => {
      await api(client.PATCH('/api/v1/admin/staff/{id}', { params: { path: { id: m.id } }, body: patch }));
      return `${nameOf(m)}: ${words}.`;
    });
  const resetMfa = (m: StaffMember) =>
    run(async () => {
      if (!confirm(`Reset the two-factor sign-in of ${nameOf(m)}? They are signed out and set it up again at their next sign-in.`)) return '';
      await api(client.DELETE('/api/v1/admin/staff/{id}/mfa', { params: { path: { id: m.id } } }));
      return `${nameOf(m)}: two-factor sign-in reset; their sessions ended.`;
    });
  const resetSignIn = (m: StaffMember) =>
    run(async () => {
      const to = m.phone ?? 'their phone';
      const question = `Reset the sign-in of ${nameOf(m)}? Their password and two-factor sign-in are removed and they are signed out everywhere. A new invite code goes to ${to} by SMS; with it they choose a new password.`;
      if (!confirm(question)) return '';
      await api(client.POST('/api/v1/admin/staff/{id}/reset', { params: { path: { id: m.id } } }));
      return `${nameOf(m)}: sign-in reset; a new invite code was sent to ${to}.`;
    });
  const resendInvite = (m: StaffMember) =>
    run(async () => {
      const member = await api(client.POST('/api/v1/admin/staff/{id}/invite', { params: { path: { id: m.id } } }));
      return `${nameOf(m)}: a new invite code went to ${member.phone ?? m.phone}; the old code no longer works.`;
    });
  const revokeInvite = (m: StaffMember) =>
    run(async () => {
      if (!confirm(`Revoke the invite of ${nameOf(m)}? Their code stops working; you can invite them again later.`)) return '';
      await api(client.DELETE('/api/v1/admin/staff/{id}/invite', { params: { path: { id: m.id } } }));
      return `${nameOf(m)}: invite revoked.`;
    });
  return (
    <section>
      <h1>Staff</h1>
      <form
        className="filters"
        aria-label="Invite a staff member"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <input aria-label="Phone number to invite" placeholder="Phone number" autoComplete="off" value={invite.phone} onChange={(e) => setInvite({ ...invite, phone: e.target.value })} required />
        <input aria-label="Name (optional)" placeholder="Name (optional)" value={invite.full_name} onChange={(e) => setInvite({ ...invite, full_name: e.target.value })} />
        <select aria-label="Role for the invite" value={invite.role} onChange={(e) => setInvite({ ...invite, role: e.target.value as StaffRole })}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_NAMES[r]}
            </option>
          ))}
        </select>
        <button type="submit" disabled={action.busy}>
          Send invite
        </button>
      </form>
      <Notice text={done || null} />
      <PagedTable
        list={list}
        error={action.error}
        testId="staff"
        columns={['Name', 'Phone', 'Role', 'Two-factor', 'State', { hidden: 'Actions' }]}
        empty="No staff yet."
        row={(m) => (
          <tr key={m.id}>
            <td>
              {nameOf(m)}
              {m.id === me?.id && <span className="muted"> (you)</span>}
            </td>
            <td>{m.phone}</td>
            <td>
              <select aria-label={`Role of ${nameOf(m)}`} value={m.role} disabled={action.busy} onChange={(e) => update(m, { role: e.target.value as StaffRole }, `now ${ROLE_NAMES[e.target.value as StaffRole]}`)}>
                {STAFF_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_NAMES[r]}
                  </option>
                ))}
              </select>
            </td>
            <td>
              <div className="buttons">
                {m.mfa_enabled ? 'On' : 'Off'}
                {m.mfa_enabled && (
                  <button type="button" className="secondary" aria-label={`Reset two-factor sign-in of ${nameOf(m)}`} onClick={() => resetMfa(m)}>
                    Reset
                  </button>
                )}
              </div>
            </td>
            <td>
              <Status value={m.status} />
              {m.status === 'invited' && m.invite_expires_at && (
                <div className="muted hint">
                  until <When iso={m.invite_expires_at} />
                </div>
              )}
            </td>
            <td>
              <div className="buttons">
                {m.id !== me?.id && (
                  <button type="button" className="secondary" aria-label={`Reset sign-in of ${nameOf(m)}`} onClick={() => resetSignIn(m)}>
                    Reset sign-in
                  </button>
                )}
                {m.status === 'active' && (
                  <button type="button" className="danger" aria-label={`Disable ${nameOf(m)}`} onClick={() => update(m, { disabled: true }, 'disabled; their sessions ended')}>
                    Disable
                  </button>
                )}
                {m.status === 'disabled' && (
                  <button type="button" className="secondary" aria-label={`Enable ${nameOf(m)}`} onClick={() => update(m, { disabled: false }, 'enabled again')}>
                    Enable
                  </button>
                )}
                {m.status === 'invited' && (
                  <>
                    <button type="button" className="secondary" aria-label={`Resend the invite of ${nameOf(m)}`} disabled={action.busy} onClick={() => resendInvite(m)}>
                      Resend
                    </button>
                    <button type="button" className="danger" aria-label={`Revoke the invite of ${nameOf(m)}`} disabled={action.busy} onClick={() => revokeInvite(m)}>
                      Revoke
                    </button>
                  </>
                )}
              </div>
            </td>
          </tr>
        )}
      />
    </section>
  );
}

const nameOf = (m: StaffMember): string => m.full_name || m.phone || 'Unnamed';
