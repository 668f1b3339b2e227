/**
 * The validation pass of the editor: zod + lib/graph rules (checkGraphDocument, validateGraph, CEL).
 * Heavy (CEL compiler): imported dynamically by the validation and autosave hooks.
 */
import { checkGraphDocument } from '@/lib/graph/document';
import type { Problem } from '@/lib/graph/problems';
import { GraphDocument } from '@/lib/graph/schema';
import { validateGraph } from '@/lib/graph/validate';
import type { ConvertResult } from './convert';
import { locate, plainMessage, type Badge, type EditorProblems } from './problems';

/** Errors (zod, then the graph rules) and warnings of the document, located on the canvas. */
export function computeProblems({ doc, edgeIds }: ConvertResult): EditorProblems {
  const checked = checkGraphDocument(doc);
  let problems: Problem[];
  if (checked.ok) problems = checked.warnings;
  else {
    const parsed = GraphDocument.safeParse(doc);
    problems = [...checked.errors, ...(parsed.success ? validateGraph(parsed.data).warnings : [])];
  }
  const out: EditorProblems = { list: [], byNode: {}, byEdge: {}, errorCount: 0, warningCount: 0 };
  const badge = (rec: Record<string, Badge>, id: string) => (rec[id] ??= { errors: [], warnings: [] });
  for (const raw of problems) {
    const p = { ...raw, message: plainMessage(raw, doc) };
    const target = locate(p.path, edgeIds);
    out.list.push({ ...p, target });
    const key = p.severity === 'error' ? 'errors' : 'warnings';
    if (p.severity === 'error') out.errorCount += 1;
    else out.warningCount += 1;
    if (target.kind === 'node') badge(out.byNode, target.id)[key].push(p.message);
    if (target.kind === 'edge') for (const id of target.ids) badge(out.byEdge, id)[key].push(p.message);
  }
  out.list.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return out;
}
