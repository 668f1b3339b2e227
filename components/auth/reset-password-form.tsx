'use client';
/**
 * /reset-password?token=… (a one-time link from an admin's reset or a reset mail): choose a new
 * password, then sign in. /forgot-password: ask for a reset mail (only when the server sends mail;
 * otherwise the answer says to ask an admin).
 */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Logo } from '@/components/ui/icons';
import { requestPasswordReset, resetPassword } from './auth-api';
import s from './auth.module.css';

function Card({ testId, title, text, children, onSubmit }: { testId: string; title: string; text: string; children: React.ReactNode; onSubmit(): void }) {
  return (
    <main className={s.page}>
      <form
        className={s.card}
        data-testid={testId}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className={s.brand}>
          <Logo /> Switchyard
        </div>
        <h1 className={s.title}>{title}</h1>
        <p className={s.text}>{text}</p>
        {children}
      </form>
    </main>
  );
}

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: boolean }>({ busy: false, error: null, done: false });
  async function submit() {
    if (!token) return;
    setState({ busy: true, error: null, done: false });
    try {
      await resetPassword(token, password);
      setState({ busy: false, error: null, done: true });
    } catch (err) {
      const status = (err as { status?: number }).status;
      setState({ busy: false, done: false, error: status === 400 ? 'This link is invalid, used or expired: ask an admin (or the sign-in page) for a new one.' : (err as Error).message });
    }
  }
  if (state.done) {
    return (
      <Card testId="reset-password-done" title="Password changed" text="Your new password is set; your other sessions were signed out." onSubmit={() => window.location.assign('/login')}>
        <Button type="submit" variant="primary" data-testid="reset-password-sign-in">
          Sign in
        </Button>
      </Card>
    );
  }
  return (
    <Card testId="reset-password-form" title="Choose a new password" text={token ? 'The link works once and for one hour.' : 'This page needs the link from a reset mail or from your admin.'} onSubmit={() => void submit()}>
      <Field label="New password" htmlFor={`${id}-password`} hint="At least 8 characters.">
        <input id={`${id}-password`} type="password" required minLength={8} maxLength={128} autoFocus autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={!token} data-testid="reset-password-new" />
      </Field>
      {state.error ? (
        <p className={s.error} role="alert" data-testid="reset-password-error">
          {state.error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={state.busy || !token} data-testid="reset-password-submit">
        {state.busy ? 'Saving…' : 'Set password'}
      </Button>
    </Card>
  );
}

export function ForgotPasswordForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ busy: boolean; error: string | null; sent: boolean }>({ busy: false, error: null, sent: false });
  async function submit() {
    setState({ busy: true, error: null, sent: false });
    try {
      await requestPasswordReset(email.trim());
      setState({ busy: false, error: null, sent: true });
    } catch (err) {
      setState({ busy: false, sent: false, error: (err as Error).message });
    }
  }
  return (
    <Card testId="forgot-password-form" title="Reset your password" text="We mail a one-time link to the address of your account." onSubmit={() => void submit()}>
      <Field label="Email" htmlFor={`${id}-email`}>
        <input id={`${id}-email`} type="email" required autoFocus autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="forgot-password-email" />
      </Field>
      {state.sent ? (
        <p className={s.text} role="status" data-testid="forgot-password-sent">
          If this email has an account, a link is on its way. It works once and for one hour.
        </p>
      ) : null}
      {state.error ? (
        <p className={s.error} role="alert" data-testid="forgot-password-error">
          {state.error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={state.busy} data-testid="forgot-password-submit">
        {state.busy ? 'Sending…' : 'Send link'}
      </Button>
    </Card>
  );
}
