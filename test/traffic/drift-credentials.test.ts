/**
 * Outside attacker, finding 14: a browser's "Save all as HAR" holds session cookies and other
 * credential headers. `conformance --from-har --drift` must name such a header as drift, never
 * copy its value into the overlay (shared, 0644), the console or the reports. The one redactor
 * (conformance/redact.ts, `CREDENTIAL_HEADERS`) decides which headers are credentials.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_HEADERS, credentialSecrets } from '../../conformance/index.js';
import { DriftCollector } from '../../traffic/drift/drift.js';
import { recordedExchanges } from '../../traffic/offline/recorded.js';
import { ContractValidator } from '../../contract/index.js';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'drift-cred-'));

const SECRETS = {
  authorization: 'CHROMEKEY_abcdefghijklmnopqrstuvwxyz0123',
  cookie: 'REQCOOKIESECRET_0123456789',
  setCookie: 'SETCOOKIESECRET_0123456789',
  proxyAuth: 'PROXYAUTHSECRET_0123456789',
  echoedAuth: 'ECHOEDAUTHSECRET_0123456789',
};

/** A browser-like HAR (no kit tags): one A1 answer with credential headers on both sides. */
function browserHar(): string {
  const body = JSON.stringify({ $schema: 'http://x/schemas/MarketAProductSearchResponse.json', data: [{ id: 'x', rank: '1' }], meta: { current_page: 1, per_page: 1, total: 1 } });
  const entry = {
    startedDateTime: '2026-01-01T00:00:00Z',
    time: 1,
    request: {
      method: 'GET',
      url: 'https://api.example/v3/market_a/products?query=x&limit=1',
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'Authorization', value: `Bearer ${SECRETS.authorization}` },
        { name: 'Cookie', value: `sid=${SECRETS.cookie}; theme=dark` },
        { name: 'Proxy-Authorization', value: `Basic ${SECRETS.proxyAuth}` },
      ],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Set-Cookie', value: `sid=${SECRETS.setCookie}; Path=/; HttpOnly` },
        { name: 'Proxy-Authorization', value: `Basic ${SECRETS.echoedAuth}` },
      ],
      cookies: [],
      content: { size: body.length, mimeType: 'application/json', text: body },
      redirectURL: '',
      headersSize: -1,
      bodySize: body.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
  const path = join(dir, 'chrome.har');
  writeFileSync(path, JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '1' }, entries: [entry] } }));
  return path;
}

describe('credential headers in a recording (outside attacker, finding 14)', () => {
  it('conformance --from-har --drift names Set-Cookie as drift and prints no credential value in the overlay, the console or the report', async () => {
    const har = browserHar();
    const overlay = join(dir, 'overlay.yaml');
    const report = join(dir, 'report.json');
    const res = await runCli(['conformance', '--from-har', har, '--drift', overlay, '--report', `json=${report}`]);
    expect(res.stderr).not.toMatch(/^\s+at /m);
    const text = readFileSync(overlay, 'utf8');
    // The drift is still shown: the header is named, its value is not.
    expect(res.stderr).toMatch(/undeclared-header set-cookie/);
    expect(text).toMatch(/set-cookie/i);
    const outputs = { console: res.stdout + res.stderr, overlay: text, report: readFileSync(report, 'utf8') };
    for (const [where, out] of Object.entries(outputs)) for (const secret of Object.values(SECRETS)) expect(out, `${where} holds ${secret}`).not.toContain(secret);
  });

  it('the collector never keeps a credential header value as an example, whatever the clean function given', () => {
    const validator = new ContractValidator();
    const { recorded } = recordedExchanges(JSON.parse(readFileSync(browserHar(), 'utf8')).log.entries, validator, { tiers: {} });
    expect(recorded).toHaveLength(1);
    const c = new DriftCollector(validator);
    for (const r of recorded) c.add(r.ex);
    const headers = c.findings().filter((f) => f.kind === 'undeclared-header');
    expect(headers.map((f) => f.name).sort()).toEqual(['proxy-authorization', 'set-cookie']);
    for (const f of headers) {
      expect(CREDENTIAL_HEADERS.has(f.name)).toBe(true);
      expect(f.example).toBe('"[redacted]"');
    }
  });

  it('recordedExchanges learns every credential header value of the recording as a secret of the run', () => {
    const { secrets } = recordedExchanges(JSON.parse(readFileSync(browserHar(), 'utf8')).log.entries, new ContractValidator(), { tiers: {} });
    for (const s of [SECRETS.authorization, SECRETS.cookie, SECRETS.setCookie, SECRETS.proxyAuth, SECRETS.echoedAuth])
      expect(
        secrets.some((x) => x.includes(s)),
        s,
      ).toBe(true);
  });

  it('credentialSecrets: whole values, scheme credentials and cookie values of credential headers only, none shorter than MIN_SEARCHED', () => {
    expect(credentialSecrets('Set-Cookie', `sid=${SECRETS.setCookie}; Path=/; HttpOnly`)).toEqual([`sid=${SECRETS.setCookie}; Path=/; HttpOnly`, SECRETS.setCookie]);
    expect(credentialSecrets('cookie', `a=1; sid="${SECRETS.cookie}"`)).toEqual([`a=1; sid="${SECRETS.cookie}"`, SECRETS.cookie]);
    expect(credentialSecrets('Proxy-Authorization', `Basic ${SECRETS.proxyAuth}`)).toEqual([`Basic ${SECRETS.proxyAuth}`, SECRETS.proxyAuth]);
    expect(credentialSecrets('Set-Cookie', 'lang=en')).toEqual([]);
    expect(credentialSecrets('Set-Cookie', 'lang=en; Path=/; HttpOnly')).toEqual(['lang=en; Path=/; HttpOnly']);
    expect(credentialSecrets('Authorization', '[redacted]')).toEqual([]);
    expect(credentialSecrets('X-Request-Id', 'req-0001-0002-0003-0004')).toEqual([]);
  });
});
