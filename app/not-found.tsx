import type { Metadata } from 'next';
import { NotFoundView } from '@/components/ui/not-found-view';

export const metadata: Metadata = { title: 'Not found · Switchyard' };

/** Any address the app does not know: the app's header and a way back, not the framework's blank page. */
export default function NotFound() {
  return (
    <NotFoundView title="This page does not exist">
      The address may be mistyped, or what it pointed to was deleted. Your graphs are listed on the start page.
    </NotFoundView>
  );
}
