'use client';
/** A snippet with a Copy button (the panels of "Use this graph" and Share). */
import { useState } from 'react';
import s from './publish.module.css';

export function CodeBlock({ code, label, testId }: { code: string; label: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className={s.code}>
      <pre aria-label={label} data-testid={testId}>
        <code>{code}</code>
      </pre>
      <button type="button" className={s.copy} onClick={() => void copy()} data-testid={`${testId}-copy`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
