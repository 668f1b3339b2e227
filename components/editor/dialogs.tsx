'use client';
/** The editor's modal frame (the shortcuts help is in ./help-overlay, the Import dialog in ./import-dialog, both loaded on demand). */
import { useEffect, useRef, type ReactNode } from 'react';

export function Modal({ title, onClose, children, testId }: { title: string; onClose(): void; children: ReactNode; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="sy-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="sy-modal" role="dialog" aria-modal="true" aria-label={title} data-testid={testId} tabIndex={-1} ref={ref} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <div className="sy-modal-head">
          <h2>{title}</h2>
          <button type="button" className="sy-icon-btn" aria-label="Close" data-testid={`${testId}-close`} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
