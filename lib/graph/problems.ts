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

export function formatPath(parts: readonly (string | number)[]): string {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${p}` : p;
  }
  return out;
}
