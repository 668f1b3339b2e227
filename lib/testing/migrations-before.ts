/**
 * For migration tests: a copy of a migrations folder whose journal stops before one migration, to
 * bring a database to the version before it (then migrate it to the latest with the real folder).
 * The copies are temporary directories, removed by `removeMigrationCopies()` (call it in afterAll).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dirs: string[] = [];

/** A copy of `folder` whose journal stops before migration `tag` (what a database of the previous version was migrated with). */
export function migrationsBefore(folder: string, tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-mig-'));
  dirs.push(dir);
  cpSync(folder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag} in ${folder}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Removes the copies made so far. */
export function removeMigrationCopies(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}
