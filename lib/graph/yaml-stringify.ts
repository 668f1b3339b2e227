/**
 * stringifyGraph: the canonical YAML text of a graph document.
 * Stable key order (the schema's), block style with short flow maps for edges, branches, layout
 * entries, model and state entries and short lists of ids, literal block scalars for multi-line text,
 * no line folding. stringifyGraph(parse(stringifyGraph(d))) === stringifyGraph(d).
 */
import { Document, isMap, isScalar, isSeq, Scalar, visit, type Node, type YAMLMap, type YAMLSeq } from 'yaml';
import {
  ConditionalEdge,
  DOCUMENT_KEY_ORDER,
  DocumentScorer,
  Limits,
  ModelSpec,
  NODE_SCHEMAS,
  PlainEdge,
  Position,
  StateChannel,
  TOOL_SCHEMAS,
  WhenBranch,
  type GraphDocument,
  type NodeRole,
  type ToolType,
} from './schema';
import { isToolType } from './tool-types';

type Obj = Record<string, unknown>;

/** Each tool type's keys in schema order (every type: TOOL_SCHEMAS is a Record<ToolType, …>). */
const TOOL_KEYS = Object.fromEntries(
  Object.entries(TOOL_SCHEMAS).map(([type, schema]) => [type, Object.keys(schema.shape)]),
) as Record<ToolType, string[]>;
/** A scorer's keys (web_retriever, document_sampler): type first, then its kind's fields. */
const SCORER_KEYS = [...new Set(DocumentScorer.options.flatMap((o) => Object.keys(o.shape)))];
const NODE_KEYS = Object.fromEntries(
  Object.entries(NODE_SCHEMAS).map(([role, schema]) => [role, Object.keys(schema.shape)]),
) as Record<NodeRole, string[]>;
const MODEL_KEYS = Object.keys(ModelSpec.shape);
const CHANNEL_KEYS = Object.keys(StateChannel.shape);
const LIMIT_KEYS = Object.keys(Limits.shape);
const POSITION_KEYS = Object.keys(Position.shape);
const PLAIN_EDGE_KEYS = Object.keys(PlainEdge.shape);
const COND_EDGE_KEYS = Object.keys(ConditionalEdge.shape);
const WHEN_KEYS = Object.keys(WhenBranch.shape);

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A copy of `obj` with `keys` first (in that order), then the rest in insertion order; undefined dropped. */
function ordered(obj: unknown, keys: readonly string[], child?: (key: string, v: unknown) => unknown): unknown {
  if (!isObj(obj)) return obj;
  const out: Obj = {};
  const put = (k: string) => {
    const v = obj[k];
    if (v === undefined || Object.hasOwn(out, k)) return;
    // defineProperty: a key named __proto__ stays a plain own key.
    Object.defineProperty(out, k, { value: child ? child(k, v) : v, enumerable: true, writable: true, configurable: true });
  };
  for (const k of keys) if (Object.hasOwn(obj, k)) put(k);
  for (const k of Object.keys(obj)) put(k);
  return out;
}

function eachValue(rec: unknown, fn: (v: unknown) => unknown): unknown {
  return ordered(rec, [], (_k, v) => fn(v));
}

function orderNode(node: unknown): unknown {
  if (!isObj(node)) return node;
  const keys = NODE_KEYS[node.role as NodeRole] ?? [];
  return ordered(node, ['role', ...keys], (k, v) => (k === 'exit' ? ordered(v, ['tool', 'when']) : v));
}

function orderTool(tool: unknown): unknown {
  if (!isObj(tool)) return tool;
  const keys = isToolType(tool.type) ? TOOL_KEYS[tool.type] : ['type'];
  return ordered(tool, keys, (k, v) => (k === 'scorer' ? ordered(v, SCORER_KEYS) : v));
}

function orderEdge(edge: unknown): unknown {
  if (!isObj(edge)) return edge;
  if (!('branches' in edge)) return ordered(edge, PLAIN_EDGE_KEYS);
  return ordered(edge, COND_EDGE_KEYS, (k, v) =>
    k === 'branches' && Array.isArray(v) ? v.map((b) => ordered(b, [...WHEN_KEYS, 'else'])) : v,
  );
}

