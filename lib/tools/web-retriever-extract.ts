/**
 * A fetched page's main text: @mozilla/readability over a linkedom DOM finds the article (leaving
 * out navigation, scripts, styles, headers and footers), then its block elements become
 * paragraphs separated by blank lines.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

export interface PageText {
  title: string;
  /** Paragraphs separated by a blank line. */
  text: string;
}

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, dt, dd, tr, figcaption, div, section, article, table, ul, ol';

/** The paragraphs of an HTML fragment, one per block element (inline text is kept together). */
function paragraphs(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const el of Array.from(document.querySelectorAll(BLOCKS))) el.after(document.createTextNode('\n\n'));
  const text = document.body?.textContent ?? '';
  return text
    .split(/\n\s*\n/)
    .map((p: string) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export function extractMainText(html: string): PageText {
  const { document } = parseHTML(html);
  const title = (document.querySelector('title')?.textContent ?? '').trim();
  // Small pages (docs sections) are articles too: no minimum length.
  const article = new Readability(document as unknown as Document, { charThreshold: 0 }).parse();
  if (!article?.content) return { title, text: '' };
  return { title: (article.title ?? title).trim(), text: paragraphs(article.content).join('\n\n') };
}
