'use client';

import { useState } from 'react';
import s from './debug.module.css';

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  document.execCommand('copy');
  ta.remove();
}

/** "Copy as JSON" for any value (pretty-printed, exactly what the trace holds). */
export function CopyJsonButton({ value, label = 'Copy as JSON' }: { value: unknown; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className={s.smallButton}
      data-testid="copy-json"
      onClick={() => {
        copyText(JSON.stringify(value, null, 2) ?? 'null')
          .then(() => setState('copied'))
          .catch(() => setState('failed'))
          .finally(() => setTimeout(() => setState('idle'), 1500));
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
