import { getStore } from '@/db/store';
import { CreateUserBody } from '@/lib/contracts/auth';
import { addUser, userView } from '@/lib/server/auth-users';
import { readJson } from '@/lib/server/body';
import { json, route } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every user with their role (admins only). */
export const GET = route('admin', async () => json({ users: (await getStore().users.list()).map(userView) }));

/** Adds a user with a password and a role; 409 when the email is taken. */
export const POST = route('admin', async (req) => {
  const body = await readJson(req, CreateUserBody);
  return json({ user: userView(await addUser(body)) }, 201);
});
