/** Reads examples/ at build time (the docs page is static): the example list and the annotated YAML. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGraphYaml } from '@/lib/graph/yaml';
import type { ExampleInfo } from './sections/getting-started';
import { isGraphFile } from '@/lib/graph/file-names';

const dir = () => join(process.cwd(), 'examples');

export function readExample(file: string): string {
  return readFileSync(join(dir(), file), 'utf8');
}

export function listExamples(): ExampleInfo[] {
  return readdirSync(dir())
    .filter(isGraphFile)
    .sort()
    .flatMap((file) => {
      const parsed = parseGraphYaml(readExample(file));
      if (!parsed.ok) return [];
      const doc = parsed.doc;
      const roles = [...new Set(Object.values(doc.nodes).map((n) => n.role))];
      return [{ file, name: doc.name, description: (doc.description ?? '').replace(/\s+/g, ' ').trim(), roles }];
    });
}
