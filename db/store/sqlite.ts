/**
 * The embedded store: the async repositories over better-sqlite3, whose calls are synchronous and
 * short (one local file, WAL). Each method runs the synchronous query of db/graphs.ts,
 * db/auth-users.ts, db/auth-keys.ts, db/connections.ts, db/mcp-servers.ts, db/graph-tests.ts,
 * db/page-cache.ts, db/meta.ts, db/seed.ts, db/memory.ts, db/workspaces.ts, db/threads.ts, db/chat-tools.ts or db/conversations.ts (the run path:
 * sqlite-runs.ts) and hands its result (or its error) back as a promise.
 */
import 'server-only';
import * as graphs from '../graphs';
import * as keys from '../auth-keys';
import * as users from '../auth-users';
import * as signIns from '../sign-in-failures';
import * as connections from '../connections';
import * as graphTests from '../graph-tests';
import * as mcp from '../mcp-servers';
import * as meta from '../meta';
import * as memory from '../memory';
import * as threads from '../threads';
import * as chatTools from '../chat-tools';
import * as responses from '../responses';
import * as conversations from '../conversations';
import * as pages from '../page-cache';
import { seedExamples } from '../seed';
import * as workspaces from '../workspaces';
import * as knowledge from '../knowledge';
import * as publishing from '../publishing';
import type { ConversationListOptions, Store, WorkspaceScope } from './ports';
import { later, sqliteCheckpoints, sqliteJournal, sqliteRunEvents, sqliteRuns, sqliteSteps } from './sqlite-runs';

