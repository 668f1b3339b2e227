import { adminResetPassword } from '@/lib/server/password-reset';
import { json, route, type Params } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * An admin resets a user's password: the old one and the user's sessions stop working now, and a
 * one-time link lets the user choose a new one (emailed when SMTP is configured, else in the answer,
 * shown once). lib/server/password-reset.ts.
 */
export const POST = route('admin', async (req, { params }: Params<'id'>) => json(await adminResetPassword(req, (await params).id)));
