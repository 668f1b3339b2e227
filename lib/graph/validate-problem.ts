/** Builds a Problem whose message starts with where it is: `nodes.writer.tools[0]: unknown tool "serch"`. */
import { formatPath, type Problem } from './problems';

export type PathPart = string | number;

export function problem(
  severity: Problem['severity'],
  code: string,
  parts: readonly PathPart[],
  what: string,
): Problem {
  const path = formatPath(parts);
  return { severity, code, message: path ? `${path}: ${what}` : what, path };
}
