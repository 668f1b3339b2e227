/** A validation or import problem, pointing at where it is. */
export interface Problem {
  severity: 'error' | 'warning';
  /** Stable machine code, e.g. `unknown_node`, `cel_syntax`, `yaml_duplicate_key`. */
  code: string;
  message: string;
  /** Dotted field path, e.g. `nodes.writer.tools[0]` or `edges[3].branches[0].when`. '' for the whole document. */
  path: string;
  /** 1-based, when the problem came from YAML text. */
  line?: number;
  col?: number;
}

/**
 * zod issue codes that leave a document's shape as the graph rules read it: a value out of its
 * format, range or set, or a key the schema does not know. When every schema error is one of these,
 * the graph rules run too and all errors are reported at once (lib/graph/document.ts).
 */
export const VALUE_ISSUE_CODES: ReadonlySet<string> = new Set(['invalid_format', 'too_big', 'too_small', 'invalid_value', 'not_multiple_of', 'unrecognized_keys']);

export function formatPath(parts: readonly (string | number)[]): string {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${p}` : p;
  }
  return out;
}
