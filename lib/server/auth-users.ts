/**
 * Users as the routes and the start-up see them: the first admin (the /setup page, or
 * SWITCHYARD_ADMIN_EMAIL/SWITCHYARD_ADMIN_PASSWORD at start), users an admin adds, and their view
 * on the wire. Passwords are hashed with better-auth's scrypt so its sign-in verifies them.
 */
import 'server-only';
import { getStore, type UserRow } from '@/db/store';
import { Role, SetupBody, type CreateUserBody, type UserView } from '@/lib/contracts/auth';
import { hashPassword } from './auth';

export function userView(row: UserRow): UserView {
  const role = Role.safeParse(row.role);
  return { id: row.id, email: row.email, name: row.name, role: role.success ? role.data : 'viewer', created_at: row.createdAt.toISOString() };
}

const nameOf = (email: string, name?: string) => name?.trim() || email.split('@')[0];

/** Creates a user with a role (admins only reach this). */
export async function addUser(body: CreateUserBody): Promise<UserRow> {
  return getStore().users.create({ email: body.email, name: nameOf(body.email, body.name), role: body.role, passwordHash: await hashPassword(body.password) });
}

/** The first admin; 409 once any user exists. */
export async function createFirstAdmin(body: SetupBody): Promise<UserRow> {
  const passwordHash = await hashPassword(body.password);
  return getStore().users.create({ email: body.email, name: nameOf(body.email, body.name), role: 'admin', passwordHash }, { onlyIfNone: true });
}

export async function needsSetup(): Promise<boolean> {
  return (await getStore().users.count()) === 0;
}

/**
 * At start: when no user exists and SWITCHYARD_ADMIN_EMAIL and SWITCHYARD_ADMIN_PASSWORD are set,
 * creates that admin. Returns the email created, or null. A bad email or short password throws.
 */
export async function ensureAdminFromEnv(env: Record<string, string | undefined> = process.env): Promise<string | null> {
  const email = env.SWITCHYARD_ADMIN_EMAIL?.trim();
  const password = env.SWITCHYARD_ADMIN_PASSWORD;
  if (!email || !password || !(await needsSetup())) return null;
  const parsed = SetupBody.safeParse({ email, password });
  if (!parsed.success) throw new Error(`SWITCHYARD_ADMIN_EMAIL/SWITCHYARD_ADMIN_PASSWORD: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const row = await createFirstAdmin(parsed.data);
  return row.email;
}
