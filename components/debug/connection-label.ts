/**
 * How the panel names the connection a run uses: its name, the host of its base URL, and what
 * answers there. MOCK only for the built-in scripted models: the `demo` connection and the test
 * mock server (lib/llm/testing/serve.ts, on loopback port 3901). Any other loopback or private
 * host is a LOCAL model (Ollama on localhost:11434, llama.cpp, vLLM): real, just not remote.
 */
export interface ConnectionLabel {
  name: string;
  host: string;
  kind: 'mock' | 'local' | 'real';
  /** True when the model answering is a scripted one. */
  scripted: boolean;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1|0\.0\.0\.0)$/i;
const PRIVATE = /^(10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|[^.]+\.local|host\.docker\.internal)$/i;
/** The port the scripted mock server listens on (MOCK_OPENAI_PORT's default). */
const MOCK_PORT = '3901';
const DEMO = 'demo';

export function hostOf(baseUrl: string | undefined): string {
  if (!baseUrl) return '';
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

export function connectionLabel(c: { name: string; base_url?: string }): ConnectionLabel {
  const host = hostOf(c.base_url);
  const port = /:(\d+)$/.exec(host)?.[1] ?? '';
  const hostname = host.replace(/:\d+$/, '');
  const loop = LOOPBACK.test(hostname);
  const scripted = c.name === DEMO || c.base_url?.startsWith(`${DEMO}:`) === true || (loop && port === MOCK_PORT);
  const kind = scripted ? 'mock' : loop || PRIVATE.test(hostname) ? 'local' : 'real';
  return { name: c.name, host, kind, scripted };
}
