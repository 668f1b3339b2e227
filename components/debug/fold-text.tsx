'use client';

import { useState } from 'react';
import s from './debug.module.css';

const FOLD_CHARS = 1500;
const FOLD_LINES = 24;

/** Where to fold a long text for display (the stored value is never cut). */
export function foldPoint(text: string, maxChars = FOLD_CHARS, maxLines = FOLD_LINES): number | null {
  let cut = text.length > maxChars ? maxChars : null;
  let lines = 0;
  for (let i = 0; i < Math.min(text.length, cut ?? text.length); i++) {
    if (text.charCodeAt(i) === 10 && ++lines >= maxLines) {
      cut = i;
      break;
    }
  }
  return cut;
}

/** Text in a <pre>, as text (never HTML); long text folded behind "Show all". */
export function FoldText({ text, testId, maxChars, maxLines }: { text: string; testId?: string; maxChars?: number; maxLines?: number }) {
  const [open, setOpen] = useState(false);
  const cut = foldPoint(text, maxChars, maxLines);
  const shown = open || cut === null ? text : text.slice(0, cut);
  return (
    <div>
      <pre className={s.pre} data-testid={testId}>
        {shown}
        {!open && cut !== null ? '…' : null}
      </pre>
      {cut !== null && (
        <button type="button" className={s.linkButton} onClick={() => setOpen(!open)} data-testid="show-all">
          {open ? 'Fold' : `Show all (${text.length.toLocaleString()} characters)`}
        </button>
      )}
    </div>
  );
}
