// JSON replies of the fixture endpoint: every error is `{ "error": "human readable message" }`.

/** A JSON response with no-cache headers. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache',
      ...headers,
    },
  });
}

/** An error reply; the client shows it as `HTTP <status>: <message>`. */
export function jsonError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(status, { error: message }, headers);
}
