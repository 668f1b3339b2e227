/** How the test servers' `call` helpers read an answer. */

/** Status, headers and the body parsed as JSON (the text itself when it is not JSON; undefined when empty). */
export async function readResponse<T = any>(res: Response): Promise<{ status: number; body: T; headers: Headers }> {
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}
