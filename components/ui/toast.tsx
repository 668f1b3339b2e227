'use client';
/** Transient notices ("Imported x"): a provider, a hook, and a polite live region. */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { IconClose } from './icons';
import s from './ui.module.css';

export interface ToastInput {
  message: ReactNode;
  tone?: 'success' | 'error';
  action?: ReactNode;
}
interface ToastItem extends ToastInput {
  id: number;
}

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

const DURATION_MS = 6000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setItems((xs) => xs.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (t: ToastInput) => {
      const id = nextId.current++;
      setItems((xs) => [...xs.slice(-3), { ...t, id }]);
      window.setTimeout(() => dismiss(id), DURATION_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className={s.toasts} role="status" aria-live="polite">
        {items.map((t) => (
          <div key={t.id} className={[s.toast, t.tone === 'error' && s.toastError].filter(Boolean).join(' ')} data-testid="toast">
            <span className={s.toastText}>{t.message}</span>
            {t.action}
            <Button variant="ghost" size="sm" iconOnly aria-label="Dismiss" onClick={() => dismiss(t.id)}>
              <IconClose />
            </Button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): (t: ToastInput) => void {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
