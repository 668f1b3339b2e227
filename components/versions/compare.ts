/**
 * Which two versions the history compares (pure): the selected version → the one picked in
 * "Compare with" (default: the current version). A pick that no longer exists (after a restore or
 * a reload) or that equals the selected version falls back to the current one.
 */
export interface ComparePair {
  from: number;
  to: number;
  /** "Version 1 → current (v3)" or "Version 1 → version 2". */
  title: string;
}

export function comparePair(selected: number | null, compareWith: number | null, current: number | null, versions: readonly number[]): ComparePair | null {
  if (selected === null || current === null) return null;
  const to = compareWith !== null && compareWith !== selected && versions.includes(compareWith) ? compareWith : current;
  return { from: selected, to, title: `Version ${selected} → ${to === current ? `current (v${current})` : `version ${to}`}` };
}

export interface CompareOption {
  /** 0 stands for "the current version" (the default, which follows a restore). */
  value: number;
  label: string;
}

/** The "Compare with" choices: the current version first, then every other version but the selected one, newest first. */
export function compareOptions(versions: readonly { version: number; note?: string | null }[], selected: number | null, current: number | null): CompareOption[] {
  if (current === null) return [];
  const others = versions
    .filter((v) => v.version !== current && v.version !== selected)
    .map((v) => ({ value: v.version, label: v.note ? `v${v.version} — ${v.note}` : `v${v.version}` }));
  return [{ value: 0, label: `current (v${current})` }, ...others];
}
