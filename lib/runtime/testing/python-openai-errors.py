"""Switchyard's /api/v1 errors as the official Python `openai` client raises them.

Usage: python python-openai-errors.py BASE_URL
Prints one JSON object: per case, the exception class, its status, code and param.
"""
import json
import sys

import openai
from openai import OpenAI

client = OpenAI(base_url=sys.argv[1], api_key="unused", max_retries=2)
out = {}


def record(name, fn):
    try:
        fn()
        out[name] = {"raised": None}
    except openai.APIStatusError as e:
        body = e.body if isinstance(e.body, dict) else {}
        out[name] = {"raised": type(e).__name__, "status": e.status_code, "code": body.get("code"), "param": body.get("param"), "type": body.get("type")}


def chat(content, model="open-sampling", **extra):
    return client.chat.completions.create(model=model, messages=[{"role": "user", "content": content}], **extra)


record("truncated", lambda: chat("[[truncate]] go"))
record("rate_limited", lambda: chat("[[429]] go"))
record("unknown_model", lambda: chat("hi", model="no-such-graph"))
record("unknown_route", lambda: client.get("/no-such-thing", cast_to=object))
record("fixed_temperature", lambda: chat("hi", model="fixed-sampling", temperature=0.9))
record("response_format", lambda: chat("hi", response_format={"type": "json_object"}))
record("max_completion_tokens", lambda: chat("hi", max_completion_tokens=0))
ok = chat("hi", temperature=0.4, max_tokens=30)
out["ok"] = {"id": ok.id, "content": ok.choices[0].message.content}
print(json.dumps(out))
