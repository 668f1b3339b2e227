'use client';
/** Extra HTTP headers as name/value rows. Saved headers keep their value unless a new one is typed. */
import { Button } from '@/components/ui/button';
import { IconClose, IconPlus } from '@/components/ui/icons';
import { newRow, type HeaderRow } from './connection-form-model';
import s from './settings.module.css';

export function HeaderRows({
  rows,
  errors,
  onChange,
  onRemoveSaved,
}: {
  rows: HeaderRow[];
  errors: Record<number, string>;
  onChange(rows: HeaderRow[]): void;
  onRemoveSaved(name: string): void;
}) {
  const update = (id: number, patch: Partial<HeaderRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  return (
    <fieldset className={s.headers} data-testid="header-rows">
      <legend className={s.legend}>Extra headers</legend>
      {rows.length === 0 ? <p className={s.hint}>Optional: sent with every request, e.g. an organisation or gateway header.</p> : null}
      {rows.map((r, i) => (
        <div key={r.id} className={s.headerRow} data-testid="header-row" data-saved={r.saved || undefined}>
          <input
            aria-label={`Header ${i + 1} name`}
            value={r.name}
            readOnly={r.saved}
            placeholder="X-Header-Name"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => update(r.id, { name: e.target.value })}
            aria-invalid={errors[r.id] ? true : undefined}
            data-testid="header-name"
          />
          <input
            aria-label={`Header ${i + 1} value`}
            type="password"
            value={r.value}
            placeholder={r.saved ? 'Saved — leave empty to keep' : 'Value'}
            autoComplete="new-password"
            spellCheck={false}
            onChange={(e) => update(r.id, { value: e.target.value })}
            aria-invalid={errors[r.id] ? true : undefined}
            data-testid="header-value"
          />
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            aria-label={`Remove header ${r.name || i + 1}`}
            onClick={() => {
              if (r.saved) onRemoveSaved(r.name);
              onChange(rows.filter((x) => x.id !== r.id));
            }}
            data-testid="header-remove"
          >
            <IconClose />
          </Button>
          {errors[r.id] ? (
            <span className={s.rowError} role="alert" data-testid="header-error">
              {errors[r.id]}
            </span>
          ) : null}
        </div>
      ))}
      <Button size="sm" variant="ghost" onClick={() => onChange([...rows, newRow()])} data-testid="header-add">
        <IconPlus /> Add header
      </Button>
    </fieldset>
  );
}
