'use client';
/** "Compare with": the version the selected one is diffed against (the current one unless another is picked). */
import { compareOptions } from './compare';
import s from './versions.module.css';

export function CompareWith(p: {
  versions: readonly { version: number; note?: string | null }[];
  selected: number | null;
  current: number | null;
  /** null: the current version. */
  value: number | null;
  onChange(v: number | null): void;
}) {
  const options = compareOptions(p.versions, p.selected, p.current);
  if (options.length < 2) return null;
  const value = p.value !== null && options.some((o) => o.value === p.value) ? p.value : 0;
  return (
    <label className={s.compareWith}>
      Compare with
      <select value={value} data-testid="version-compare-with" onChange={(e) => p.onChange(Number(e.target.value) || null)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
