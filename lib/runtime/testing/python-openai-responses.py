"""Drives Switchyard's Responses and Conversations APIs with the official Python `openai` client.

Usage: python python-openai-responses.py BASE_URL
Prints one JSON object: what each step saw, for the vitest test to check.
"""
import json
import sys

import openai
from openai import OpenAI

client = OpenAI(base_url=sys.argv[1], api_key="unused", max_retries=0)
out = {}

WEATHER = {
    "type": "function",
    "name": "get_weather",
    "description": "The weather in a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": False},
    "strict": True,
}

# Plain.
r = client.responses.create(model="plain-agent", input="What is the answer?")
out["plain"] = {"status": r.status, "text": r.output_text, "total_tokens": r.usage.total_tokens, "id": r.id}

# Streamed with the client's stream helper.
events, seqs, deltas = [], [], ""
with client.responses.stream(model="plain-agent", input="What is the answer?") as stream:
    for event in stream:
        events.append(event.type)
        seqs.append(event.sequence_number)
        if event.type == "response.output_text.delta":
            deltas += event.delta
    final = stream.get_final_response()
out["stream"] = {"events": events, "seqs_in_order": seqs == list(range(len(seqs))), "deltas": deltas, "final": final.output_text}

# A function tool round trip through previous_response_id.
first = client.responses.create(model="weather-agent", input="Weather in Paris?", tools=[WEATHER])
call = first.output[0]
second = client.responses.create(
    model="weather-agent",
    previous_response_id=first.id,
    input=[{"type": "function_call_output", "call_id": call.call_id, "output": "sunny"}],
    tools=[WEATHER],
)
out["roundtrip"] = {"call": {"type": call.type, "name": call.name, "arguments": json.loads(call.arguments)}, "answer": second.output_text}
got = client.responses.retrieve(second.id)
out["retrieve"] = {"status": got.status, "text": got.output_text, "previous": got.previous_response_id == first.id}

# Conversations.
conv = client.conversations.create(items=[{"type": "message", "role": "user", "content": "My name is Ada."}], metadata={"k": "v"})
client.responses.create(model="plain-agent", conversation=conv.id, input="What is the answer?")
items = client.conversations.items.list(conv.id, order="asc")
out["conversation"] = {
    "metadata": conv.metadata,
    "items": [f"{i.role}: {''.join(p.text for p in i.content)}" for i in items.data if i.type == "message"],
}

# Failures.
try:
    client.responses.create(model="no-such-graph", input="hi")
except openai.NotFoundError as e:
    out["unknown"] = {"status": e.status_code, "code": e.code, "param": e.param}
try:
    client.responses.create(model="plain-agent", input=[{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "", "format": "wav"}}]}])
except openai.BadRequestError as e:
    out["bad_input"] = {"status": e.status_code, "param": e.param}
print(json.dumps(out))
