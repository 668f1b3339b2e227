'use client';
/** Light / dark theme: `data-theme` on <html>, remembered in localStorage, defaulting to the OS preference. */
import { useCallback, useEffect, useState } from 'react';

export type Theme = 'light' | 'dark';
const KEY = 'switchyard:theme';

function initial(): Theme {
  if (typeof document === 'undefined') return 'light';
  const attr = document.documentElement.dataset.theme;
  if (attr === 'light' || attr === 'dark') return attr;
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // ignore
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setState] = useState<Theme>('light');
  useEffect(() => setState(initial()), []);
  const set = useCallback((t: Theme) => {
    setState(t);
    document.documentElement.dataset.theme = t;
    document.documentElement.style.colorScheme = t;
    try {
      localStorage.setItem(KEY, t);
    } catch {
      // ignore
    }
  }, []);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return [theme, set];
}
