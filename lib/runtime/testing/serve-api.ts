/**
 * The real route handlers as a server process (for crash tests: a test can kill -9 it):
 *   node --conditions=react-server --import tsx lib/runtime/testing/serve-api.ts
 * Prints `api listening on <url>`; the environment (SWITCHYARD_DB, OPENAI_*...) is the server's.
 */
import { startApiServer } from '@/lib/testing/api-server';

const api = await startApiServer({ port: Number(process.env.PORT ?? 0) });
console.log(`api listening on ${api.url}`);
