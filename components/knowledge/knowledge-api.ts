/** Browser client of /api/knowledge-bases, typed by lib/contracts/knowledge.ts. Uploads use XMLHttpRequest for their progress. */
import { jsonBody, request, send } from '@/lib/contracts/client';
import type { CreateKnowledgeBaseBody, KnowledgeBaseView, KnowledgeDocumentView, KnowledgeMode, KnowledgeQueryResponse } from '@/lib/contracts/knowledge';

const base = (name: string) => `/api/knowledge-bases/${encodeURIComponent(name)}`;

export const fetchBases = (signal?: AbortSignal) => request<{ knowledge_bases: KnowledgeBaseView[] }>('/api/knowledge-bases', { signal });
export const createBase = (body: CreateKnowledgeBaseBody) => request<KnowledgeBaseView>('/api/knowledge-bases', jsonBody('POST', body));
export const fetchDocuments = (name: string, signal?: AbortSignal) => request<{ documents: KnowledgeDocumentView[] }>(`${base(name)}/documents`, { signal });
export const queryBase = (name: string, query: string, mode?: KnowledgeMode) => request<KnowledgeQueryResponse>(`${base(name)}/query`, jsonBody('POST', { query, top_k: 5, ...(mode ? { mode } : {}) }));
export async function deleteDocument(name: string, id: string): Promise<void> {
  await send(`${base(name)}/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
export async function deleteBase(name: string): Promise<void> {
  await send(base(name), { method: 'DELETE' });
}

/** Uploads one file (multipart `file`); `onProgress` gets the fraction sent. Rejects with the server's error message. */
export function uploadDocument(name: string, file: File, onProgress: (fraction: number) => void): Promise<KnowledgeDocumentView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${base(name)}/documents`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new Error('the upload failed (network)'));
    xhr.onload = () => {
      let body: { error?: { message?: string } } & Partial<KnowledgeDocumentView> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status says enough
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as KnowledgeDocumentView);
      else reject(new Error(body.error?.message ?? `the upload failed (${xhr.status})`));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
