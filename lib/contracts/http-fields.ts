/**
 * Fields shared by the contracts of saved HTTP endpoints (model connections, MCP servers): the
 * resource name, the base URL and the extra headers. Header values are write-only secrets: views
 * carry only `header_names`. Browser-safe: zod only.
 */
import { z } from 'zod';

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/** The name a connection or MCP server is saved under (it appears in URLs and graph documents). */
export const ResourceName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, 'must start with a letter or _ and hold only letters, digits, _ and - (at most 64)');

export const HttpUrl = z
  .string()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL without credentials');

const HeaderName = z.string().regex(HEADER_NAME, 'must be a valid HTTP header name');
const HeaderValue = z.string().max(4000).refine((v) => !/[\r\n]/.test(v), 'must not contain line breaks');

/** On create: the extra headers, name -> value. */
export const HeadersField = z.record(HeaderName, HeaderValue);

/** On update (values are never sent back): per header, a string sets it and null removes it. */
export const HeadersPatchField = z.record(HeaderName, HeaderValue.nullable());
