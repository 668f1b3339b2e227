/** The whole database schema: one file per area, re-exported here (drizzle-kit reads this file). */
export * from './graphs';
export * from './runs';
export * from './connections';
export * from './threads';
export * from './memory';
export * from './journal';
export * from './auth';
export * from './page-cache';
export * from './mcp-servers';
export * from './graph-tests';
export * from './chat-tools';
export * from './sign-in-failures';
export * from './responses';
export * from './conversations';
export * from './knowledge';
export * from './publishing';
