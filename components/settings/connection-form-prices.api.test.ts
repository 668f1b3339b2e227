/**
 * Prices through the Settings API: the connection form's prices go out in the PUT body, come back
 * in the connection view as the same rows, null resets them, and the API's validation error lands
 * on the row it is about.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiError } from '@/lib/contracts/client';
import type { ConnectionView } from '@/lib/contracts/connections';
import { startHarness, type Harness } from '@/lib/runtime/testing/harness';
import { errorsFromApi, initialValues, updateBody } from './connection-form-model';
import { newPriceRow } from './connection-form-prices';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const rowsOf = (c: ConnectionView) => initialValues(c).prices.rows.map((r) => [r.model, r.input, r.output]);

describe('connection prices round trip', () => {
  it('saves the rows and the free toggle, reads them back, resets to the defaults with none', async () => {
    const created = await h.call<ConnectionView>('POST', '/api/connections', { name: 'gw', base_url: 'https://gw.example/v1' });
    expect(created.status).toBe(201);
    const v = initialValues(created.body);
    expect(v.prices).toEqual({ free: false, rows: [] });

    const edited = { ...v, prices: { free: true, rows: [newPriceRow('gpt-4o', '1', '2.5'), newPriceRow('gpt-4o-mini', '', '0.5')] } };
    const put = await h.call<ConnectionView>('PUT', '/api/connections/gw', updateBody(edited));
    expect(put.status).toBe(200);
    const got = await h.call<{ connections: ConnectionView[] } | ConnectionView[]>('GET', '/api/connections');
    const list = Array.isArray(got.body) ? got.body : got.body.connections;
    const saved = list.find((c) => c.name === 'gw')!;
    expect(saved.prices).toEqual({ 'gpt-4o': { input: 1, output: 2.5 }, 'gpt-4o-mini': { input: 0.15, output: 0.5 }, '*': 'free' });
    expect(initialValues(saved).prices.free).toBe(true);
    expect(rowsOf(saved)).toEqual([
      ['gpt-4o', '1', '2.5'],
      ['gpt-4o-mini', '0.15', '0.5'],
    ]);

    const reset = await h.call<ConnectionView>('PUT', '/api/connections/gw', updateBody({ ...initialValues(saved), prices: { free: false, rows: [] } }));
    expect(reset.status).toBe(200);
    expect(reset.body.prices ?? null).toBeNull();
  });

  it("shows the API's validation error on the row it is about", async () => {
    const row = newPriceRow('gpt-4o', '1', '2');
    const body = { prices: { 'gpt-4o': { input: 1, output: 200_000 } } };
    const res = await h.api.fetch('/api/connections/gw', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    const errors = errorsFromApi(await toApiError(res), [], [row]);
    expect(errors.prices?.[row.id]).toMatch(/^gpt-4o: /);
  });
});
