/** Outgoing HTTP with a hard time bound; every call to the API and the gateways goes through here. */
export interface HttpResponse {
  status: number;
  /** Parsed JSON body, or undefined when the body is empty or not JSON: outside data, checked before use. */
  json: unknown;
  text: string;
}

export class HttpUnavailable extends Error {
  readonly target: string;
  constructor(target: string, cause: unknown) {
    super(`${target} unreachable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.target = target;
  }
}

export async function httpRequest(
  target: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpResponse> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    throw new HttpUnavailable(target, err);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
