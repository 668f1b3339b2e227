import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth/auth-form';
import { needsSetup } from '@/lib/server/auth-users';
import { authEnabled } from '@/lib/server/caller';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Set up · Switchyard' };

/** The first start: create the first admin (only while no user exists). */
export default async function Page() {
  if (!authEnabled()) redirect('/');
  if (!(await needsSetup())) redirect('/login');
  return <AuthForm mode="setup" />;
}
