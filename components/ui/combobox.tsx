'use client';
/**
 * A text box with a list of suggestions (the ARIA 1.2 combobox pattern): type anything, or pick an
 * option with the mouse or ↓/↑ and Enter; Escape closes the list. The list shows the options that
 * contain what is typed (all of them when the box holds one of them exactly).
 */
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';

export interface ComboboxProps {
  value: string;
  onChange(v: string): void;
  options: readonly string[];
  /** The accessible name of the box. */
  label: string;
  placeholder?: string;
  testId?: string;
  className?: string;
  /** Shown at the list's foot (e.g. where the options came from), also when nothing matches. */
  footer?: ReactNode;
  /** Where the value lives in a document (the problems list finds the box by it). */
  fieldPath?: string;
}

const MAX_SHOWN = 100;

export function Combobox({ value, onChange, options, label, placeholder, testId, className, footer, fieldPath }: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => {
    const q = value.trim().toLowerCase();
    const all = !q || options.includes(value) ? options : options.filter((o) => o.toLowerCase().includes(q));
    return all.slice(0, MAX_SHOWN);
  }, [options, value]);

  const pick = (o: string) => {
    onChange(o);
    setOpen(false);
    setActive(-1);
    input.current?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (shown.length ? (a + step + shown.length) % shown.length : -1));
    } else if (e.key === 'Enter' && open && active >= 0 && shown[active] !== undefined) {
      e.preventDefault();
      pick(shown[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className={`sy-combobox ${className ?? ''}`.trim()} onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}>
      <div className="sy-combobox-row">
        <input
          ref={input}
          className="sy-input is-mono"
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${id}-o${active}` : undefined}
          value={value}
          placeholder={placeholder}
          spellCheck={false}
          data-testid={testId}
          data-field-path={fieldPath}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="sy-combobox-toggle"
          tabIndex={-1}
          aria-label={`${open ? 'Hide' : 'Show'} the choices for ${label}`}
          data-testid={testId ? `${testId}-toggle` : undefined}
          onClick={() => {
            setOpen((o) => !o);
            input.current?.focus();
          }}
        >
          ▾
        </button>
      </div>
      {open && (
        <div className="sy-combobox-popup">
          <ul className="sy-combobox-list" role="listbox" id={listId} aria-label={label} data-testid={testId ? `${testId}-options` : undefined}>
            {shown.map((o, i) => (
              <li
                key={o}
                id={`${id}-o${i}`}
                role="option"
                aria-selected={o === value}
                className={i === active ? 'is-active' : undefined}
                data-testid="combobox-option"
                // Before the box's blur, so the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(o)}
              >
                {o}
              </li>
            ))}
          </ul>
          {footer && <div className="sy-combobox-foot">{footer}</div>}
        </div>
      )}
    </div>
  );
}
