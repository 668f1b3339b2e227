/**
 * What changed between two graph documents, as a version history shows it: nodes and edges
 * added, removed or changed, the other top-level sections that changed, and whether only the
 * layout moved. `sameLogic` is what decides that a save is layout-only (no new version). Pure.
 */
import type { GraphDocument } from './schema';

export interface NamedChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface VersionChanges {
  nodes: NamedChanges;
  edges: NamedChanges;
  /** Other top-level sections that differ (name, description, models, tools, state, limits, …). */
  sections: string[];
  /** The layout differs. */
  layout: boolean;
}

/** JSON with object keys sorted: equal documents give equal text whatever their key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

function withoutLayout(doc: GraphDocument): Omit<GraphDocument, 'layout'> {
  const { layout: _layout, ...rest } = doc;
  return rest;
}

/** True when the documents differ at most in their layout. */
export function sameLogic(a: GraphDocument, b: GraphDocument): boolean {
  return canonicalJson(withoutLayout(a)) === canonicalJson(withoutLayout(b));
}

type Edge = GraphDocument['edges'][number];

/** An edge's identity: its source and target (a branching edge: its source's branches). */
export function edgeKey(e: Edge): string {
  return 'to' in e && e.to !== undefined ? `${e.from} → ${e.to}` : `${e.from} → branches`;
}

function compare(before: Map<string, string>, after: Map<string, string>): NamedChanges {
  const added = [...after.keys()].filter((k) => !before.has(k));
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const changed = [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k));
  return { added, removed, changed };
}

const byKey = <T>(items: Iterable<[string, T]>) => new Map([...items].map(([k, v]) => [k, canonicalJson(v)]));

/** The changes from `before` (null: the first version, everything is added) to `after`. */
export function versionChanges(before: GraphDocument | null, after: GraphDocument): VersionChanges {
  const nodes = compare(byKey(Object.entries(before?.nodes ?? {})), byKey(Object.entries(after.nodes)));
  const edges = compare(byKey((before?.edges ?? []).map((e) => [edgeKey(e), e])), byKey(after.edges.map((e) => [edgeKey(e), e])));
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  const sections = [...keys]
    .filter((k) => !['nodes', 'edges', 'layout'].includes(k))
    .filter((k) => canonicalJson((before as Record<string, unknown> | null)?.[k]) !== canonicalJson((after as Record<string, unknown>)[k]))
    .sort();
  const layout = canonicalJson(before?.layout) !== canonicalJson(after.layout);
  return { nodes, edges, sections, layout };
}

function part(n: number, what: string, how: string, names: string[]): string | null {
  if (!n) return null;
  return `${n} ${what}${n === 1 ? '' : 's'} ${how} (${names.join(', ')})`;
}

/** One line for a history row, e.g. "1 node added (critic), 2 edges changed (…); tools changed". */
export function describeChanges(c: VersionChanges): string {
  const parts = [
    part(c.nodes.added.length, 'node', 'added', c.nodes.added),
    part(c.nodes.removed.length, 'node', 'removed', c.nodes.removed),
    part(c.nodes.changed.length, 'node', 'changed', c.nodes.changed),
    part(c.edges.added.length, 'edge', 'added', c.edges.added),
    part(c.edges.removed.length, 'edge', 'removed', c.edges.removed),
    part(c.edges.changed.length, 'edge', 'changed', c.edges.changed),
  ].filter((p): p is string => p !== null);
  const sections = c.sections.length ? `${c.sections.join(', ')} changed` : null;
  const text = [parts.join(', '), sections].filter(Boolean).join('; ');
  return text || (c.layout ? 'layout only' : 'no changes');
}
