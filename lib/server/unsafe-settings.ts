/**
 * Settings the server refuses to start with (issue 21 item 6), each refusal naming its setting:
 * - BETTER_AUTH_SECRET shorter than 32 characters, a known default or example (better-auth's own
 *   DEFAULT_SECRET among them), or one of too few distinct characters to be random;
 * - SWITCHYARD_API_KEY (the service key) shorter than 32 characters;
 * - SWITCHYARD_TRUSTED_PROXIES, SWITCHYARD_MAX_KEYS_PER_USER or SWITCHYARD_SMTP_URL that do not parse;
 * - a bound of issue 21 item 4 (reply cap, body and header deadlines, run threads, store retry) that
 *   is not a number in its range: each reader would fall back to its default, and the operator who
 *   wrote `SWITCHYARD_MAX_REPLY_BYTES=10MB` would never learn that the cap is not theirs.
 * (SWITCHYARD_AUTH=off beyond loopback: lib/server/auth-binding.ts, on the address actually bound.)
 * Unset secrets are fine: the auth secret is then derived from the data-at-rest key.
 */
import { maxKeysPerUser } from './auth-keys';
import { trustedProxies } from './client-address';
import { checkSmtpUrl } from './mailer';

export const MIN_SECRET_LENGTH = 32;

/**
 * Secrets known to the world: better-auth's DEFAULT_SECRET (node_modules/better-auth/dist/utils/
 * constants.mjs; lib/server/unsafe-settings.test.ts checks this copy against it), its test secret,
 * and the placeholders of common examples.
 */
export const KNOWN_SECRETS: readonly string[] = [
  'better-auth-secret-12345678901234567890',
  'better-auth-secret-that-is-long-enough-for-validation-test',
  'your-secret-key-at-least-32-characters-long',
  'your-secret-here-at-least-32-characters-long',
  'change-me-to-a-random-string-of-32-characters',
];

function secretProblem(name: string, value: string, requireRandom: boolean): string | null {
  if (value.length < MIN_SECRET_LENGTH) return `${name} is too short (${value.length} characters; at least ${MIN_SECRET_LENGTH}): generate one with \`openssl rand -base64 32\``;
  if (KNOWN_SECRETS.includes(value)) return `${name} is a published default secret: generate your own with \`openssl rand -base64 32\``;
  if (requireRandom && new Set(value).size < 10) return `${name} has too few distinct characters to be random: generate one with \`openssl rand -base64 32\``;
  return null;
}

/** The bounds settings, each a number in [min, max] (integer: whole numbers only). */
const BOUNDS: readonly { name: string; min: number; max: number; integer: boolean; unit: string }[] = [
  { name: 'SWITCHYARD_MAX_REPLY_BYTES', min: 1, max: Number.MAX_SAFE_INTEGER, integer: true, unit: 'bytes' },
  { name: 'SWITCHYARD_BODY_TIMEOUT_S', min: 0.001, max: 86_400, integer: false, unit: 'seconds' },
  { name: 'SWITCHYARD_HEADERS_TIMEOUT_S', min: 0.001, max: 86_400, integer: false, unit: 'seconds' },
  { name: 'SWITCHYARD_STORE_RETRY_S', min: 0, max: 86_400, integer: false, unit: 'seconds' },
  { name: 'SWITCHYARD_RUN_THREADS', min: 0, max: 256, integer: true, unit: 'threads' },
];

function boundProblem(env: Record<string, string | undefined>, b: (typeof BOUNDS)[number]): string | null {
  const raw = env[b.name]?.trim();
  if (!raw) return null;
  const n = Number(raw);
  if (Number.isFinite(n) && n >= b.min && n <= b.max && (!b.integer || Number.isInteger(n))) return null;
  return `${b.name}=${JSON.stringify(raw)} is not ${b.integer ? 'a whole number' : 'a number'} of ${b.unit} from ${b.min} to ${b.max}`;
}

/** Every problem of the environment's settings, one message each (empty: safe). */
export function unsafeSettings(env: Record<string, string | undefined> = process.env): string[] {
  const problems: string[] = [];
  const authSecret = env.BETTER_AUTH_SECRET?.trim();
  if (authSecret) {
    const p = secretProblem('BETTER_AUTH_SECRET', authSecret, true);
    if (p) problems.push(p);
  }
  const serviceKey = env.SWITCHYARD_API_KEY?.trim();
  if (serviceKey) {
    const p = secretProblem('SWITCHYARD_API_KEY', serviceKey, true);
    if (p) problems.push(p);
  }
  for (const b of BOUNDS) {
    const p = boundProblem(env, b);
    if (p) problems.push(p);
  }
  for (const check of [() => trustedProxies(env), () => maxKeysPerUser(env), () => checkSmtpUrl(env)]) {
    try {
      check();
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
    }
  }
  return problems;
}

/** Throws one error listing every unsafe setting. */
export function assertSafeSettings(env: Record<string, string | undefined> = process.env): void {
  const problems = unsafeSettings(env);
  if (problems.length) throw new Error(`unsafe settings: ${problems.join('; ')}`);
}
