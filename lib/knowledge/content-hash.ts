/** The content hash of a document (SHA-256 of its bytes, hex): the same content uploaded twice to a base is stored once. */
import { createHash } from 'node:crypto';

export function contentHash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
