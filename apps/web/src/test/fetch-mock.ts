import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/** JSON bodies parsed; anything else (a multipart upload) kept as text. */
function parseBody(text: string, contentType: string | null): unknown {
  return contentType?.includes('application/json') ? (JSON.parse(text) as unknown) : text;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Replaces global fetch; every request is recorded (path only, body parsed) and answered. */
export function mockFetch(respond: Responder) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.clone().text();
    const recorded: RecordedRequest = {
      url: new URL(request.url).pathname + new URL(request.url).search,
      method: request.method,
      authorization: request.headers.get('Authorization'),
      body: text ? parseBody(text, request.headers.get('Content-Type')) : undefined,
    };
    requests.push(recorded);
    return respond(recorded);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** Answers requests in order, one response per call. */
export function mockFetchSequence(responses: (() => Response)[]) {
  let index = 0;
  return mockFetch(() => {
    const next = responses[index];
    index += 1;
    if (!next) throw new Error(`Unexpected request number ${index}`);
    return next();
  });
}
