import { useState } from 'react';
import { portal } from '../api.ts';
import { ErrorBox, Notice, useAction } from '../ui.tsx';

interface Me {
  id: string;
  full_name: string;
  phone: string | null;
}

export function LoginPage({ onLogin, notice }: { onLogin: (user: Me) => void; notice: string | null }) {
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction();
  return (
    <main className="login">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void action.run(async () => {
            const r = await portal<{ user: Me }>('POST', '/session/login', { phone, password });
            onLogin(r.user);
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
      </form>
    </main>
  );
}
