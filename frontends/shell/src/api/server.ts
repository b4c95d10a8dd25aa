/** `fetch` as these helpers use it; the browser's in the app, a fake server in tests. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** A JSON POST outside the API client: no hooks, no renewal, an optional bearer token. */
export function postJson(fetchFn: FetchLike, url: string, body?: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetchFn(url, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
}
