/**
 * Secrets at rest (connection API keys and header values): AES-256-GCM (node:crypto) in a versioned
 * text format `enc:v1:<iv>:<tag>:<ciphertext>` (base64url). The key is SWITCHYARD_SECRET_KEY (32 bytes
 * as base64 or hex; any other text is hashed with SHA-256 into a key), else the key file
 * `secret.key` next to the database, created with mode 0600 on first use. No server-only import:
 * scripts/rotate-key.ts uses it too.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PREFIX = 'enc:v1:';

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** A 32-byte key from its text form (base64 or hex of 32 bytes, else SHA-256 of the text). */
export function keyFromText(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex');
  const b = Buffer.from(t, 'base64');
  if (b.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(t)) return b;
  return createHash('sha256').update(t, 'utf8').digest();
}

export function newKeyText(): string {
  return randomBytes(32).toString('base64');
}

/** The key file for a database file: `secret.key` in the same directory. */
export function keyFileFor(dbFile: string): string {
  return path.join(path.dirname(dbFile), 'secret.key');
}

/** SWITCHYARD_SECRET_KEY, else the key file (created, 0600, when missing; none for an in-memory db). */
export function loadSecretKey(dbFile: string, env: Record<string, string | undefined> = process.env): Buffer {
  const configured = env.SWITCHYARD_SECRET_KEY?.trim();
  if (configured) return keyFromText(configured);
  if (dbFile === ':memory:') return keyFromText('switchyard-in-memory-database');
  const file = keyFileFor(dbFile);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, newKeyText() + '\n', { mode: 0o600, flag: 'wx' });
  }
  return keyFromText(readFileSync(file, 'utf8'));
}

export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${ct.toString('base64url')}`;
}

/** The plain text of a sealed value (a plain value, from before encryption, is returned as is). Throws on a wrong key. */
export function open(value: string, key: Buffer): string {
  if (!isSealed(value)) return value;
  const [iv, tag, ct] = value.slice(PREFIX.length).split(':');
  if (!iv || !tag || ct === undefined) throw new Error('A stored secret is not in the enc:v1 format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('A stored secret cannot be decrypted: SWITCHYARD_SECRET_KEY (or data/secret.key) is not the key it was encrypted with');
  }
}

/** A connection's secret columns with every value sealed (or opened) by `fn`. */
export function mapSecrets<T extends { apiKey: string | null; headers: Record<string, string> | null }>(row: T, fn: (v: string) => string): T {
  return {
    ...row,
    apiKey: row.apiKey === null ? null : fn(row.apiKey),
    headers: row.headers === null ? null : Object.fromEntries(Object.entries(row.headers).map(([k, v]) => [k, fn(v)])),
  };
}
