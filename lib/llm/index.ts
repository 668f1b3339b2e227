export { createModelPort, noConnectionError, type ModelPortOptions } from './chat';
export { envDefaultConnection, PLACEHOLDER_API_KEY, type Connection } from './connection';
export { blockedByPolicy } from './model-errors';
export { openaiClient } from './openai-client';
