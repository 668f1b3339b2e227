/**
 * The knowledge parse worker (lib/runtime/knowledge/parse.ts): one worker thread per PDF, DOCX or
 * HTML document, started with a heap limit and stopped past a time limit by its parent, so a PDF or
 * zip bomb costs a refused document rather than the server. Plain JavaScript, loaded by path (no
 * bundler, no TypeScript loader). workerData: { kind, bytes, maxPages }; answers
 * { parts: [{ text, page }], title } or { error }.
 * Headings become Markdown `#` lines, so the chunker (lib/knowledge/chunk.ts) splits on them.
 */
import { parentPort, workerData } from 'node:worker_threads';

const BLOCKS = new Set(['P', 'LI', 'PRE', 'BLOCKQUOTE', 'TD', 'TH', 'DT', 'DD', 'FIGCAPTION', 'CAPTION']);

/** The text of an HTML fragment's root: headings as `#` lines, blocks as paragraphs. */
function blocksText(root) {
  const out = [];
  const walk = (el) => {
    for (const node of el.childNodes ?? []) {
      if (node.nodeType !== 1) continue;
      const tag = node.tagName.toUpperCase();
      if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT') continue;
      const heading = /^H([1-6])$/.exec(tag);
      const text = () => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (heading) {
        const t = text();
        if (t) out.push(`${'#'.repeat(Number(heading[1]))} ${t}`);
      } else if (BLOCKS.has(tag) && !node.querySelector?.('p, li, h1, h2, h3, h4, h5, h6, table')) {
        const t = text();
        if (t) out.push(t);
      } else walk(node);
    }
  };
  walk(root);
  if (!out.length) {
    const t = (root.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (t) out.push(t);
  }
  return out.join('\n\n');
}

async function htmlParts(html) {
  const { parseHTML } = await import('linkedom');
  const { Readability } = await import('@mozilla/readability');
  const { document } = parseHTML(html);
  const title = (document.querySelector('title')?.textContent ?? '').trim();
  let article = null;
  try {
    article = new Readability(parseHTML(html).document).parse();
  } catch {
    // not an article: the whole body is read below
  }
  if (article?.content) {
    const { document: content } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
    const text = blocksText(content.body);
    if (text.trim()) return { parts: [{ text, page: null }], title: article.title || title };
  }
  return { parts: [{ text: blocksText(document.body ?? document.documentElement), page: null }], title };
}

async function parse({ kind, bytes, maxPages }) {
  const data = new Uint8Array(bytes);
  if (kind === 'pdf') {
    const { extractText, getDocumentProxy } = await import('unpdf');
    let pdf;
    try {
      pdf = await getDocumentProxy(data);
    } catch (err) {
      return { error: `the PDF could not be read (${err?.message ?? err})`, code: 'corrupt' };
    }
    if (pdf.numPages > maxPages) return { error: `the PDF has ${pdf.numPages} pages; at most ${maxPages} are read`, code: 'too_large' };
    const { text } = await extractText(pdf, { mergePages: false });
    return { parts: text.map((t, i) => ({ text: t, page: i + 1 })), title: '' };
  }
  if (kind === 'docx') {
    const mammoth = (await import('mammoth')).default;
    let html;
    try {
      html = (await mammoth.convertToHtml({ buffer: Buffer.from(data) })).value;
    } catch (err) {
      return { error: `the Word document could not be read (${err?.message ?? err})`, code: 'corrupt' };
    }
    const { parseHTML } = await import('linkedom');
    const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
    return { parts: [{ text: blocksText(document.body), page: null }], title: '' };
  }
  if (kind === 'html') return htmlParts(new TextDecoder().decode(data));
  return { error: `no parser for ${kind}`, code: 'corrupt' };
}

parse(workerData).then(
  (answer) => parentPort.postMessage(answer),
  (err) => parentPort.postMessage({ error: String(err?.message ?? err), code: 'corrupt' }),
);
