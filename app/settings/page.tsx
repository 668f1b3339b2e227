import type { Metadata } from 'next';
import { SettingsPage } from '@/components/settings/settings-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Settings · Switchyard' };

/** Model connections (loaded in the browser through /api/connections with react-query). */
export default function Page() {
  return <SettingsPage />;
}
