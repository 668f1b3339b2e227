/** The public chat's markdown never renders raw HTML and keeps links safe. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown } from './safe-markdown';

const html = (text: string) => renderToStaticMarkup(<SafeMarkdown text={text} />);

describe('SafeMarkdown', () => {
  it('renders emphasis, code, lists and fenced code', () => {
    expect(html('Hello **world** and *you*, run `ls`')).toBe('<p>Hello <strong>world</strong> and <em>you</em>, run <code>ls</code></p>');
    expect(html('- one\n- two\n\n1. first')).toBe('<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>');
    expect(html('```\n<b>x</b>\n```')).toBe('<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>');
  });
  it('shows raw HTML as text, never as markup', () => {
    const out = html('<script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;');
  });
  it('links open in a new tab with rel="noopener noreferrer"; javascript: URLs stay text', () => {
    expect(html('[docs](https://example.org/a)')).toBe('<p><a href="https://example.org/a" target="_blank" rel="noopener noreferrer">docs</a></p>');
    const evil = html('[click](javascript:alert(1))');
    expect(evil).not.toContain('<a');
    expect(evil).not.toContain('href');
  });
});
