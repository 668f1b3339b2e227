import type { ReactNode } from 'react';
import s from './ui.module.css';

/** A labelled form control with an optional hint and error. */
export function Field({ label, htmlFor, hint, error, children }: { label: ReactNode; htmlFor: string; hint?: ReactNode; error?: ReactNode; children: ReactNode }) {
  return (
    <div className={s.field}>
      <label className={s.fieldLabel} htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error ? <span className={s.fieldError}>{error}</span> : hint ? <span className={s.fieldHint}>{hint}</span> : null}
    </div>
  );
}
