// spec 3 and 7: the public API, documented only; the app does not call it. It is served by this same
// server, so its base is the page's own origin + API_BASE_PATH (use-api-base-url.ts).
export const API_BASE_PATH = '/api/v1';
// What the prerendered HTML shows until the browser knows the origin.
export const API_BASE_PLACEHOLDER = 'https://your-tessera-server';

export interface ApiEndpointDoc {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  endpoint: string;
  description: string;
}

export const taskEndpoints: ApiEndpointDoc[] = [
  { method: 'GET', endpoint: `${API_BASE_PATH}/tasks`, description: 'List the tasks of your workspace, newest first.' },
  { method: 'POST', endpoint: `${API_BASE_PATH}/tasks`, description: 'Create a task.' },
  { method: 'PUT', endpoint: `${API_BASE_PATH}/tasks/{id}`, description: 'Update a task.' },
  { method: 'DELETE', endpoint: `${API_BASE_PATH}/tasks/{id}`, description: 'Delete a task.' },
];

export const taskFields = [
  ['title', 'string', 'What needs doing. Required when creating.'],
  ['description', 'string', 'Details, in Markdown.'],
  ['assignee', 'string', 'Email of the teammate who owns the task.'],
  ['priority', 'string', 'low, medium or high.'],
  ['due_date', 'string', 'ISO 8601 date, e.g. 2025-11-30.'],
  ['labels', 'string[]', 'A list of labels.'],
] as const;

export const webhookEvents = ['task.created', 'task.updated', 'task.deleted', 'comment.added'];

export const exampleRequest = (baseUrl: string) => `curl -X POST ${baseUrl}/tasks \\
  -H "Authorization: Bearer $TESSERA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "title": "Send the Q4 report to Northpeak",
    "assignee": "maya@example.com",
    "priority": "high",
    "due_date": "2025-11-30",
    "labels": ["client", "reporting"]
  }'`;
