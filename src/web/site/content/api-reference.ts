// spec 3 and 7: the public API, documented only; the app does not call it.
export const API_BASE_URL = 'https://api.tessera.app/v1';

export interface ApiEndpointDoc {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  endpoint: string;
  description: string;
}

export const taskEndpoints: ApiEndpointDoc[] = [
  { method: 'GET', endpoint: '/api/v1/tasks', description: 'List the tasks of your workspace, newest first.' },
  { method: 'POST', endpoint: '/api/v1/tasks', description: 'Create a task.' },
  { method: 'PUT', endpoint: '/api/v1/tasks/{id}', description: 'Update a task.' },
  { method: 'DELETE', endpoint: '/api/v1/tasks/{id}', description: 'Delete a task.' },
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

export const exampleRequest = `curl -X POST ${API_BASE_URL}/tasks \\
  -H "Authorization: Bearer $TESSERA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "title": "Send the Q4 report to Northpeak",
    "assignee": "maya@example.com",
    "priority": "high",
    "due_date": "2025-11-30",
    "labels": ["client", "reporting"]
  }'`;
