'use client';
/**
 * The sign-in form (/login) and the first-admin form (/setup, which then signs that admin in).
 * On success the browser goes to `next` (a same-site path) with a full load.
 */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Logo } from '@/components/ui/icons';
import { safeNext, setupAdmin, signIn } from './auth-api';
import s from './auth.module.css';

const COPY = {
  login: { title: 'Sign in', text: 'Sign in to Switchyard.', submit: 'Sign in', busy: 'Signing in…', password: 'current-password' },
  setup: {
    title: 'Create the first admin',
    text: 'No account exists yet. The first account is an admin: it adds the other users on the Settings page.',
    submit: 'Create admin and sign in',
    busy: 'Creating…',
    password: 'new-password',
  },
} as const;

export function AuthForm({ mode, next }: { mode: 'login' | 'setup'; next?: string }) {
  const copy = COPY[mode];
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      if (mode === 'setup') await setupAdmin(email.trim(), password);
      await signIn(email.trim(), password);
      window.location.assign(safeNext(next));
    } catch (err) {
      const status = (err as { status?: number }).status;
      setError(mode === 'login' && status === 401 ? 'Wrong email or password.' : (err as Error).message);
      setBusy(false);
    }
  }

  return (
    <main className={s.page}>
      <form
        className={s.card}
        data-testid={`${mode}-form`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className={s.brand}>
          <Logo /> Switchyard
        </div>
        <h1 className={s.title}>{copy.title}</h1>
        <p className={s.text}>{copy.text}</p>
        <Field label="Email" htmlFor={`${id}-email`}>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoFocus
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid={`${mode}-email`}
          />
        </Field>
        <Field label="Password" htmlFor={`${id}-password`} hint={mode === 'setup' ? 'At least 8 characters.' : undefined}>
          <input
            id={`${id}-password`}
            type="password"
            required
            minLength={8}
            autoComplete={copy.password}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid={`${mode}-password`}
          />
        </Field>
        {error ? (
          <p className={s.error} role="alert" data-testid={`${mode}-error`}>
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={busy} data-testid={`${mode}-submit`}>
          {busy ? copy.busy : copy.submit}
        </Button>
        {mode === 'login' ? (
          <a className={s.text} href="/forgot-password" data-testid="login-forgot-password">
            Forgot your password?
          </a>
        ) : null}
      </form>
    </main>
  );
}
