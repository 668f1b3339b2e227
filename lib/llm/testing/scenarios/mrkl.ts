/**
 * Seed 000/004: the MRKL walk-through. "Who is Olivia Wilde's boyfriend? What is his current age
 * raised to the 0.23 power?" → Search, Search, Calculator 47^0.23 → Final Answer 2.4242784855673896.
 * The step is read from what the conversation already holds (observations / tool results), so the
 * same conversation always gets the same reply. Two dialects:
 *   - react (text): the prompt describes Thought/Action/Action Input; replies in that format;
 *   - tool_calling: tools are offered; replies with native tool calls.
 */
import { allText, lastUserText, offeredToolWith } from '../conversation';
import type { SearchFixture } from '../mock-tool-routes';
import type { MockChatRequest, MockReply, MockRule } from '../mock-types';

export const MRKL_QUESTION = "Who is Olivia Wilde's boyfriend? What is his current age raised to the 0.23 power?";
export const MRKL_OBSERVATION_1 =
  'First linked in November 2011, Wilde and Sudeikis got engaged in January 2013. They later became parents, welcoming son Otis in 2014 and daughter Daisy in 2016.';
const MRKL_OBSERVATION_2 = '47 years';
export const MRKL_RESULT = '2.4242784855673896';
export const MRKL_FINAL_ANSWER = `Jason Sudeikis, Olivia Wilde's boyfriend, is 47 years old and his age raised to the 0.23 power is ${MRKL_RESULT}.`;

/** What the fake search back ends answer for the walk-through's two searches. */
export const MRKL_SEARCH: SearchFixture[] = [
  {
    contains: 'Sudeikis age',
    results: [{ title: 'Jason Sudeikis - Age', url: 'https://example.org/jason-sudeikis', snippet: MRKL_OBSERVATION_2 }],
  },
  {
    contains: 'Olivia Wilde',
    results: [{ title: 'Olivia Wilde and Jason Sudeikis', url: 'https://example.org/olivia-wilde', snippet: MRKL_OBSERVATION_1 }],
  },
];

type Stage = 'search_boyfriend' | 'search_age' | 'calculate' | 'answer';

/** How far the walk-through has got, judged by which observations are already in the conversation. */
function mrklStage(conversation: string): Stage {
  if (conversation.includes(MRKL_RESULT)) return 'answer';
  if (/\b47 years\b/.test(conversation)) return 'calculate';
  if (conversation.includes('Sudeikis')) return 'search_age';
  return 'search_boyfriend';
}

/** The tool names the react prompt offers ("should be one of [search, calc]"), best guess otherwise. */
function reactToolNames(text: string): { search: string; calc: string } {
  const m = /one of \[([^\]]*)\]/i.exec(text);
  const names = m ? m[1].split(',').map((s) => s.trim()).filter(Boolean) : [];
  return {
    search: names.find((n) => /search|serp|web/i.test(n)) ?? 'Search',
    calc: names.find((n) => /calc|math/i.test(n)) ?? 'Calculator',
  };
}

function isReactPrompt(req: MockChatRequest): boolean {
  const text = allText(req);
  return text.includes('Action Input') && /Final Answer/i.test(text);
}

function reactReply(req: MockChatRequest): MockReply {
  const text = allText(req);
  const tools = reactToolNames(text);
  const content = {
    search_boyfriend: `I need to do some research to answer this question.\nAction: ${tools.search}\nAction Input: Olivia Wilde's boyfriend`,
    search_age: `I need to find out his age\nAction: ${tools.search}\nAction Input: Jason Sudeikis age`,
    calculate: `I need to raise it to the 0.23 power\nAction: ${tools.calc}\nAction Input: 47^0.23`,
    answer: `I now know the final answer\nFinal Answer: ${MRKL_FINAL_ANSWER}`,
  }[mrklStage(text)];
  return { content, chunkSize: 7 };
}

function toolCallingReply(req: MockChatRequest): MockReply {
  const search = offeredToolWith(req, 'query');
  const calc = offeredToolWith(req, 'expression');
  const stage = mrklStage(allText(req));
  if (stage === 'answer') return { content: MRKL_FINAL_ANSWER, chunkSize: 9 };
  if (stage === 'calculate' && calc) return { tool_calls: [{ name: calc, arguments: { expression: '47^0.23' } }], chunkSize: 5 };
  if (stage === 'search_age' && search) return { tool_calls: [{ name: search, arguments: { query: 'Jason Sudeikis age' } }], chunkSize: 5 };
  if (stage === 'search_boyfriend' && search) return { tool_calls: [{ name: search, arguments: { query: "Olivia Wilde's boyfriend" } }], chunkSize: 5 };
  return { content: `I cannot answer "${lastUserText(req)}" without a search tool and a calculator.` };
}

export const mrklRules: MockRule[] = [
  {
    name: 'mrkl-react',
    match: (req) => allText(req).includes('Olivia Wilde') && isReactPrompt(req),
    reply: reactReply,
  },
  {
    name: 'mrkl-tools',
    match: (req) => allText(req).includes('Olivia Wilde') && (req.tools?.length ?? 0) > 0,
    reply: toolCallingReply,
  },
];
