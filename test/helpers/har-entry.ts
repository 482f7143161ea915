/** HAR 1.2 entries for tests that build recordings by hand. */

/**
 * A well-formed HAR 1.2 entry: a GET of `path` on `http://127.0.0.1:4010` answered 200 with
 * `{"data":[]}`, started 2026-01-15T00:00:00Z, changed by `patch`.
 */
export function harEntry(path: string, patch: (e: Record<string, any>) => void = () => undefined): Record<string, unknown> {
  const e: Record<string, any> = {
    startedDateTime: '2026-01-15T00:00:00.000Z',
    time: 1,
    request: { method: 'GET', url: `http://127.0.0.1:4010${path}`, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      cookies: [],
      content: { size: 11, mimeType: 'application/json', text: '{"data":[]}' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 11,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
  patch(e);
  return e;
}
