'use client';
/**
 * A modal dialog on the native <dialog> element (focus trap, Escape and the top layer for free).
 * Controlled: `open` shows it with showModal(); Escape, the close button and a backdrop click call onClose.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { IconClose } from './icons';
import s from './ui.module.css';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  'data-testid'?: string;
}

export function Dialog({ open, onClose, title, description, children, footer, wide, ...rest }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={[s.dialog, wide && s.wide].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      data-testid={rest['data-testid']}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className={s.dialogInner}>
          <div className={s.dialogHead}>
            <div>
              <h2 id={titleId} className={s.dialogTitle}>
                {title}
              </h2>
              {description ? (
                <p id={descId} className={s.dialogDescription}>
                  {description}
                </p>
              ) : null}
            </div>
            <Button variant="ghost" size="sm" iconOnly aria-label="Close" onClick={onClose} data-testid="dialog-close">
              <IconClose />
            </Button>
          </div>
          <div className={s.dialogBody}>{children}</div>
          {footer ? <div className={s.dialogFoot}>{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
