/**
 * Accounts on the wire (issue 11): roles, users, personal API keys, and the request bodies of the
 * setup, users and keys routes. Roles are ordered: a role may do everything the roles below it may.
 */
import { z } from 'zod';

export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const Role = z.enum(ROLES);

/** True when `have` may do what `need` may (viewer < editor < admin). */
export function roleAtLeast(have: Role, need: Role): boolean {
  return ROLES.indexOf(have) >= ROLES.indexOf(need);
}

const Email = z.string().trim().toLowerCase().email().max(254);
const Password = z.string().min(8, 'at least 8 characters').max(128);
const Name = z.string().trim().min(1).max(100);

export const SetupBody = z.object({ email: Email, password: Password, name: Name.optional() });
export type SetupBody = z.infer<typeof SetupBody>;

export const CreateUserBody = z.object({ email: Email, password: Password, name: Name.optional(), role: Role });
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = z.object({ role: Role });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** A key's budget: USD its runs may cost per calendar month (UTC); null: no budget. */
const KeyBudget = z.number().min(0).max(1_000_000).nullable();
export const CreateKeyBody = z.object({ name: Name, max_cost_usd: KeyBudget.optional() });
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;
/** PATCH /api/keys/:id: sets or (null) removes the key's monthly budget. */
export const UpdateKeyBody = z.object({ max_cost_usd: KeyBudget });
export type UpdateKeyBody = z.infer<typeof UpdateKeyBody>;

export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  created_at: string;
}

export interface ApiKeyView {
  id: string;
  name: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  /** The one workspace the key acts in. */
  workspace_id: string;
  created_at: string;
  last_used_at: string | null;
  /** USD the key's runs may cost per calendar month (UTC); null: no budget. */
  max_cost_usd?: number | null;
  /** USD its runs cost this month so far (finished runs' usage). */
  spent_usd?: number;
}

/** POST /api/keys: the key itself, shown this once. */
export interface CreatedKeyResponse {
  key: ApiKeyView;
  secret: string;
}

/** GET /api/auth/me: who is signed in (auth off: a local admin). */
export interface MeResponse {
  auth: 'on' | 'off';
  user: { id: string; email: string; name: string; role: Role } | null;
}
