/**
 * A document added by URL (issue 23): fetched through the SSRF-guarded client (lib/tools/http-client.ts:
 * private, loopback and link-local addresses refused unless allow-listed, redirects checked), at most
 * the document size cap, within 30 s. Its name: the one given, else the URL's last path segment, else its host.
 */
import 'server-only';
import { AppError } from '@/lib/errors';
import { guardedFetch, safeUrl } from '@/lib/tools/http-client';
import { runtimeConfig } from '../config';
import { maxDocumentBytes, type DocumentInput } from './ingest';

const FETCH_TIMEOUT_MS = 30_000;

export async function fetchDocument(url: string, name?: string): Promise<DocumentInput> {
  const max = maxDocumentBytes();
  const res = await guardedFetch({ url, method: 'GET', headers: { accept: 'text/html, application/pdf, text/markdown, text/plain, */*;q=0.5' }, maxBytes: max, timeoutMs: FETCH_TIMEOUT_MS, allowedHosts: runtimeConfig().allowedHosts });
  if (res.status < 200 || res.status >= 300) throw new AppError('bad_request', `${safeUrl(url)} answered ${res.status}; nothing was added`);
  if (res.truncated) throw new AppError('payload_too_large', `${safeUrl(url)}: the document is larger than ${max} bytes (SWITCHYARD_KNOWLEDGE_MAX_BYTES)`);
  const final = new URL(res.url);
  const last = decodeURIComponent(final.pathname.split('/').filter(Boolean).pop() ?? '');
  return { name: (name ?? last) || final.hostname, bytes: new Uint8Array(res.body), sourceUrl: res.url };
}
