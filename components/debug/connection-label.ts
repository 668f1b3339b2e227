/**
 * How the panel names the connection a run uses: its name, the host of its base URL, and whether
 * it is the real model or a scripted one (a loopback host is taken to be the scripted mock server).
 */
export interface ConnectionLabel {
  name: string;
  host: string;
  kind: 'mock' | 'real';
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

export function connectionLabel(c: { name: string; base_url?: string }): ConnectionLabel {
  const host = hostOf(c.base_url);
  const hostname = host.replace(/:\d+$/, '');
  const loop = LOOPBACK.test(hostname);
  return { name: c.name, host, kind: loop ? 'mock' : 'real', scripted: loop };
}
