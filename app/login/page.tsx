import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth/auth-form';
import { needsSetup } from '@/lib/server/auth-users';
import { authEnabled } from '@/lib/server/caller';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in · Switchyard' };

/** Sign-in; the first admin is made on /setup first; with accounts off there is nothing to sign in to. */
export default async function Page({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  if (!authEnabled()) redirect('/');
  if (await needsSetup()) redirect('/setup');
  const { next } = await searchParams;
  return <AuthForm mode="login" next={next} />;
}
