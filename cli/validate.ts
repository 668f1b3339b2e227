/** `switchyard validate FILES…`: each graph file checked as the importer does; problems as file:line:col. */
import { readFileSync } from 'node:fs';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { parseGraphTests } from '@/lib/graph/test-schema';
import type { Problem } from '@/lib/graph/problems';
import type { Output } from './output';

export function formatProblem(file: string, p: Problem): string {
  const where = p.line ? `${file}:${p.line}:${p.col ?? 1}` : file;
  return `${where}: ${p.severity} ${p.code}${p.path ? ` at ${p.path}` : ''}: ${p.message}`;
}

/** Exit code 0 when every file is valid (warnings allowed), 1 otherwise. A *.test.yaml is checked as a test file. */
export function validateFiles(files: readonly string[], out: Output): number {
  if (!files.length) {
    out.err('switchyard validate: no files given (switchyard validate examples/*.yaml)');
    return 2;
  }
  let failed = 0;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      out.err(`${file}: cannot read: ${(err as Error).message}`);
      failed++;
      continue;
    }
    const isTest = /\.test\.ya?ml$/.test(file);
    const r = isTest ? parseGraphTests(text) : parseGraphYaml(text);
    if (!r.ok) {
      failed++;
      for (const p of r.errors) out.err(formatProblem(file, p));
      continue;
    }
    const warnings = 'warnings' in r ? r.warnings : [];
    for (const p of warnings) out.log(formatProblem(file, p));
    out.log(`${file}: ok${isTest ? ' (tests)' : ''}`);
  }
  if (files.length > 1) out.log(`${files.length - failed} valid, ${failed} invalid`);
  return failed ? 1 : 0;
}
