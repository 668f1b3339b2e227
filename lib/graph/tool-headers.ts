/**
 * A tool's static headers (http and openapi tools) and secrets (issue 21): the value of any header
 * is treated as a credential — X-Session, X-Signature, Ocp-Apim-Subscription-Key are as secret as
 * Authorization — except the few standard headers below, whose values only negotiate content. A
 * credential is never written in the graph (it would be stored, shown and exported with it): it is
 * a `${env:NAME}` reference, resolved on the server (lib/tools/http-tool.ts).
 */

/** Headers whose literal values are no credential (lower case). */
export const PLAIN_HEADERS: ReadonlySet<string> = new Set(['accept', 'accept-language', 'accept-encoding', 'content-type', 'content-language', 'cache-control', 'user-agent', 'pragma', 'referer', 'http-referer']);

export function isPlainHeader(name: string): boolean {
  return PLAIN_HEADERS.has(name.trim().toLowerCase());
}

const ENV_REF = /\$\{env:[A-Za-z_][A-Za-z0-9_]*\}/g;

/** A credential header's value: env references and an auth scheme word, nothing else. */
export function onlyEnvRefs(value: string): boolean {
  const rest = value.replace(ENV_REF, ' ');
  return rest !== value && /^\s*(?:bearer|basic|token)?\s*$/i.test(rest);
}
