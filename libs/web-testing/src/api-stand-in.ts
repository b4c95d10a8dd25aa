// The API a remote's page talks to in a component test: each route answered as the test says, every
// request kept in order. Given to ky as its `fetch`, so the page's own client runs as in the browser.

type Answer = { status?: number; body?: unknown };
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
    const text = request.method === 'GET' ? '' : await request.clone().text();
    this.requests.push({
      method: request.method,
      path,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    const handler = this.routes.get(`${request.method} ${path}`);
    const answer = handler
      ? await handler(request)
      : { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'There is nothing at this address.' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
