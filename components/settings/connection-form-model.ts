/**
 * The add/edit connection form as data: its values, the request body they make (a create body, or
 * a PUT patch that keeps what was left empty), client checks that JSON cannot express (duplicate or
 * unnamed header rows), and the API's validation errors mapped back onto the fields.
 */
import { ApiError } from '@/lib/contracts/client';
import { supportsView, type ConnectionView, type CreateConnectionBody, type SupportsView, type UpdateConnectionBody } from '@/lib/contracts/connections';
import { priceRowOf, priceTable, priceValues, type PriceValues } from './connection-form-prices';

export interface HeaderRow {
  id: number;
  name: string;
  value: string;
  /** A header already saved on the server: its value is not known here; empty means "keep". */
  saved: boolean;
}

export interface FormValues {
  name: string;
  baseUrl: string;
  apiKey: string;
  /** Edit only: remove the saved key. */
  removeKey: boolean;
  headers: HeaderRow[];
  /** Edit only: saved headers the user removed. */
  removedHeaders: string[];
  /** What the server accepts (the connection Test can fill these in). */
  supports: SupportsView;
  /** Model prices (connection-form-prices.ts). */
  prices: PriceValues;
}

export type FieldName = 'name' | 'base_url' | 'api_key';

export interface FormErrors {
  fields: Partial<Record<FieldName, string>>;
  /** By header row id. */
  headers: Record<number, string>;
  /** By price row id. */
  prices?: Record<number, string>;
  /** What belongs to no field. */
  form?: string;
}

export const NO_ERRORS: FormErrors = { fields: {}, headers: {} };

let nextRowId = 1;
export const newRow = (name = '', saved = false): HeaderRow => ({ id: nextRowId++, name, value: '', saved });

export function initialValues(editing: ConnectionView | null): FormValues {
  return {
    name: editing?.name ?? '',
    baseUrl: editing?.base_url ?? '',
    apiKey: '',
    removeKey: false,
    headers: editing ? editing.header_names.map((n) => newRow(n, true)) : [],
    removedHeaders: [],
    supports: supportsView(editing?.supports),
    prices: priceValues(editing?.prices),
  };
}

/** Header rows the user left entirely empty are ignored. */
const filled = (rows: HeaderRow[]) => rows.filter((r) => r.saved || r.name.trim() || r.value);

export function checkHeaderRows(rows: HeaderRow[]): Record<number, string> {
  const out: Record<number, string> = {};
  const seen = new Set<string>();
  for (const r of filled(rows)) {
    const name = r.name.trim();
    if (!name) out[r.id] = 'Give the header a name.';
    else if (seen.has(name.toLowerCase())) out[r.id] = `“${name}” is listed twice.`;
    else if (!r.saved && !r.value) out[r.id] = 'Give the header a value.';
    seen.add(name.toLowerCase());
  }
  return out;
}

export function createBody(v: FormValues): CreateConnectionBody {
  const body: CreateConnectionBody = { name: v.name.trim(), base_url: v.baseUrl.trim() };
  if (v.apiKey) body.api_key = v.apiKey;
  const rows = filled(v.headers);
  if (rows.length) body.headers = Object.fromEntries(rows.map((r) => [r.name.trim(), r.value]));
  const off = supportsPatch(v.supports);
  if (off) body.supports = off;
  const prices = priceTable(v.prices);
  if (prices) body.prices = prices;
  return body;
}

export function updateBody(v: FormValues): UpdateConnectionBody {
  const body: UpdateConnectionBody = { base_url: v.baseUrl.trim() };
  if (v.removeKey) body.api_key = null;
  else if (v.apiKey) body.api_key = v.apiKey;
  const patch: Record<string, string | null> = {};
  for (const name of v.removedHeaders) patch[name] = null;
  for (const r of filled(v.headers)) if (r.value) patch[r.name.trim()] = r.value;
  if (Object.keys(patch).length) body.headers = patch;
  body.supports = supportsPatch(v.supports) ?? {};
  body.prices = priceTable(v.prices);
  return body;
}

/** Only what the server does not accept is stored (absent means supported); undefined when it accepts all. */
export function supportsPatch(s: SupportsView): UpdateConnectionBody['supports'] {
  const off = Object.fromEntries(Object.entries(s).filter(([, on]) => !on));
  return Object.keys(off).length ? off : undefined;
}

interface Issue {
  path: string;
  message: string;
}

function issuesOf(err: ApiError): Issue[] {
  const issues = (err.details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter((i): i is Issue => !!i && typeof i.path === 'string' && typeof i.message === 'string');
}

const FIELD_LABEL: Record<FieldName, string> = { name: 'Name', base_url: 'Base URL', api_key: 'API key' };

/** The API's error, placed next to the field (or header row) it is about. */
export function errorsFromApi(err: unknown, rows: HeaderRow[], priceRows: PriceValues['rows'] = []): FormErrors {
  const out: FormErrors = { fields: {}, headers: {} };
  if (!(err instanceof ApiError)) {
    out.form = err instanceof Error ? err.message : String(err);
    return out;
  }
  if (err.status === 409 && err.code === 'conflict') {
    out.fields.name = err.message;
    return out;
  }
  const issues = issuesOf(err);
  const stray: string[] = [];
  for (const issue of issues) {
    const [head, ...rest] = issue.path.split('.');
    if (head === 'name' || head === 'base_url' || head === 'api_key') {
      out.fields[head] ??= `${FIELD_LABEL[head]} ${issue.message}.`;
    } else if (head === 'headers' && rest.length) {
      const header = rest.join('.');
      const row = rows.find((r) => r.name.trim() === header);
      const message = /^invalid key/i.test(issue.message) ? 'not a valid HTTP header name' : issue.message;
      if (row) out.headers[row.id] ??= `${header}: ${message}.`;
      else stray.push(`Header ${header}: ${message}.`);
    } else if (head === 'prices') {
      const row = priceRowOf(issue.path, priceRows);
      if (row) (out.prices ??= {})[row.id] ??= `${row.model.trim()}: ${issue.message}.`;
      else stray.push(`Prices: ${issue.message}.`);
    } else {
      stray.push(issue.message);
    }
  }
  if (!issues.length) out.form = err.message;
  else if (stray.length) out.form = stray.join(' ');
  return out;
}
