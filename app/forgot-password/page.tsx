import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/auth/reset-password-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Reset your password · Switchyard' };

/** Asks for a reset mail (only when the server sends mail, SWITCHYARD_SMTP_URL). */
export default function Page() {
  return <ForgotPasswordForm />;
}
