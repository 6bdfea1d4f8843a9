import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Firebase's hosts are admitted only when Google sign-in is configured (DESIGN).
const FIREBASE = {
  script: ['https://apis.google.com', 'https://www.gstatic.com'],
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'],
  frame: ['https://*.firebaseapp.com', 'https://accounts.google.com'],
};

export async function registerSecurityHeaders(app: FastifyInstance, options: { googleAuthDomain: string | null; https: boolean }) {
  const google = options.googleAuthDomain !== null;
  const frameHosts = google ? [...FIREBASE.frame, `https://${options.googleAuthDomain}`] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(google ? FIREBASE.script : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars are loaded from the user's picture URL (DESIGN decision 6).
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(google ? FIREBASE.connect : [])],
        frameSrc: frameHosts.length ? frameHosts : ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The Firebase popup talks to its opener window.
    crossOriginOpenerPolicy: { policy: google ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  });
}
