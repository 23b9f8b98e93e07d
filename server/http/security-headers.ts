import type { FastifyInstance } from 'fastify';

// Security headers on every response, computed once: per-request header building cost more
// than the whole signed read action it wrapped (measured with bench/groups/server.ts).
export const securityHeaders = (extraConnectSrc: string[] = []): Record<string, string> => {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'", // map and chart libraries set inline styles
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ['connect-src', "'self'", 'ws:', 'wss:', ...extraConnectSrc].join(' '),
    "worker-src 'self' blob:",
    "media-src 'self' data: blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  };
};

/** API answers are JSON, never rendered: the document policies (CSP and friends) would only add
 *  bytes to every answer, and on loopback the bytes written dominate a cached read. */
export const apiHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cache-control': 'no-store',
};

/** A script, style sheet, picture or font is never a document: the page's policies (CSP, framing,
 *  opener) mean nothing on it, and they were a kilobyte on each of the login route's ~40 files. */
export const assetHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

/** a path naming a file other than a page (`/assets/x-HASH.js`, `/img/logo.svg`) */
const ASSET_PATH = /\.(?!html?$)[a-z0-9]+$/i;
const isAsset = (url: string): boolean => ASSET_PATH.test(url.split('?', 1)[0]!);

export const registerSecurityHeaders = (app: FastifyInstance, extraConnectSrc: string[] = []): void => {
  const headers = securityHeaders(extraConnectSrc);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? apiHeaders : isAsset(req.url) ? assetHeaders : headers);
    done();
  });
};
