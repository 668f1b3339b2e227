import type { Metadata } from 'next';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Choose a new password · Switchyard' };

/** The page of a password reset link (lib/server/password-reset.ts): the token is in the query. */
export default async function Page({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return <ResetPasswordForm token={token} />;
}
