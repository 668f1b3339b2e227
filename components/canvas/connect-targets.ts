/**
 * The nodes the connect command (C) offers for a source node, best match first: an exact name, then
 * names or labels that start with the typed text, then ones that contain it. START is never a
 * target and END has no way out.
 */
export interface Target {
  id: string;
  label?: string;
}

export function connectTargets(nodes: readonly Target[], source: string | null, query: string): Target[] {
  if (!source || source === 'END') return [];
  const q = query.trim().toLowerCase();
  const rank = (t: Target): number => {
    if (!q) return 2;
    const id = t.id.toLowerCase();
    const label = (t.label ?? '').toLowerCase();
    if (id === q || label === q) return 0;
    if (id.startsWith(q) || label.startsWith(q)) return 1;
    if (id.includes(q) || label.includes(q)) return 2;
    return -1;
  };
  return nodes
    .filter((t) => t.id !== source && t.id !== 'START')
    .map((t, i) => ({ t, r: rank(t), i }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.t);
}
