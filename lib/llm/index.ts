export { createModelPort, noConnectionError, type ModelPortOptions } from './chat';
export { envDefaultConnection, DEFAULT_BASE_URL, PLACEHOLDER_API_KEY, type Connection } from './connection';
export { StreamAccumulator } from './stream-accumulator';
