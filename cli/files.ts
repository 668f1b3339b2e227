/**
 * File arguments of the CLI: plain paths, or globs (`*`, `?`, `**`) expanded from the working
 * directory (node_modules, .git and .next are skipped).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', '.git', '.next']);

function globRegex(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function walk(dir: string, out: string[]): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
}

/** The files a list of paths and globs names, sorted, each once (a glob that matches nothing adds none). */
export function expandFiles(patterns: readonly string[], cwd = process.cwd()): string[] {
  const out = new Set<string>();
  for (const p of patterns) {
    if (!/[*?]/.test(p)) {
      out.add(p);
      continue;
    }
    const norm = p.split(path.sep).join('/');
    const staticPart = norm.split('/').filter((_, i, parts) => !/[*?]/.test(parts.slice(0, i + 1).join('/'))).join('/');
    const base = path.resolve(cwd, staticPart || '.');
    const files: string[] = [];
    walk(base, files);
    const re = globRegex(path.posix.normalize(norm));
    const absolute = path.isAbsolute(p);
    for (const f of files) {
      const name = (absolute ? f : path.relative(cwd, f)).split(path.sep).join('/');
      if (re.test(name)) out.add(name);
    }
  }
  return [...out].sort();
}
