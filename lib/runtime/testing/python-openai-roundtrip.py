"""Drives Switchyard's OpenAI-compatible API with the official Python `openai` client.

Usage: python python-openai-roundtrip.py BASE_URL ASSISTANT_ID
Prints one JSON object: what each step saw, for the vitest test to check.
"""
import json
import sys

from openai import OpenAI

base_url, assistant_id = sys.argv[1], sys.argv[2]
client = OpenAI(base_url=base_url, api_key="unused", max_retries=0)
out = {}

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "The weather in a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
question = [{"role": "user", "content": "Weather in Paris?"}]

# Chat completions, non-stream: the model calls the caller's tool; the tool result continues the run.
first = client.chat.completions.create(model="weather-agent", messages=question, tools=[WEATHER])
call = first.choices[0].message.tool_calls[0]
out["first"] = {"finish_reason": first.choices[0].finish_reason, "tool": call.function.name, "arguments": json.loads(call.function.arguments), "id": call.id}
second = client.chat.completions.create(
    model="weather-agent",
    messages=question + [first.choices[0].message.model_dump(exclude_none=True), {"role": "tool", "tool_call_id": call.id, "content": "sunny, 21 C"}],
    tools=[WEATHER],
)
out["second"] = {"finish_reason": second.choices[0].finish_reason, "content": second.choices[0].message.content}

# Chat completions, stream: tool_calls deltas, then the streamed answer after the tool result.
deltas, finish = [], None
for chunk in client.chat.completions.create(model="weather-agent", messages=question, tools=[WEATHER], stream=True):
    if chunk.choices and chunk.choices[0].delta.tool_calls:
        deltas += [{"id": d.id, "name": d.function.name, "arguments": d.function.arguments} for d in chunk.choices[0].delta.tool_calls]
    if chunk.choices and chunk.choices[0].finish_reason:
        finish = chunk.choices[0].finish_reason
text = ""
for chunk in client.chat.completions.create(
    model="weather-agent",
    messages=question
    + [
        {"role": "assistant", "content": None, "tool_calls": [{"id": deltas[0]["id"], "type": "function", "function": {"name": "get_weather", "arguments": deltas[0]["arguments"]}}]},
        {"role": "tool", "tool_call_id": deltas[0]["id"], "content": "rainy"},
    ],
    tools=[WEATHER],
    stream=True,
):
    if chunk.choices and chunk.choices[0].delta.content:
        text += chunk.choices[0].delta.content
out["stream"] = {"finish_reason": finish, "deltas": deltas, "answer": text}

# Assistants: runs.stream with the client's event handler.
thread = client.beta.threads.create(messages=[{"role": "user", "content": "What is the answer?"}])
events, pieces = [], []
with client.beta.threads.runs.stream(thread_id=thread.id, assistant_id=assistant_id) as stream:
    for event in stream:
        events.append(event.event)
        if event.event == "thread.message.delta":
            for part in event.data.delta.content or []:
                if part.type == "text" and part.text and part.text.value:
                    pieces.append(part.text.value)
    final = stream.get_final_messages()
    run = stream.get_final_run()
out["assistants"] = {
    "events": events,
    "deltas": "".join(pieces),
    "final": final[0].content[0].text.value,
    "status": run.status,
}
print(json.dumps(out))
