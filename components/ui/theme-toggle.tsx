'use client';
/**
 * Light / dark switch. Until the user picks, the theme follows the OS (prefers-color-scheme);
 * the choice is stored in localStorage (`switchyard:theme`, read before paint by public/theme-init.js)
 * and applied as <html data-theme>.
 */
import { useEffect, useState } from 'react';
import { Button } from './button';
import { IconMoon, IconSun } from './icons';

export type Theme = 'light' | 'dark';
const THEME_STORAGE_KEY = 'switchyard:theme';

function current(): Theme {
  const attr = document.documentElement.dataset.theme;
  if (attr === 'light' || attr === 'dark') return attr;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme | null>(null);

  useEffect(() => {
    setTheme(current());
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => setTheme(current());
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      iconOnly
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      data-theme-current={theme ?? undefined}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      {theme === 'dark' ? <IconSun /> : <IconMoon />}
    </Button>
  );
}
