// The public API (spec 3, 7 and 9; product rules K) described once, without zod: the /docs/api
// page renders this module, and the zod schemas of public-api.ts take their descriptions from it, so the
// OpenAPI document and the page say the same. public-api-reference.test.ts fails when they disagree.
// It imports nothing: the page must not carry zod.

export const PUBLIC_API_BASE = '/api/v1';
export const OPENAPI_PATH = '/openapi.json';

// spec 9: 1000 requests per hour per API key.
export const PUBLIC_API_HOURLY_LIMIT = 1000;
// The most tasks one page holds (the task service's own page size, TASK_PAGE_SIZE; a test holds them equal).
export const PUBLIC_PAGE_MAX = 50;

export type PublicMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface PublicEndpoint {
  method: PublicMethod;
  // Relative to PUBLIC_API_BASE, in OpenAPI's `{name}` form.
  path: string;
  summary: string;
  // The answers it can give besides the rate limit's 429 and the key's 401, which every endpoint has.
  success: number;
  errors: number[];
}

// spec 7: GET/POST /api/v1/tasks, PUT/DELETE /api/v1/tasks/{id}; ours: GET of one task.
export const publicEndpoints: PublicEndpoint[] = [
  {
    method: 'GET',
    path: '/tasks',
    summary: 'List the tasks of your workspace in board order (column by column, top to bottom).',
    success: 200,
    errors: [400],
  },
  { method: 'POST', path: '/tasks', summary: 'Create a task.', success: 201, errors: [400, 413, 415] },
  { method: 'GET', path: '/tasks/{id}', summary: 'Get one task.', success: 200, errors: [400, 404] },
  { method: 'PUT', path: '/tasks/{id}', summary: 'Update a task.', success: 200, errors: [400, 404, 409, 413, 415] },
  { method: 'DELETE', path: '/tasks/{id}', summary: 'Delete a task.', success: 204, errors: [400, 404] },
];

export interface FieldDoc {
  // The JSON type as the page shows it.
  type: 'string' | 'string[]' | 'integer' | 'string | null';
  meaning: string;
  // Only in answers: the server sets it.
  readOnly?: true;
}

// spec 3: the public task fields title, description, assignee, priority, due_date, labels; the rest is ours.
export const taskFieldDocs = {
  id: { type: 'string', meaning: 'The task’s id (a UUID).', readOnly: true },
  key: {
    type: 'string',
    meaning: 'The task’s key, e.g. TSR-42: the workspace’s prefix and a number never given to another task.',
    readOnly: true,
  },
  title: { type: 'string', meaning: 'What needs doing. Required when creating.' },
  description: { type: 'string', meaning: 'Details, in Markdown.' },
  assignee: { type: 'string | null', meaning: 'Email of the teammate who owns the task; a member of the workspace, or null.' },
  priority: { type: 'string', meaning: 'low, medium or high. medium when not given.' },
  due_date: { type: 'string | null', meaning: 'ISO 8601 date, e.g. 2025-11-30, or null.' },
  labels: { type: 'string[]', meaning: 'A list of labels.' },
  status: { type: 'string', meaning: 'The board column the task is in, by name. New tasks go to the first column when not given.' },
  version: {
    type: 'integer',
    meaning: 'Rises with every edit. Send it back with PUT to refuse the update (409) if someone changed the task since.',
  },
  created_at: { type: 'string', meaning: 'When it was created (ISO 8601).', readOnly: true },
  updated_at: { type: 'string', meaning: 'When it last changed (ISO 8601).', readOnly: true },
} as const satisfies Record<string, FieldDoc>;

// The {id} of a path: either way of naming a task.
export const taskRefDoc = 'The task’s id (a UUID) or its key (e.g. TSR-42).';

export const listQueryDocs = {
  status: 'Only tasks in the column of this name.',
  assignee: 'Only tasks assigned to this email.',
  label: 'Only tasks that carry this label.',
  due_before: 'Only tasks due on or before this date (YYYY-MM-DD).',
  due_after: 'Only tasks due on or after this date (YYYY-MM-DD).',
  limit: `How many tasks per page, 1 to ${PUBLIC_PAGE_MAX}; ${PUBLIC_PAGE_MAX} when not given.`,
  cursor: 'The next_cursor of the previous page, to get the page after it.',
} as const;

export const listAnswerDocs = {
  tasks: 'One page of tasks, in board order.',
  next_cursor: 'Pass it as cursor to get the next page; null on the last page.',
} as const;

// product rules K4: on every answer of an endpoint above (429 included).
export const rateLimitHeaderDocs = {
  'X-RateLimit-Limit':
    'Requests allowed per hour: this key’s allowance, or its workspace’s across all its keys (5000 an hour) when that has less left.',
  'X-RateLimit-Remaining': 'Requests left in the current hour.',
  'X-RateLimit-Reset': 'When the current hour ends, in seconds since the Unix epoch (UTC).',
} as const;
export const retryAfterDoc = 'Seconds to wait before the next request (on 429 only).';

export const errorDocs: Record<number, string> = {
  400: 'The request is not valid; error says why.',
  401: 'The API key is missing, not valid, revoked or expired.',
  404: 'No such task in the key’s workspace.',
  409: 'The task changed since the version you sent.',
  413: 'The request body is too large.',
  415: 'The body is not JSON.',
  429: 'The rate limit is reached; see Retry-After.',
};

// spec 7: the webhook events the page names, and what each one means. The OpenAPI document's `webhooks`
// section describes the body of each, with the same words.
export const webhookEventDocs = {
  'task.created': 'A task was created, or restored after a delete.',
  'task.updated': 'A task changed, or moved to another column or place.',
  'task.deleted': 'A task was deleted.',
  'comment.added': 'Someone commented on a task.',
} as const;
export const webhookTestEventDoc = 'Sent only by “Send test event” in the settings, to that one endpoint.';

// The body of every webhook request. `data.task` is the task exactly as GET /tasks/{id} answers it.
export const webhookBodyDocs = {
  type: 'The event, such as task.created.',
  timestamp: 'When it happened (ISO 8601).',
  workspace_id: 'The workspace it happened in.',
  data: 'task.*: { task, actor }. comment.added: { comment, actor }. webhook.test: { endpoint_id }.',
} as const;
// product rules H2: the Standard Webhooks headers of every webhook request.
export const webhookHeaderDocs = {
  'webhook-id': 'The event’s id: the same on every attempt, so you can skip one you have handled.',
  'webhook-timestamp': 'When this attempt was sent, in seconds since the Unix epoch.',
  'webhook-signature': 'v1, then the HMAC-SHA256 of id.timestamp.body under your endpoint’s secret, in base64.',
} as const;
export const webhookDataDocs = {
  actor: 'Email of the member who made the change; null when they are no longer a member.',
  endpoint_id: 'The endpoint the test was sent to.',
} as const;

export const commentFieldDocs = {
  id: { type: 'string', meaning: 'The comment’s id (a UUID).', readOnly: true },
  task_id: { type: 'string', meaning: 'The id of the task it is on.', readOnly: true },
  body: { type: 'string', meaning: 'What was written, in Markdown.', readOnly: true },
  author: { type: 'string | null', meaning: 'Email of its author; null when they are no longer a member.', readOnly: true },
  created_at: { type: 'string', meaning: 'When it was written (ISO 8601).', readOnly: true },
} as const satisfies Record<string, FieldDoc>;
