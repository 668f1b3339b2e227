/**
 * Agent cards (A2A v1.0): one per graph (its JSON-RPC endpoint /api/a2a/<graph>, for protocol 1.0
 * and 0.3), and the workspace's card at /.well-known/agent-card.json naming every graph as a skill
 * with each graph's endpoint as an interface. Security: the API key, as a Bearer token (an HTTP
 * auth scheme); a key only reaches the graphs of its own workspace.
 */
import 'server-only';
import { AgentCard, type AgentInterface, type AgentSkill, type SecurityScheme } from '@a2a-js/sdk';
/** What a card says of a graph: its name and description. */
export interface AgentGraph {
  name: string;
  description?: string | null;
}

export const A2A_SECURITY_SCHEME = 'switchyard_api_key';

const SCHEMES: Record<string, SecurityScheme> = {
  [A2A_SECURITY_SCHEME]: {
    scheme: {
      $case: 'httpAuthSecurityScheme',
      value: { description: 'A Switchyard API key (Settings → API keys) as a Bearer token; it reaches the graphs of its workspace.', scheme: 'bearer', bearerFormat: 'Switchyard API key' },
    },
  },
};

/** The JSON-RPC endpoint of a graph, under the server's origin. */
export const endpointOf = (origin: string, graph: Pick<AgentGraph, 'name'>): string => `${origin}/api/a2a/${encodeURIComponent(graph.name)}`;
/** The card URL of a graph. */
export const cardUrlOf = (origin: string, graph: Pick<AgentGraph, 'name'>): string => `${endpointOf(origin, graph)}/agent-card.json`;

function interfaces(origin: string, graph: AgentGraph): AgentInterface[] {
  const url = endpointOf(origin, graph);
  return [
    { url, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
    { url, protocolBinding: 'JSONRPC', protocolVersion: '0.3', tenant: '' },
  ];
}

function skillOf(graph: AgentGraph, origin: string): AgentSkill {
  return {
    id: graph.name,
    name: graph.name,
    description: graph.description || `Runs the Switchyard graph "${graph.name}" (card: ${cardUrlOf(origin, graph)}).`,
    tags: ['switchyard', 'graph'],
    examples: [],
    inputModes: ['text/plain', 'application/json'],
    outputModes: ['text/plain'],
    securityRequirements: [],
  };
}

function baseCard(name: string, description: string, origin: string): Omit<AgentCard, 'supportedInterfaces' | 'skills'> {
  return {
    name,
    description,
    provider: { organization: 'Switchyard', url: origin },
    version: '1.0.0',
    documentationUrl: `${origin}/docs#a2a`,
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: SCHEMES,
    securityRequirements: [{ schemes: { [A2A_SECURITY_SCHEME]: { list: [] } } }],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['text/plain'],
    signatures: [],
  };
}

/** The card of one graph: one skill (the graph), streaming, the API key scheme. */
export function graphCard(graph: AgentGraph, origin: string): AgentCard {
  const description = graph.description || `The Switchyard graph "${graph.name}".`;
  return { ...baseCard(graph.name, description, origin), supportedInterfaces: interfaces(origin, graph), skills: [skillOf(graph, origin)] };
}

/** The workspace's card: every graph a skill, every graph's endpoint an interface (skill i ↔ interfaces 2i, 2i+1). */
export function workspaceCard(workspaceName: string, graphs: AgentGraph[], origin: string): AgentCard {
  return {
    ...baseCard(`Switchyard: ${workspaceName}`, `The graphs of the Switchyard workspace "${workspaceName}", each an A2A agent with its own card (/api/a2a/<graph>/agent-card.json).`, origin),
    supportedInterfaces: graphs.flatMap((g) => interfaces(origin, g)),
    skills: graphs.map((g) => skillOf(g, origin)),
  };
}

/** A card in its JSON form (the wire's field names and enum spellings). */
export const cardJson = (card: AgentCard): unknown => AgentCard.toJSON(card);
