import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import s from './ui.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'ghost-danger';
export type ButtonSize = 'sm' | 'md';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Square, icon-only (give it an aria-label). */
  iconOnly?: boolean;
}

const VARIANT: Record<ButtonVariant, string> = {
  primary: s.primary,
  secondary: s.secondary,
  ghost: s.ghost,
  danger: s.danger,
  'ghost-danger': s.ghostDanger,
};

export function buttonClass({ variant = 'secondary', size = 'md', iconOnly = false }: Look, extra?: string): string {
  return [s.button, VARIANT[variant], size === 'sm' && s.sm, iconOnly && s.icon, extra].filter(Boolean).join(' ');
}

export function Button({
  variant,
  size,
  iconOnly,
  busy,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: Look & ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; children?: ReactNode }) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, iconOnly }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className={s.spinner} aria-hidden /> : null}
      {children}
    </button>
  );
}

/** A link that looks like a button (downloads, navigation). */
export function ButtonLink({
  variant,
  size,
  iconOnly,
  className,
  children,
  ...rest
}: Look & AnchorHTMLAttributes<HTMLAnchorElement> & { children?: ReactNode }) {
  return (
    <a className={buttonClass({ variant, size, iconOnly }, className)} {...rest}>
      {children}
    </a>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className={s.spinner} role="status" aria-label={label} />;
}
