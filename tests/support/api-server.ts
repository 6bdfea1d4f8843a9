import { setupServer } from 'msw/node';

// The server the web component tests talk to (MSW): each test declares the API answers it needs with
// server.use(http.get('/api/…', …)); a request nobody answers fails the test (see web-setup.ts).
export const apiServer = setupServer();
