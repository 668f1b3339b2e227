import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/contracts/client';
import { checkHeaderRows, createBody, errorsFromApi, initialValues, newRow, updateBody } from './connection-form-model';

const view = { name: 'gw', base_url: 'https://gw.example/v1', api_key_hint: 'sk-…abcd', header_names: ['X-Org', 'X-Old'], source: 'db' as const, read_only: false, created_at: null };

describe('connection form', () => {
  it('a create body leaves out an empty key and empty header rows', () => {
    const v = { ...initialValues(null), name: ' local ', baseUrl: ' http://localhost:11434/v1 ', headers: [newRow(), { ...newRow('X-A'), value: '1' }] };
    expect(createBody(v)).toEqual({ name: 'local', base_url: 'http://localhost:11434/v1', headers: { 'X-A': '1' } });
  });

  it('an update keeps what was left empty, replaces a typed key, removes headers and a key on request', () => {
    const v = initialValues(view);
    expect(v.apiKey).toBe('');
    expect(updateBody(v)).toEqual({ base_url: 'https://gw.example/v1', supports: {}, prices: null });
    const [org] = v.headers;
    const changed = { ...v, apiKey: 'sk-new', headers: [{ ...org, value: 'acme' }, { ...newRow('X-New'), value: 'n' }], removedHeaders: ['X-Old'] };
    expect(updateBody(changed)).toEqual({ base_url: 'https://gw.example/v1', api_key: 'sk-new', headers: { 'X-Old': null, 'X-Org': 'acme', 'X-New': 'n' }, supports: {}, prices: null });
    expect(updateBody({ ...v, removeKey: true, apiKey: 'ignored' }).api_key).toBeNull();
  });

  it('supports: the checkboxes start from the saved view (all on by default); only what is off is sent', () => {
    expect(initialValues(null).supports).toEqual({ tools: true, stop: true, stream_usage: true });
    const saved = initialValues({ ...view, supports: { tools: true, stop: false, stream_usage: true } });
    expect(saved.supports.stop).toBe(false);
    expect(updateBody(saved).supports).toEqual({ stop: false });
    const off = { ...initialValues(null), name: 'l', baseUrl: 'http://l/v1', supports: { tools: false, stop: true, stream_usage: false } };
    expect(createBody(off).supports).toEqual({ tools: false, stream_usage: false });
    expect(createBody({ ...off, supports: { tools: true, stop: true, stream_usage: true } }).supports).toBeUndefined();
  });

  it('flags unnamed, valueless and duplicate header rows before sending', () => {
    const a = { ...newRow(''), value: 'v' };
    const b = { ...newRow('X-A'), value: '' };
    const c = { ...newRow('X-B'), value: '1' };
    const d = { ...newRow('x-b'), value: '2' };
    const e = checkHeaderRows([a, b, c, d, newRow()]);
    expect(e).toEqual({ [a.id]: 'Give the header a name.', [b.id]: 'Give the header a value.', [d.id]: '“x-b” is listed twice.' });
  });

  it('puts API validation issues next to their fields and header rows', () => {
    const row = { ...newRow('bad h'), value: 'x' };
    const err = new ApiError('invalid request: base_url: …', 400, 'bad_request', [], {
      issues: [
        { path: 'base_url', message: 'must be an http:// or https:// URL without credentials' },
        { path: 'name', message: 'must start with a letter' },
        { path: 'headers.bad h', message: 'Invalid key in record' },
        { path: 'headers.X-Gone', message: 'must not contain line breaks' },
      ],
    });
    const out = errorsFromApi(err, [row]);
    expect(out.fields).toEqual({ base_url: 'Base URL must be an http:// or https:// URL without credentials.', name: 'Name must start with a letter.' });
    expect(out.headers).toEqual({ [row.id]: 'bad h: not a valid HTTP header name.' });
    expect(out.form).toBe('Header X-Gone: must not contain line breaks.');
  });

  it('a name conflict goes to the name field; other failures to the form', () => {
    expect(errorsFromApi(new ApiError('A connection named "x" already exists', 409, 'conflict'), []).fields.name).toMatch(/already exists/);
    expect(errorsFromApi(new ApiError('Could not reach the server. Is it running?', 0, 'network'), [])).toEqual({ fields: {}, headers: {}, form: 'Could not reach the server. Is it running?' });
    expect(errorsFromApi(new ApiError('read only', 409, 'read_only'), []).form).toBe('read only');
  });
});
