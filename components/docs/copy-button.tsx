'use client';
/** Copies a code block's text to the clipboard (the only client part of the docs). */
import { useState } from 'react';
import s from './docs.module.css';

export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className={s.copy}
      data-testid={testId}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => {
            setDone(true);
            setTimeout(() => setDone(false), 1500);
          },
          () => undefined,
        );
      }}
    >
      {done ? 'Copied' : 'Copy'}
    </button>
  );
}