/** The document as plain data in canonical key order. */
function canonicalGraph(doc: GraphDocument): Obj {
  return ordered(doc, DOCUMENT_KEY_ORDER, (key, v) => {
    switch (key) {
      case 'models':
        return eachValue(v, (m) => ordered(m, MODEL_KEYS));
      case 'tools':
        return eachValue(v, orderTool);
      case 'state':
        return eachValue(v, (c) => ordered(c, CHANNEL_KEYS));
      case 'nodes':
        return eachValue(v, orderNode);
      case 'edges':
        return Array.isArray(v) ? v.map(orderEdge) : v;
      case 'limits':
        return ordered(v, LIMIT_KEYS);
      case 'layout':
        return eachValue(v, (p) => ordered(p, POSITION_KEYS));
      default:
        return v;
    }
  }) as Obj;
}

const FLOW_MAX = 100;

/** Scalars only, no line breaks, short enough to read on one line. */
function fitsOnOneLine(node: YAMLMap | YAMLSeq): boolean {
  let len = 0;
  for (const item of node.items as unknown[]) {
    const parts = isMap(node) ? [(item as { key: unknown }).key, (item as { value: unknown }).value] : [item];
    for (const p of parts) {
      if (!isScalar(p)) return false;
      const text = typeof p.value === 'string' ? p.value : String(p.value);
      if (/[\n\r]/.test(text)) return false;
      len += text.length + 4;
    }
  }
  return len <= FLOW_MAX;
}

function flowIfShort(node: unknown): void {
  if ((isMap(node) || isSeq(node)) && node.items.length > 0 && fitsOnOneLine(node)) node.flow = true;
}

/** Free-form JSON (a JSON Schema): its short innermost maps and lists go on one line. */
function flowLeaves(node: unknown): void {
  visit(node as Node, {
    Map(_k, m) {
      flowIfShort(m);
    },
    Seq(_k, q) {
      flowIfShort(q);
    },
  });
}

function mapValues(node: unknown): unknown[] {
  return isMap(node) ? node.items.map((p) => p.value) : [];
}

/**
 * Multi-line text that is only whitespace cannot be a block scalar (the reader cannot tell its
 * indentation), and yaml 2.9 writes one anyway: quote it.
 */
function quoteBlankMultiline(doc: Document): void {
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && node.value.includes('\n') && node.value.trim() === '') {
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
}

function applyStyles(doc: Document): void {
  quoteBlankMultiline(doc);
  const get = (key: string) => doc.get(key, true) as Node | undefined;
  for (const m of mapValues(get('models'))) flowIfShort(m);
  for (const c of mapValues(get('state'))) flowIfShort(c);
  for (const p of mapValues(get('layout'))) flowIfShort(p);
  flowIfShort(get('limits'));
  for (const n of mapValues(get('nodes'))) {
    if (!isMap(n)) continue;
    for (const key of ['tools', 'workers']) flowIfShort(n.get(key, true));
    flowIfShort(n.get('exit', true));
  }
  for (const t of mapValues(get('tools'))) {
    if (isMap(t)) {
      flowIfShort(t.get('domains', true));
      flowLeaves(t.get('args_schema', true));
    }
    flowIfShort(t);
  }
  const edges = get('edges');
  if (isSeq(edges)) {
    for (const e of edges.items) {
      if (!isMap(e)) continue;
      const branches = e.get('branches', true);
      if (isSeq(branches)) for (const b of branches.items) flowIfShort(b);
      else flowIfShort(e);
    }
  }
}

export function stringifyGraph(doc: GraphDocument): string {
  const yamlDoc = new Document(canonicalGraph(doc), { aliasDuplicateObjects: false, version: '1.2' });
  applyStyles(yamlDoc);
  return yamlDoc.toString({
    indent: 2,
    indentSeq: true,
    lineWidth: 0,
    minContentWidth: 0,
    blockQuote: 'literal',
    // Double-quoted strings stay on one line (`\n` escapes): yaml 2.9's multi-line double-quoted
    // form mangles a line holding only spaces ("a\n \nb" comes back as "a\n\\\nb").
    doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER,
    flowCollectionPadding: true,
    nullStr: 'null',
    trueStr: 'true',
    falseStr: 'false',
  });
}
