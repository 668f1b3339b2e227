/**
 * How the panel names the connection a run uses: its name, the host of its base URL, and whether
 * it is the real model or a scripted one. What GET /api/connections says wins (a `kind`, `mode`
 * or `mock` field); without it a loopback host is taken to be the scripted mock server.
 */
export interface ConnectionLabel {
  name: string;
  host: string;
  kind: string;
  /** True when the model answering is a scripted one. */
  scripted: boolean;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1|0\.0\.0\.0)$/i;

export function hostOf(baseUrl: string | undefined): string {
  if (!baseUrl) return '';
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

export function connectionLabel(c: { name: string; base_url?: string; extra?: Record<string, unknown> }): ConnectionLabel {
  const host = hostOf(c.base_url);
  const hostname = host.replace(/:\d+$/, '');
  const declared = c.extra?.kind ?? c.extra?.mode ?? c.extra?.type;
  if (typeof declared === 'string' && declared) {
    return { name: c.name, host, kind: declared, scripted: /mock|script|fake|test/i.test(declared) };
  }
  if (typeof c.extra?.mock === 'boolean') return { name: c.name, host, kind: c.extra.mock ? 'mock' : 'real', scripted: c.extra.mock };
  const loop = LOOPBACK.test(hostname);
  return { name: c.name, host, kind: loop ? 'mock' : 'real', scripted: loop };
}
