import { defineConfig } from '@playwright/test';
import { AUTH_APP_PORT, AUTH_DB } from './e2e/auth-server';
import { KEYLESS_APP_PORT, KEYLESS_DB } from './e2e/keyless-server';
import { launchOptions } from './e2e/browser';

/**
 * One run thread per e2e server (the default is min(4, CPUs)): runs still leave the HTTP event loop,
 * but three servers on a 2-core CI machine do not each load four threads' sources through tsx.
 */
const E2E_THREADS = { SWITCHYARD_RUN_THREADS: '1' };

const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 3901);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    launchOptions: launchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      // The mock OpenAI-compatible server (real HTTP, real protocol) the app talks to.
      command: `npx tsx lib/llm/testing/serve.ts`,
      env: { MOCK_OPENAI_PORT: String(MOCK_PORT) },
      url: `http://127.0.0.1:${MOCK_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A production build (`next build` runs before playwright in `npm run test:e2e`), fresh database.
      command: `rm -rf data/e2e && npx next start -p ${APP_PORT} -H 127.0.0.1`,
      env: {
        SWITCHYARD_DB: 'data/e2e/switchyard.db',
        OPENAI_BASE_URL: `http://127.0.0.1:${MOCK_PORT}/v1`,
        OPENAI_API_KEY: 'sk-e2e-test',
        SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1,localhost',
        // Accounts off: allowed because this server listens on loopback only (e2e/auth.spec.ts uses the next one).
        SWITCHYARD_AUTH: 'off',
        HOST: '127.0.0.1',
        NEXT_TELEMETRY_DISABLED: '1',
        ...E2E_THREADS,
      },
      url: `http://127.0.0.1:${APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // Accounts ON (SWITCHYARD_AUTH empty), its own fresh database: e2e/auth.spec.ts.
      command: `rm -rf ${AUTH_DB.replace(/\/[^/]+$/, '')} && npx next start -p ${AUTH_APP_PORT} -H 127.0.0.1`,
      env: {
        SWITCHYARD_DB: AUTH_DB,
        SWITCHYARD_AUTH: '',
        HOST: '127.0.0.1',
        OPENAI_BASE_URL: `http://127.0.0.1:${MOCK_PORT}/v1`,
        OPENAI_API_KEY: 'sk-e2e-test',
        NEXT_TELEMETRY_DISABLED: '1',
        ...E2E_THREADS,
      },
      url: `http://127.0.0.1:${AUTH_APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // No model connection (a newcomer's first start), its own fresh database seeded with the examples: e2e/demo-model.spec.ts.
      // The key and base URL are set empty (= unset) so that none leaks in from the environment playwright runs in.
      command: `rm -rf ${KEYLESS_DB.replace(/\/[^/]+$/, '')} && npx next start -p ${KEYLESS_APP_PORT} -H 127.0.0.1`,
      env: {
        SWITCHYARD_DB: KEYLESS_DB,
        OPENAI_API_KEY: '',
        OPENAI_BASE_URL: '',
        SWITCHYARD_AUTH: 'off',
        HOST: '127.0.0.1',
        NEXT_TELEMETRY_DISABLED: '1',
        ...E2E_THREADS,
      },
      url: `http://127.0.0.1:${KEYLESS_APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
