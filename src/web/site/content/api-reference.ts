// spec 3 and 7: the public API. What it offers is described once, in src/shared/public-api-reference.ts
// (the OpenAPI document is made from the same words); this module adds what only the pages need. The
// API is served by this same server, so its base is the page's own origin + PUBLIC_API_BASE
// (use-api-base-url.ts).
export { PUBLIC_API_BASE as API_BASE_PATH } from '#src/shared/public-api/reference.ts';
// What the prerendered HTML shows until the browser knows the origin.
export const API_BASE_PLACEHOLDER = 'https://your-tessera-server';

// Runs as written against this server with a key of your workspace (the example must work).
export const exampleRequest = (baseUrl: string) => `curl -X POST ${baseUrl}/tasks \\
  -H "Authorization: Bearer $TESSERA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "title": "Send the Q4 report to Northpeak",
    "priority": "high",
    "due_date": "2025-11-30",
    "labels": ["client", "reporting"]
  }'`;
