/** The native Postgres store: every converted repository over the Pool (db/store/ports.ts). */
import 'server-only';
import type { Store } from '../ports';
import { pgApiKeys, pgUsers } from './auth';
import { pgSignInThrottle } from './sign-in-failures';
import { pgGraphs, pgGraphVersions } from './graphs';
import { pgCheckpoints, pgJournal, pgRunEvents, pgRuns } from './runs';
import { pgStepCommitter } from './steps';
import { pgMemory } from './memory';
import { pgAssistants, pgThreads } from './threads';
import { pgChatTools } from './chat-tools';
import { pgConversationItems, pgResponses } from './responses';
import { pgConnections, pgMcpServers } from './settings';
import { pgGraphTests, pgMeta, pgPageCache, pgSeedExamples } from './small';
import { pgWorkspaces } from './workspaces';
import { pgConversations } from './conversations';
import { pgKnowledge } from './knowledge';
import { pgPublications, pgShares } from './publishing';

export function postgresStore(): Store {
  return {
    dialect: 'postgres',
    graphs: pgGraphs,
    versions: pgGraphVersions,
    users: pgUsers,
    workspaces: pgWorkspaces,
    apiKeys: pgApiKeys,
    signInThrottle: pgSignInThrottle,
    runs: pgRuns,
    events: pgRunEvents,
    checkpoints: pgCheckpoints,
    journal: pgJournal,
    steps: pgStepCommitter(),
    connections: pgConnections,
    mcpServers: pgMcpServers,
    graphTests: pgGraphTests,
    pageCache: pgPageCache,
    meta: pgMeta,
    seedExamples: pgSeedExamples,
    memory: pgMemory,
    assistants: pgAssistants,
    threads: pgThreads,
    chatTools: pgChatTools,
    responses: pgResponses,
    conversationItems: pgConversationItems,
    conversations: pgConversations,
    knowledge: pgKnowledge,
    publications: pgPublications,
    shares: pgShares,
  };
}
