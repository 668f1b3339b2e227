'use client';
/**
 * The editor's light / dark state, on the app's mechanism (components/ui/theme-toggle: `data-theme` on
 * <html>, saved in localStorage, OS preference until chosen); the editor needs the value for React Flow
 * and CodeMirror, so it keeps it in state.
 */
import { useCallback, useEffect, useState } from 'react';
import { applyTheme, type Theme } from '@/components/ui/theme-toggle';

export type { Theme };

function current(): Theme {
  const attr = document.documentElement.dataset.theme;
  if (attr === 'light' || attr === 'dark') return attr;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setState] = useState<Theme>('light');
  useEffect(() => {
    setState(current());
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    const follow = () => setState(current());
    media?.addEventListener('change', follow);
    return () => media?.removeEventListener('change', follow);
  }, []);
  const set = useCallback((t: Theme) => {
    applyTheme(t);
    setState(t);
  }, []);
  return [theme, set];
}
