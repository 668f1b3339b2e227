/** The second e2e server: accounts ON (SWITCHYARD_AUTH empty), its own port and fresh database (playwright.config.ts). */
export const AUTH_APP_PORT = Number(process.env.E2E_AUTH_APP_PORT ?? 3102);
export const AUTH_BASE_URL = `http://127.0.0.1:${AUTH_APP_PORT}`;
export const AUTH_DB = 'data/e2e-auth/switchyard.db';
