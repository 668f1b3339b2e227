import { getStore } from '@/db/store';
import { AddKnowledgeDocumentBody } from '@/lib/contracts/knowledge';
import { AppError, badRequest } from '@/lib/errors';
import { fetchDocument } from '@/lib/runtime/knowledge/fetch-url';
import { addKnowledgeDocument, checkDocumentSize, maxDocumentBytes, type DocumentInput } from '@/lib/runtime/knowledge/ingest';
import { readBytes, readJson, requireMediaType } from '@/lib/server/body';
import { json, route, type Params } from '@/lib/server/http';
import { documentView, knowledgeBaseFor } from '@/lib/server/knowledge-views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Room for the multipart framing around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The base's documents, newest first, with status, progress, chunk count and error. */
export const GET = route('viewer', async (req, { params }: Params<'name'>, caller) => {
  const base = await knowledgeBaseFor(req, caller, (await params).name, 'viewer');
  return json({ documents: (await getStore().knowledge.listDocuments(base.id)).map(documentView) });
});

async function documentOf(req: Request): Promise<DocumentInput> {
  const mt = requireMediaType(req, ['multipart/form-data', 'application/json']);
  if (mt.type === 'application/json') {
    const body = await readJson(req, AddKnowledgeDocumentBody, maxDocumentBytes() + MULTIPART_OVERHEAD);
    if ('url' in body) return fetchDocument(body.url, body.name);
    return { name: body.name, bytes: new TextEncoder().encode(body.text) };
  }
  const bytes = await readBytes(req, maxDocumentBytes() + MULTIPART_OVERHEAD).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'payload_too_large') {
      throw new AppError('payload_too_large', `the upload is larger than the ${maxDocumentBytes()} bytes a document may have (SWITCHYARD_KNOWLEDGE_MAX_BYTES)`);
    }
    throw err;
  });
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw badRequest('the multipart body could not be read');
  }
  const files = form.getAll('file').filter((f): f is File => typeof f !== 'string');
  if (files.length !== 1) throw badRequest(`send exactly one file in the multipart field "file" (got ${files.length})`);
  const file = files[0];
  const name = (typeof form.get('name') === 'string' ? (form.get('name') as string) : '') || file.name || 'document';
  checkDocumentSize(name, file.size);
  return { name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * Adds a document: a multipart `file`, or JSON `{url}` (fetched through the SSRF guard) or
 * `{name, text}`. Answers once it is parsed: 202 with `{id, status}` while it is embedded and stored
 * in the background (GET the list for its status), 200 when the base already holds the same content.
 */
export const POST = route('editor', async (req, { params }: Params<'name'>, caller) => {
  const base = await knowledgeBaseFor(req, caller, (await params).name, 'editor');
  const input = await documentOf(req);
  const { document, created } = await addKnowledgeDocument(base, input);
  return json({ ...documentView(document), duplicate: !created }, { status: created ? 202 : 200 });
});
