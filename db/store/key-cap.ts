/** The refusal of a new API key over the per-user cap (SWITCHYARD_MAX_KEYS_PER_USER, lib/server/auth-keys.ts), for both stores. */
import { AppError } from '@/lib/errors';

export function tooManyKeys(max: number): AppError {
  return new AppError('conflict', `you have ${max} active API keys, the most allowed (SWITCHYARD_MAX_KEYS_PER_USER=${max}): revoke one in Settings → API keys first`, { max_keys: max });
}
