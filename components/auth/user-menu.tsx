'use client';
/**
 * The header's account corner: who is signed in, their role, and Sign out. With accounts on and no
 * valid session (expired, deleted user) it sends the browser to /login. Nothing with accounts off.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { fetchMe, signOut } from './auth-api';
import s from './auth.module.css';

export const ME_KEY = ['auth', 'me'] as const;

export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: ({ signal }) => fetchMe(signal), staleTime: 60_000 });
}

export function UserMenu() {
  const me = useMe();
  const [leaving, setLeaving] = useState(false);
  const signedOut = me.data?.auth === 'on' && !me.data.user;

  useEffect(() => {
    if (signedOut) window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }, [signedOut]);

  const user = me.data?.user;
  if (!user) return null;
  return (
    <div className={s.menu} data-testid="user-menu">
      <span data-testid="user-email">{user.email}</span>
      <span data-testid="user-role">({user.role})</span>
      <Button
        size="sm"
        variant="ghost"
        disabled={leaving}
        data-testid="sign-out"
        onClick={async () => {
          setLeaving(true);
          try {
            await signOut();
          } finally {
            window.location.assign('/login');
          }
        }}
      >
        Sign out
      </Button>
    </div>
  );
}
