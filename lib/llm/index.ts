export { createModelPort, noConnectionError, type ModelPortOptions } from './chat';
export { envDefaultConnection, PLACEHOLDER_API_KEY, type Connection } from './connection';
