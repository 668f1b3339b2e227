/**
 * YAML import checks in passes: the YAML itself (syntax, keys), then the fields (schema), then the
 * graph rules (edges, flow, conditions, references). A pass with errors stops the later ones, so
 * the importer says which pass it stopped at: more problems may show once these are fixed. Field
 * errors that are only values out of their format or range do not stop the rules (VALUE_ISSUE_CODES).
 */
import type { ProblemJson } from '@/lib/contracts/common';
import { VALUE_ISSUE_CODES } from '@/lib/graph/problems';

export type ImportStage = 'yaml' | 'fields' | 'rules';

const YAML_CODES = new Set(['too_large', 'too_deep', 'binary', 'not_utf8', 'not_text', 'empty', 'forbidden_key', 'not_a_mapping', 'unknown_version']);
/** zod's issue codes (lib/graph/document-issues.ts passes them through). */
const FIELD_CODES = new Set(['invalid_type', 'too_big', 'too_small', 'invalid_format', 'not_multiple_of', 'unrecognized_keys', 'invalid_union', 'invalid_key', 'invalid_element', 'invalid_value', 'custom']);

export function importStage(problems: readonly Pick<ProblemJson, 'code' | 'severity'>[]): ImportStage {
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.some((p) => p.code.startsWith('yaml_') || YAML_CODES.has(p.code))) return 'yaml';
  const fields = errors.filter((p) => FIELD_CODES.has(p.code));
  if (fields.length && !fields.every((p) => VALUE_ISSUE_CODES.has(p.code))) return 'fields';
  return 'rules';
}

/** What to tell the user when a pass stopped the later ones (null: every check ran). */
export function stageNote(stage: ImportStage): string | null {
  if (stage === 'yaml') return 'The YAML could not be read, so the graph itself was not checked yet: fix these, then import again to see any further problems.';
  if (stage === 'fields') return 'Every field problem is listed; the graph rules (edges, flow, conditions) run once the fields are valid, so more may follow.';
  return null;
}
