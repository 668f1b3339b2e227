/**
 * The fixed text of the MRKL / ReAct strategy (seeds 000, 004): the zero-shot-react prompt
 * template and the stop word. Pure facts, shared by the engine (which sends and parses them),
 * the docs and the tests.
 */
/**
 * seed 004's zero-shot-react template; {transcript} grows by one Thought/Action/Observation per step.
 * {history} is the conversation before the question (after the node's `history` and memory), as a
 * "Previous conversation:" block ending in a blank line; it is empty in a one-turn run, so the
 * prompt is then exactly seed 004's.
 */
export const ZERO_SHOT_REACT = `Answer the following questions as best as you can. You have access to the following tools:

{tool_names_with_descriptions}

Use the following format:

Question: the input question you must answer
Thought: you should always think about what to do
Action: the action to take, should be one of [{tool_names}]
Action Input: the input to the action
Observation: the result of the action
... (this Thought/Action/Action Input/Observation can repeat N times)
Thought: I now know the final answer
Final Answer: the final answer to the original input question

Begin!
{history}Question: {query}
Thought: {transcript}`;

/** The heading of the {history} block. */
export const HISTORY_HEADING = 'Previous conversation:';

/** Where the model must stop: the line the engine writes itself (the tool's result). Written only here. */
export const REACT_STOP_WORD = 'Observation:';
/** The stop sequences of every react model call. */
export const REACT_STOP = [REACT_STOP_WORD];
