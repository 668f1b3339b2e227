'use client';
/** The app's top bar: the Switchyard mark, navigation, the workspace switcher, the signed-in user (Sign out), and the theme switch. */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { UserMenu } from '@/components/auth/user-menu';
import { WorkspaceSwitcher } from '@/components/workspaces/workspace-switcher';
import { Logo } from './icons';
import { ThemeToggle } from './theme-toggle';
import s from './ui.module.css';

export interface NavItem {
  href: string;
  label: string;
  /** Also current for paths under it (e.g. /graphs/<id> under Graphs at /). */
  match?: (pathname: string) => boolean;
}

const NAV: NavItem[] = [{ href: '/', label: 'Graphs', match: (p) => p === '/' || p.startsWith('/graphs') }, { href: '/knowledge', label: 'Knowledge' }, { href: '/settings', label: 'Settings' }, { href: '/docs', label: 'Docs' }];

export function AppHeader({ end }: { end?: ReactNode }) {
  const pathname = usePathname() ?? '/';
  return (
    <header className={s.header} data-testid="app-header">
      <Link href="/" className={s.brand} data-testid="app-logo">
        <Logo className={s.brandMark} />
        Switchyard
      </Link>
      <nav className={s.nav} aria-label="Main">
        {NAV.map((item) => {
          const active = item.match ? item.match(pathname) : pathname === item.href;
          return (
            <Link key={item.href} href={item.href} className={s.navLink} aria-current={active ? 'page' : undefined}>
              {item.label}
            </Link>
          );
        })}
        <a className={s.navLink} href="/api/schema" target="_blank" rel="noreferrer" data-testid="nav-schema">
          YAML schema
        </a>
      </nav>
      <div className={s.headerEnd}>
        {end}
        <WorkspaceSwitcher />
        <UserMenu />
        <ThemeToggle />
      </div>
    </header>
  );
}
