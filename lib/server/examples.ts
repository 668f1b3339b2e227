/**
 * The example graphs shipped as examples/*.yaml: seeded on first start and offered as templates
 * for "New graph". Parsed with the same codec as imports; a file that does not parse is reported
 * and skipped, never half-loaded.
 */
import 'server-only';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '@/lib/graph/problems';
import type { GraphDocument } from '@/lib/graph/schema';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { isGraphFile } from '@/lib/graph/file-names';

export interface ExampleFile {
  file: string;
  doc?: GraphDocument;
  errors?: Problem[];
}

function examplesDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'examples');
}

/** Every examples/*.yaml (sorted by file name), parsed. A missing directory gives an empty list. */
export function loadExampleFiles(dir = examplesDir()): ExampleFile[] {
  let names: string[];
  try {
    names = readdirSync(/*turbopackIgnore: true*/ dir).filter(isGraphFile).sort();
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
  return names.map((file) => {
    const parsed = parseGraphYaml(readFileSync(/*turbopackIgnore: true*/ path.join(dir, file), 'utf8'));
    return parsed.ok ? { file, doc: parsed.doc } : { file, errors: parsed.errors };
  });
}

/** The valid example documents, by unique name (the first file wins). */
export function loadExamples(dir = examplesDir()): GraphDocument[] {
  const seen = new Set<string>();
  const out: GraphDocument[] = [];
  for (const ex of loadExampleFiles(dir)) {
    if (!ex.doc || seen.has(ex.doc.name)) continue;
    seen.add(ex.doc.name);
    out.push(ex.doc);
  }
  return out;
}

export function findExample(name: string, dir = examplesDir()): GraphDocument | null {
  return loadExamples(dir).find((d) => d.name === name) ?? null;
}
