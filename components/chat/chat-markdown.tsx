'use client';
/**
 * Model text rendered as markdown, safely: react-markdown builds React elements (never HTML
 * strings), raw HTML in the text is dropped (`skipHtml`), link and image URLs go through its URL
 * filter (no `javascript:`), links open in a new tab with rel="noopener noreferrer", and images
 * are shown as links (a model's image URL is not fetched by the page).
 */
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import s from './chat.module.css';

const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ src, alt }) => (
    <a href={typeof src === 'string' ? src : undefined} target="_blank" rel="noopener noreferrer">
      {alt || 'image'}
    </a>
  ),
};

export function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className={s.markdown}>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </Markdown>
    </div>
  );
}
