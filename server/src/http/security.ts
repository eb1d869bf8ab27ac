import helmet from 'helmet';

/**
 * Security headers with a strict CSP: scripts only from our origin (wasm
 * allowed for camera effects). HSTS and upgrade-insecure-requests only when
 * the public URL is https: a plain-http LAN install must keep working.
 */
export const securityHeaders = (https: boolean) =>
  helmet({
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        fontSrc: ["'self'", 'data:'],
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
