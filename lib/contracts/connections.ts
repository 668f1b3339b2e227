/**
 * Model connection contracts (/api/connections). The key is write-only: responses carry only a
 * masked hint such as `sk-…abcd`.
 */
import { z } from 'zod';

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

export const ConnectionName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, 'must start with a letter or _ and hold only letters, digits, _ and - (at most 64)');

export const HttpUrl = z
  .string()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL without credentials');

export const CreateConnectionBody = z.strictObject({
  /** `default` may be saved only while OPENAI_API_KEY / OPENAI_BASE_URL are unset (the environment wins). */
  name: ConnectionName,
  base_url: HttpUrl,
  /** Optional: local servers (Ollama, llama.cpp, vLLM) need none. */
  api_key: z.string().max(4000).optional(),
  headers: z
    .record(z.string().regex(HEADER_NAME, 'must be a valid HTTP header name'), z.string().max(4000).refine((v) => !/[\r\n]/.test(v), 'must not contain line breaks'))
    .optional(),
});
export type CreateConnectionBody = z.infer<typeof CreateConnectionBody>;

export interface ConnectionView {
  name: string;
  base_url: string;
  /** Masked key, e.g. `sk-…abcd`, or null when no key is set. */
  api_key_hint: string | null;
  /** Header names only: header values may be secrets too. */
  header_names: string[];
  /** `env` for the read-only `default` connection, `db` for saved ones. */
  source: 'env' | 'db';
  read_only: boolean;
  created_at: string | null;
}

export interface ConnectionListResponse {
  connections: ConnectionView[];
}

/** `sk-proj-abcdef…wxyz` -> `sk-…wxyz`: the prefix before the first dash and the last four characters. */
export function maskKey(key: string | null | undefined): string | null {
  if (!key) return null;
  const tail = key.length > 8 ? key.slice(-4) : '';
  const dash = key.indexOf('-');
  const prefix = dash > 0 && dash <= 4 ? key.slice(0, dash + 1) : '';
  return `${prefix}…${tail}`;
}
