/**
 * The documents the retrieval tools pass around (seed 001's List[Document]): a piece of text and
 * what is known about where it came from. A tool's output is their JSON, so a tool node can hand
 * them to a `document_sampler` and a model can cite their URLs.
 */
import { AppError } from '../errors';

export interface ToolDocument {
  content: string;
  meta: Record<string, unknown>;
}

/** The JSON a model (or the next tool) gets. */
export function documentsOutput(docs: ToolDocument[]): string {
  return JSON.stringify(docs);
}

/**
 * Documents from an argument: an array (or its JSON text) of documents or of plain strings.
 * Anything else is a tool error naming what was wrong.
 */
export function parseDocuments(value: unknown): ToolDocument[] {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw new AppError('tool_error', '`documents` must be a JSON array of documents ({ content, meta }) or of strings');
    }
  }
  if (!Array.isArray(v)) throw new AppError('tool_error', '`documents` must be an array of documents ({ content, meta }) or of strings');
  return v.map((d, i) => {
    if (typeof d === 'string') return { content: d, meta: {} };
    const o = d as { content?: unknown; meta?: unknown } | null;
    if (!o || typeof o.content !== 'string') throw new AppError('tool_error', `documents[${i}] has no string \`content\``);
    const meta = o.meta && typeof o.meta === 'object' && !Array.isArray(o.meta) ? (o.meta as Record<string, unknown>) : {};
    return { content: o.content, meta };
  });
}
