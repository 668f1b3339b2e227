/** A one-line "add" form of a Settings section: the fields, the submit button, then the error of the last try. */
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import a from '@/components/auth/auth.module.css';
import s from './settings.module.css';

export interface InlineFormProps {
  onSubmit(): void;
  busy: boolean;
  /** The error of the last submit (a react-query mutation's `error`), shown after the button. */
  error: Error | null;
  submitLabel: string;
  submitTestId: string;
  submitDisabled?: boolean;
  testId?: string;
  errorTestId?: string;
  children: ReactNode;
}

export function InlineForm({ onSubmit, busy, error, submitLabel, submitTestId, submitDisabled, testId, errorTestId, children }: InlineFormProps) {
  return (
    <form
      className={a.inlineForm}
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <Button type="submit" variant="primary" busy={busy} disabled={submitDisabled} data-testid={submitTestId}>
        {submitLabel}
      </Button>
      {error ? (
        <span className={s.formError} role="alert" data-testid={errorTestId}>
          {error.message}
        </span>
      ) : null}
    </form>
  );
}
