/**
 * Sign-in and sessions: better-auth over the app's database (its drizzle adapter on the database of
 * db/store/auth-database.ts: SQLite, or Postgres natively on the async store's Pool; the tables of
 * db/schema/auth.ts), email and password only, no self sign-up (admins create users; the first admin
 * comes from /setup or SWITCHYARD_ADMIN_EMAIL/_PASSWORD). Session cookies are HttpOnly and
 * SameSite=Lax, and Secure when the request came over TLS (directly or `x-forwarded-proto: https`
 * from a proxy): one better-auth instance per scheme, chosen per request.
 *
 * The signing secret is BETTER_AUTH_SECRET, else derived from the data-at-rest key
 * (SWITCHYARD_SECRET_KEY or data/secret.key), so rotating that key signs everyone out.
 */
import 'server-only';
import { createHmac } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { hashPassword as hashWithScrypt } from 'better-auth/crypto';
import { databaseFile } from '@/db/client';
import { authDatabase, type AuthDatabase } from '@/db/store/auth-database';
import { loadSecretKey } from '@/db/secret-box';
import { allowedHosts, isTls, requestOrigin } from './csrf';
import { deliverResetLink, RESET_TOKEN_TTL_S } from './reset-mail';
import { recordSuccess } from './sign-in-throttle';

/** The header the auth route sets to the resolved client address, for better-auth's own limits and session rows. */
export const CLIENT_IP_HEADER = 'x-switchyard-client-ip';

function authSecret(): string {
  const configured = process.env.BETTER_AUTH_SECRET?.trim();
  if (configured) return configured;
  return createHmac('sha256', loadSecretKey(databaseFile())).update('switchyard-auth-v1').digest('hex');
}

function createAuth(secure: boolean, database: AuthDatabase) {
  return betterAuth({
    appName: 'Switchyard',
    secret: authSecret(),
    // The server's own names (SWITCHYARD_HOSTS too), on any port unless an entry names one.
    baseURL: { allowedHosts: allowedHosts().flatMap((h) => (/:\d+$/.test(h) ? [h] : [h, `${h}:*`])), protocol: secure ? 'https' : 'http' },
    database: drizzleAdapter(database.db as Parameters<typeof drizzleAdapter>[0], { provider: database.provider, usePlural: true, schema: database.schema as NonNullable<Parameters<typeof drizzleAdapter>[1]['schema']> }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Password reset (lib/server/password-reset.ts): one-time links to /reset-password, mailed or handed to the admin.
      sendResetPassword: (data, request) => deliverResetLink(data, request),
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_S,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }) => recordSuccess(user.email),
    },
    user: { additionalFields: { role: { type: 'string', required: false, input: false, defaultValue: 'viewer' } } },
    // Only the request's own origin (its Host was checked against the allow-list first: lib/server/csrf.ts).
    trustedOrigins: (req) => {
      const origin = req ? requestOrigin(req) : null;
      return origin ? [origin] : [];
    },
    advanced: {
      // The client's address as lib/server/client-address.ts resolved it (the auth route sets this
      // header, replacing any the client sent): never the client's own X-Forwarded-For.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: secure,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, secure },
    },
    // better-auth's own limit on password guesses (in production): 10 sign-ins a minute per client
    // address; the back-off per address and account across processes is lib/server/sign-in-throttle.ts.
    rateLimit: { customRules: { '/sign-in/email': { window: 60, max: 10 }, '/request-password-reset': { window: 60, max: 3 } } },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const KEY = Symbol.for('switchyard.auth');
type G = typeof globalThis & { [KEY]?: { plain?: Auth; secure?: Auth; db: unknown } };

/** The better-auth instance for this request's scheme (rebuilt when the database was reopened, as tests do). */
export async function authFor(req: Request | { secure: boolean }): Promise<Auth> {
  const secure = req instanceof Request ? isTls(req) : req.secure;
  const g = globalThis as G;
  const database = await authDatabase();
  if (!g[KEY] || g[KEY].db !== database.db) g[KEY] = { db: database.db };
  const held = g[KEY];
  const which = secure ? 'secure' : 'plain';
  return (held[which] ??= createAuth(secure, database));
}

/** better-auth's password hash (scrypt), for users created outside its sign-up flow. */
export function hashPassword(password: string): Promise<string> {
  return hashWithScrypt(password);
}
