'use client';
/**
 * The connection form's model prices: a "Free (local server)" toggle and rows "model → input $/1M,
 * output $/1M"; an empty price takes the shipped default, shown as the placeholder.
 */
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { IconClose, IconPlus } from '@/components/ui/icons';
import { PRICED_MODELS, defaultPlaceholder, newPriceRow, type PriceRow, type PriceValues } from './connection-form-prices';
import s from './settings.module.css';
import p from './connection-form-prices.module.css';

export function PriceRows({ value, errors, onChange }: { value: PriceValues; errors: Record<number, string>; onChange(v: PriceValues): void }) {
  const listId = useId();
  const update = (id: number, patch: Partial<PriceRow>) => onChange({ ...value, rows: value.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) });
  return (
    <fieldset className={s.headers} data-testid="price-rows">
      <legend className={s.legend}>Model prices (USD per 1M tokens)</legend>
      <label className={p.free}>
        <input type="checkbox" checked={value.free} onChange={(e) => onChange({ ...value, free: e.target.checked })} data-testid="prices-free" />
        Free (local server): every model of this connection costs $0
      </label>
      {value.rows.length === 0 ? (
        <p className={s.hint}>
          {value.free ? 'Add a row to price one model anyway.' : 'Shipped defaults cover common OpenAI models; add a row to override one, or to price another model (* is every model).'}
        </p>
      ) : (
        <div className={`${p.row} ${p.head}`} aria-hidden>
          <span>Model</span>
          <span>Input $/1M</span>
          <span>Output $/1M</span>
          <span />
        </div>
      )}
      <datalist id={listId}>
        {PRICED_MODELS.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {value.rows.map((r, i) => (
        <div key={r.id} className={p.row} data-testid="price-row">
          <input
            aria-label={`Price ${i + 1} model`}
            value={r.model}
            list={listId}
            placeholder="gpt-4o-mini"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors[r.id] ? true : undefined}
            onChange={(e) => update(r.id, { model: e.target.value })}
            data-testid="price-model"
          />
          {(['input', 'output'] as const).map((side) => (
            <input
              key={side}
              aria-label={`Price ${i + 1} ${side} USD per 1M tokens`}
              inputMode="decimal"
              value={r[side]}
              placeholder={defaultPlaceholder(r.model, side) || '0.00'}
              autoComplete="off"
              aria-invalid={errors[r.id] ? true : undefined}
              onChange={(e) => update(r.id, { [side]: e.target.value })}
              data-testid={`price-${side}`}
            />
          ))}
          <Button variant="ghost" size="sm" iconOnly aria-label={`Remove the price of ${r.model || `row ${i + 1}`}`} onClick={() => onChange({ ...value, rows: value.rows.filter((x) => x.id !== r.id) })} data-testid="price-remove">
            <IconClose />
          </Button>
          {errors[r.id] ? (
            <span className={s.rowError} role="alert" data-testid="price-error">
              {errors[r.id]}
            </span>
          ) : null}
        </div>
      ))}
      <Button size="sm" variant="ghost" onClick={() => onChange({ ...value, rows: [...value.rows, newPriceRow()] })} data-testid="price-add">
        <IconPlus /> Add a price
      </Button>
    </fieldset>
  );
}
