/**
 * Format versions. A document names its version in `switchyard: <n>`; older versions are
 * migrated step by step to FORMAT_VERSION before the schema sees them.
 */
import { FORMAT_VERSION } from './schema';

type Raw = Record<string, unknown>;
/** MIGRATIONS[n] turns a version-n document into a version n+1 document. None yet: 1 is the first. */
const MIGRATIONS: Readonly<Record<number, (doc: Raw) => Raw>> = {};

export type VersionCheck = { ok: true; version: number } | { ok: false; message: string };

export function checkVersion(value: unknown): VersionCheck {
  if (value === undefined) {
    return { ok: false, message: `missing format version: add \`switchyard: ${FORMAT_VERSION}\` at the top` };
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return { ok: false, message: `format version must be a whole number, got ${JSON.stringify(value) ?? String(value)}` };
  }
  if (value === FORMAT_VERSION || (value >= 1 && value < FORMAT_VERSION && canMigrate(value))) return { ok: true, version: value };
  return {
    ok: false,
    message: `unknown format version ${value} (this Switchyard reads version ${FORMAT_VERSION}${FORMAT_VERSION > 1 ? ' and older' : ''})`,
  };
}

function canMigrate(from: number): boolean {
  for (let v = from; v < FORMAT_VERSION; v++) if (!Object.hasOwn(MIGRATIONS, v)) return false;
  return true;
}

/** Brings a document of version `fromVersion` up to FORMAT_VERSION. */
export function migrate(doc: Raw, fromVersion: number): Raw {
  let out = doc;
  for (let v = fromVersion; v < FORMAT_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new Error(`no migration from format version ${v}`);
    out = { ...step(out), switchyard: v + 1 };
  }
  return out;
}
