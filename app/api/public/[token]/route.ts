/**
 * The public chat's API (issue 22, part 3), for `/c/<token>` and pages that embed it. The token is
 * the key: no session or API key (a `signed_in` share needs a session). Answers carry the
 * conversation only, never how it was made, and every failure is one of a few generic messages
 * (lib/runtime/public-chat.ts PUBLIC_TEXT). CORS for the share's allow-listed origins.
 */
import { PublicMessageRequest, type PublicChatResponse, type PublicErrorResponse, type PublicReplyResponse } from '@/lib/contracts/publishing';
import { ZodError } from 'zod';
import { isAppError } from '@/lib/errors';
import { overDailyCap, PUBLIC_TEXT, publicTurn, publicTurns } from '@/lib/runtime/public-chat';
import { readJson } from '@/lib/server/body';
import type { Params } from '@/lib/server/http';
import { checkPublicOrigin, corsHeaders, newVisitorId, openShare, takeVisitorMessage, visitorCookie, visitorOf, type OpenShare } from '@/lib/server/public-share';
import { getStore } from '@/db/store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Code = PublicErrorResponse['error']['code'];

function answer(body: PublicChatResponse | PublicReplyResponse | PublicErrorResponse, status: number, headers: Record<string, string>): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

function failure(code: Code, headers: Record<string, string>, extra: Record<string, string> = {}): Response {
  const texts: Record<Code, [number, string]> = {
    not_found: [404, 'This chat does not exist.'],
    sign_in: [401, 'Sign in to use this chat.'],
    forbidden: [403, 'This page may not use this chat.'],
    bad_request: [400, 'Please write a message (at most 4000 characters).'],
    slow_down: [429, PUBLIC_TEXT.slowDown],
    unavailable: [503, PUBLIC_TEXT.unavailable],
    failed: [502, PUBLIC_TEXT.failed],
  };
  const [status, message] = texts[code];
  return answer({ error: { code, message } }, status, { ...headers, ...extra });
}

/** Any error as one of the generic failures (the error itself goes to the server log only). */
function generic(err: unknown, headers: Record<string, string>): Response {
  if (err instanceof ZodError) return failure('bad_request', headers);
  if (isAppError(err)) {
    if (err.code === 'not_found') return failure('not_found', headers);
    if (err.code === 'unauthorized' || err.code === 'invalid_api_key') return failure('sign_in', headers);
    if (err.code === 'forbidden' || err.code === 'cross_origin' || err.code === 'host_not_allowed') return failure('forbidden', headers);
    if (['bad_request', 'payload_too_large', 'unsupported_media_type', 'request_timeout'].includes(err.code)) return failure('bad_request', headers);
  }
  console.error('[switchyard] public chat request failed:', err);
  return failure('failed', headers);
}

async function withShare(req: Request, params: Promise<{ token: string }>, fn: (s: OpenShare, headers: Record<string, string>) => Promise<Response>): Promise<Response> {
  let headers: Record<string, string> = { vary: 'Origin' };
  try {
    const { token } = await params;
    const open = await openShare(token, req);
    headers = corsHeaders(req, open.share);
    return await fn(open, headers);
  } catch (err) {
    return generic(err, headers);
  }
}

/** Preflight: allowed for the share's allow-listed origins only (no CORS headers otherwise). */
export async function OPTIONS(req: Request, { params }: Params<'token'>): Promise<Response> {
  const share = await getStore().shares.byToken((await params).token).catch(() => null);
  return new Response(null, { status: 204, headers: corsHeaders(req, share && share.access !== 'off' ? share : null) });
}

/** The page's title, welcome, suggestions, and the visitor's conversation so far. */
export async function GET(req: Request, { params }: Params<'token'>): Promise<Response> {
  return withShare(req, params, async ({ share, graph }, headers) => {
    const visitor = visitorOf(req);
    const body: PublicChatResponse = {
      title: graph.name,
      welcome: share.welcome,
      suggestions: share.suggestions,
      turns: visitor ? await publicTurns(graph, visitor) : [],
    };
    return answer(body, 200, headers);
  });
}

/** One visitor message: the published version answers (429 over the visitor's rate, 503 over the daily cap). */
export async function POST(req: Request, { params }: Params<'token'>): Promise<Response> {
  return withShare(req, params, async ({ share, graph }, headers) => {
    checkPublicOrigin(req, share);
    const body = await readJson(req, PublicMessageRequest, 64 * 1024); // any fault: the one generic bad_request
    let visitor = visitorOf(req);
    const setCookie: Record<string, string> = {};
    if (!visitor) {
      visitor = newVisitorId();
      setCookie['set-cookie'] = visitorCookie(req, visitor);
    }
    const wait = takeVisitorMessage(graph.id, visitor, share.visitorPerMinute);
    if (wait > 0) return failure('slow_down', { ...headers, ...setCookie }, { 'retry-after': String(wait) });
    if (await overDailyCap(graph.id, share.dailyCostUsd)) return failure('unavailable', { ...headers, ...setCookie });
    const outcome = await publicTurn(graph, visitor, body.message);
    if (outcome.kind === 'failed') return failure('failed', { ...headers, ...setCookie });
    return answer({ reply: outcome.text }, 200, { ...headers, ...setCookie });
  });
}

/** A new conversation: the visitor gets a new id (the old conversation stays with the graph's runs). */
export async function DELETE(req: Request, { params }: Params<'token'>): Promise<Response> {
  return withShare(req, params, async ({ share }, headers) => {
    checkPublicOrigin(req, share);
    return answer({ reply: '' }, 200, { ...headers, 'set-cookie': visitorCookie(req, newVisitorId()) });
  });
}
