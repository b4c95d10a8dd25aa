// The API a remote's page talks to in a component test: each route answered as the test says, every
// request kept in order. Given to ky as its `fetch`, so the page's own client runs as in the browser.

/** A request's body as a test reads it: JSON parsed, a form as its fields (files by name), else text. */
async function bodyOf(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const fields: Record<string, string> = {};
    for (const [name, value] of (await request.formData()).entries())
      fields[name] = typeof value === 'string' ? value : `file:${value.name}`;
    return fields;
  }
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/** What a route answers: a status, a JSON body, and headers beside its content type (tus's `location`). */
type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (request: Request) => Answer | Promise<Answer>;

/** `'GET user/me'` → an answer; routes not given answer 404 ROUTE_NOT_FOUND, as the gateway does. */
export class ApiStandIn {
  readonly requests: Array<{ method: string; path: string; body: unknown }> = [];
  private readonly routes = new Map<string, Handler>();

  on(route: string, handler: Handler | Answer): this {
    this.routes.set(route, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  called(route: string): number {
    return this.requests.filter((r) => `${r.method} ${r.path}` === route).length;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    this.requests.push({ method: request.method, path, body: await bodyOf(request.clone()) });
    const handler = this.routes.get(`${request.method} ${path}`);
    const answer = handler
      ? await handler(request)
      : { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'There is nothing at this address.' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
}
