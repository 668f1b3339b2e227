/**
 * The third e2e app server: no model connection at all (no OPENAI_API_KEY, no OPENAI_BASE_URL, a
 * fresh database seeded with the examples as they are), accounts off on loopback. A newcomer's
 * first start: e2e/demo-model.spec.ts runs the examples there with the built-in demo model.
 */
export const KEYLESS_APP_PORT = Number(process.env.E2E_KEYLESS_APP_PORT ?? 3104);
export const KEYLESS_BASE_URL = `http://127.0.0.1:${KEYLESS_APP_PORT}`;
export const KEYLESS_DB = 'data/e2e-keyless/switchyard.db';
