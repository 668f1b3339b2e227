/**
 * The docs tables generated from the registries render every entry: the tool types (lib/graph/
 * tool-types.ts) in the Tools section, the error codes and their statuses (lib/errors.ts) in the API
 * section. Rendered to HTML on the server, as the /docs page is.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, statusOf } from '@/lib/errors';
import { TOOL_TYPE_LIST, TOOL_TYPES } from '@/lib/graph/tool-types';
import { Api } from './api';
import { Tools } from './tools';

/** The rows of the table with `testId` in `html`, as the text of their cells. */
function tableRows(html: string, testId: string): string[][] {
  const table = html.match(new RegExp(`<table[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</table>`))?.[1];
  expect(table, `table ${testId}`).toBeDefined();
  const body = table!.match(/<tbody>([\s\S]*)<\/tbody>/)![1];
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) =>
    [...r[1].matchAll(/<td>([\s\S]*?)<\/td>/g)].map((c) => c[1].replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'").trim()),
  );
}

describe('generated docs tables', () => {
  it('lists every tool type once, in registry order, linking to its part, with who answers and reflect', () => {
    const html = renderToStaticMarkup(<Tools />);
    const rows = tableRows(html, 'tool-types-table');
    expect(rows.map((r) => r[0])).toEqual(TOOL_TYPE_LIST);
    for (const t of TOOL_TYPE_LIST) {
      expect(html).toContain(`href="#${TOOL_TYPES[t].docsAnchor}"`);
      expect(html).toContain(`id="${TOOL_TYPES[t].docsAnchor}"`);
    }
    const human = rows.find((r) => r[0] === 'human')!;
    expect(human[2]).toMatch(/a person/);
    expect(human[3]).toMatch(/^no: /);
    expect(rows.find((r) => r[0] === 'http')![3]).toBe('yes');
  });

  it('lists every error code under its status', () => {
    const rows = tableRows(renderToStaticMarkup(<Api />), 'error-codes-table');
    const listed = new Map(rows.flatMap(([status, codes]) => codes.split(/\s+/).map((c) => [c, Number(status)] as const)));
    expect([...listed.keys()].sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(listed.get(code), code).toBe(statusOf(code));
    expect(rows.map((r) => Number(r[0]))).toEqual([...rows.map((r) => Number(r[0]))].sort((a, b) => a - b));
  });
});