export function sqliteStore(): Store {
  return {
    dialect: 'sqlite',
    graphs: {
      list: later((scope: WorkspaceScope) => graphs.listGraphs(scope)),
      get: later((id: string) => graphs.getGraph(id)),
      getByName: later((name: string, workspaceId: string) => graphs.getGraphByName(name, workspaceId)),
      find: later((idOrName: string, workspaceId: string) => graphs.findGraph(idOrName, workspaceId)),
      create: later(graphs.createGraph),
      update: later(graphs.updateGraph),
      saveEdit: later(graphs.saveGraphEdit),
      saveDraft: later(graphs.saveGraphDraft),
      saveNamedVersion: later(graphs.saveNamedVersion),
      delete: later(graphs.deleteGraph),
      import: later(graphs.importGraph),
      uniqueName: later((base: string, workspaceId: string) => graphs.uniqueGraphName(base, workspaceId)),
      move: later(graphs.moveGraph),
    },
    versions: {
      list: later((graphId: string) => graphs.listGraphVersions(graphId)),
      get: later((graphId: string, version: number) => graphs.getGraphVersion(graphId, version)),
    },
    users: {
      count: later(users.countUsers),
      list: later(users.listUsers),
      get: later(users.getUser),
      create: later(users.createUser),
      setRole: later(users.setUserRole),
      delete: later(users.deleteUser),
    },
    workspaces: {
      list: later(workspaces.listWorkspaces),
      get: later((id: string) => workspaces.getWorkspace(id)),
      create: later(workspaces.createWorkspace),
      rename: later(workspaces.renameWorkspace),
      delete: later(workspaces.deleteWorkspace),
      members: later(workspaces.listMembers),
      setMember: later(workspaces.setMember),
      removeMember: later(workspaces.removeMember),
      membershipsOf: later(workspaces.membershipsOf),
    },
    signInThrottle: {
      get: later(signIns.getSignInFailures),
      fail: later(signIns.failSignIn),
      clear: later(signIns.clearSignInFailures),
      prune: later(signIns.pruneSignInFailures),
    },
    apiKeys: {
      insert: later(keys.insertApiKey),
      list: later(keys.listApiKeys),
      get: later(keys.getApiKey),
      setBudget: later(keys.setApiKeyBudget),
      spend: later(keys.apiKeySpend),
      delete: later(keys.deleteApiKey),
      findByHash: later(keys.findApiKey),
    },
    runs: sqliteRuns,
    events: sqliteRunEvents,
    checkpoints: sqliteCheckpoints,
    journal: sqliteJournal,
    steps: sqliteSteps,
    connections: {
      list: later(connections.listConnections),
      get: later(connections.getConnection),
      insert: later(connections.insertConnection),
      update: later(connections.updateConnection),
      delete: later(connections.deleteConnection),
    },
    mcpServers: {
      list: later(mcp.listMcpServers),
      get: later(mcp.getMcpServer),
      insert: later(mcp.insertMcpServer),
      update: later(mcp.updateMcpServer),
      delete: later(mcp.deleteMcpServer),
    },
    graphTests: {
      get: later(graphTests.getGraphTests),
      put: later(graphTests.putGraphTests),
    },
    pageCache: {
      get: later(pages.getCachedPage),
      put: later(pages.putCachedPage),
      count: later(pages.countCachedPages),
    },
    meta: {
      get: later((key: string) => meta.getMeta(key)),
      set: later((key: string, value: string) => meta.setMeta(key, value)),
    },
    seedExamples: later(seedExamples),
    memory: {
      get: later(memory.getMemory),
      save: later(memory.saveMemory),
      turns: later(memory.conversationTurns),
    },
    assistants: {
      insert: later(threads.insertAssistant),
      get: later(threads.getAssistant),
      list: later((scope: WorkspaceScope, limit?: number) => threads.listAssistants(scope, limit)),
      delete: later(threads.deleteAssistant),
    },
    threads: {
      insert: later(threads.insertThread),
      get: later(threads.getThread),
      delete: later(threads.deleteThread),
      appendMessage: later(threads.appendThreadMessage),
      listMessages: later(threads.listThreadMessages),
      repliedRunIds: later(threads.repliedRunIds),
      insertRun: later(threads.insertThreadRun),
      getRun: later(threads.getThreadRun),
      listRuns: later(threads.listThreadRuns),
    },
    chatTools: {
      saveRun: later(chatTools.saveChatToolRun),
      getRun: later(chatTools.getChatToolRun),
      recordCalls: later(chatTools.recordChatToolCalls),
      runsOfCalls: later(chatTools.runsOfToolCalls),
    },
    responses: {
      insert: later(responses.insertResponse),
      get: later(responses.getResponse),
      settle: later(responses.settleResponse),
      delete: later(responses.deleteResponse),
    },
    conversationItems: {
      append: later(responses.appendConversationItems),
      list: later(responses.listConversationItems),
      get: later(responses.getConversationItem),
      delete: later(responses.deleteConversationItem),
    },
    conversations: {
      create: later(conversations.createConversation),
      get: later(conversations.getConversation),
      list: later((scope: WorkspaceScope, opts?: ConversationListOptions) => conversations.listConversations(scope, opts)),
      update: later(conversations.updateConversation),
      delete: later(conversations.deleteConversation),
      truncate: later(conversations.truncateConversation),
      turns: later(conversations.conversationTurnRuns),
    },
    knowledge: {
      listBases: later(knowledge.listKnowledgeBases),
      getBase: later(knowledge.getKnowledgeBase),
      getBaseById: later(knowledge.getKnowledgeBaseById),
      createBase: later(knowledge.createKnowledgeBase),
      updateBase: later(knowledge.updateKnowledgeBase),
      deleteBase: later(knowledge.deleteKnowledgeBase),
      addDocument: later(knowledge.addKnowledgeDocument),
      getDocument: later(knowledge.getKnowledgeDocument),
      listDocuments: later(knowledge.listKnowledgeDocuments),
      setStatus: later(knowledge.setKnowledgeStatus),
      storeChunks: later(knowledge.storeKnowledgeChunks),
      deleteDocument: later(knowledge.deleteKnowledgeDocument),
      chunksOf: later(knowledge.knowledgeChunksOf),
      keywordSearch: later(knowledge.keywordSearchKnowledge),
      vectorSearch: knowledge.vectorSearchKnowledge,
    },
    publications: {
      get: later(publishing.getPublication),
      publish: later(publishing.publishVersion),
      unpublish: later(publishing.unpublishGraph),
    },
    shares: {
      get: later(publishing.getShare),
      byToken: later(publishing.shareByToken),
      put: later(publishing.putShare),
      publicSpend: later(publishing.publicSpend),
    },
  };
}
