/**
 * Browser client of the accounts routes: sign-in/out (better-auth's /api/auth endpoints), the first
 * admin (/api/auth/setup), who is signed in (/api/auth/me), users (admin) and personal API keys.
 */
import { jsonBody, send } from '@/lib/contracts/client';
import type { ApiKeyView, CreatedKeyResponse, CreateUserBody, MeResponse, Role, UserView } from '@/lib/contracts/auth';
import type { PasswordResetResponse } from '@/lib/contracts/password-reset';

const json = async <T,>(res: Promise<Response>): Promise<T> => (await (await res).json()) as T;

export const fetchMe = (signal?: AbortSignal) => json<MeResponse>(send('/api/auth/me', { signal }));

export const signIn = (email: string, password: string) => send('/api/auth/sign-in/email', jsonBody('POST', { email, password })).then(() => undefined);

export const signOut = () => send('/api/auth/sign-out', jsonBody('POST', {})).then(() => undefined);

export const setupAdmin = (email: string, password: string) => send('/api/auth/setup', jsonBody('POST', { email, password })).then(() => undefined);

export const fetchUsers = (signal?: AbortSignal) => json<{ users: UserView[] }>(send('/api/users', { signal }));
export const createUser = (body: CreateUserBody) => json<{ user: UserView }>(send('/api/users', jsonBody('POST', body)));
export const setUserRole = (id: string, role: Role) => json<{ user: UserView }>(send(`/api/users/${encodeURIComponent(id)}`, jsonBody('PATCH', { role })));
/** An admin resets a user's password: the old one stops working; the answer holds the one-time link unless it was emailed. */
export const resetUserPassword = (id: string) => json<PasswordResetResponse>(send(`/api/users/${encodeURIComponent(id)}/password-reset`, jsonBody('POST', {})));
/** Mails a reset link when the email has an account (the answer is the same either way); 404 when the server sends no mail. */
export const requestPasswordReset = (email: string) => send('/api/auth/request-password-reset', jsonBody('POST', { email })).then(() => undefined);
/** Spends a reset link's token to set a new password. */
export const resetPassword = (token: string, newPassword: string) => send('/api/auth/reset-password', jsonBody('POST', { token, newPassword })).then(() => undefined);
export const deleteUser = (id: string) => send(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' }).then(() => undefined);

export const fetchKeys = (signal?: AbortSignal) => json<{ keys: ApiKeyView[] }>(send('/api/keys', { signal }));
export const createKey = (name: string, max_cost_usd: number | null = null) => json<CreatedKeyResponse>(send('/api/keys', jsonBody('POST', { name, max_cost_usd })));
/** Sets (null: removes) a key's monthly cost budget. */
export const setKeyBudget = (id: string, max_cost_usd: number | null) => json<ApiKeyView>(send(`/api/keys/${encodeURIComponent(id)}`, jsonBody('PATCH', { max_cost_usd })));
export const revokeKey = (id: string) => send(`/api/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }).then(() => undefined);

/** A same-site path to go to after signing in (anything else is `/`). */
export function safeNext(next: string | null | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}
