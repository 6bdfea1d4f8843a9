// Clients, their contacts and projects, the dashboard built on them, and the client portal (spec 5,
// "Client dashboard"; spec 1, the client portal): the API both sides share. Paths are relative to
// API_BASE; `:id` segments are filled with workspacePath() from workspaces/paths.ts.
import type { z } from 'zod';
import type {
  ActivityItemSchema,
  ClientContactSchema,
  ClientDetailSchema,
  ClientListResponseSchema,
  ClientOpenTaskSchema,
  ClientPageResponseSchema,
  ClientResponseSchema,
  ClientSettingsResponseSchema,
  ClientSummarySchema,
  ContactResponseSchema,
  DashboardResponseSchema,
  MyPortalsResponseSchema,
  PortalCommentSchema,
  PortalCommentResponseSchema,
  PortalCommentsResponseSchema,
  PortalEntrySchema,
  PortalHomeResponseSchema,
  PortalTaskSchema,
  PortalTaskResponseSchema,
  ProjectChoiceSchema,
  ProjectSchema,
  ProjectResponseSchema,
  ProjectsResponseSchema,
} from './responses.ts';

export const CLIENT_NAME_MAX = 100;
export const COMPANY_MAX = 120;
export const NOTES_MAX = 5_000;
export const PROJECT_NAME_MAX = 120;
export const CONTACTS_MAX = 50;
export const CLIENT_PAGE_SIZE = 20;
export const CLIENT_SEARCH_MAX = 100;
// A project's value, in minor units (cents) of the workspace currency: up to a billion in major units.
export const PROJECT_VALUE_MAX = 100_000_000_000;
// The dashboard's lists.
export const RECENT_CLIENTS = 5;
export const RECENT_ACTIVITY = 8;
// spec 5 counts Emails Sent over this window.
export const EMAILS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

// spec 3: the client statuses, as the spec spells them.
export const CLIENT_STATUSES = ['Active', 'Pending', 'Inactive'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const PROJECT_STATUSES = ['Active', 'On hold', 'Completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
// ISO 4217 codes a workspace may set; the browser formats amounts with Intl.NumberFormat.
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'SEK', 'NOK', 'DKK', 'INR', 'BRL'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const clientPaths = {
  // GET: a page of clients (ClientListQuery); POST: add one (CreateClientSchema).
  clients: '/workspaces/:id/clients',
  // GET: the client with contacts, projects, open tasks and activity; PUT: edit (UpdateClientSchema).
  client: '/workspaces/:id/clients/:clientId',
  // POST: add a contact (ContactSchema).
  contacts: '/workspaces/:id/clients/:clientId/contacts',
  // DELETE: remove a contact, body {}.
  contact: '/workspaces/:id/clients/:clientId/contacts/:contactId',
  // POST {}: invite the contact to the client portal by email (owner).
  inviteContact: '/workspaces/:id/clients/:clientId/contacts/:contactId/invite',
  // POST: add a project to the client (CreateProjectSchema).
  clientProjects: '/workspaces/:id/clients/:clientId/projects',
  // GET: every project of the workspace with its client's name (ProjectChoice: names and status), for pickers and filters.
  projects: '/workspaces/:id/projects',
  // PUT: edit a project (UpdateProjectSchema).
  project: '/workspaces/:id/projects/:projectId',
  // GET: the currency; PUT: set it (owner).
  settings: '/workspaces/:id/client-settings',
  // GET: every figure and list of the dashboard in one answer.
  dashboard: '/workspaces/:id/dashboard',
} as const;

export const portalPaths = {
  // GET: the portals the signed-in person is a guest of, and whether the app should open one.
  mine: '/portal',
  // GET: the guest's client, its projects and the tasks shared with it.
  home: '/workspaces/:id/portal',
  // GET: the comments marked for the client; POST: add one (AddCommentSchema).
  comments: '/workspaces/:id/portal/tasks/:taskId/comments',
  // POST {}: approve the task.
  approve: '/workspaces/:id/portal/tasks/:taskId/approve',
} as const;

export type ClientContact = z.infer<typeof ClientContactSchema>;
export type ClientSummary = z.infer<typeof ClientSummarySchema>;
export type ClientDetail = z.infer<typeof ClientDetailSchema>;
export type Project = z.infer<typeof ProjectSchema>;
export type ProjectChoice = z.infer<typeof ProjectChoiceSchema>;
export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export type ClientOpenTask = z.infer<typeof ClientOpenTaskSchema>;
export type ClientListResponse = z.infer<typeof ClientListResponseSchema>;
export type ClientResponse = z.infer<typeof ClientResponseSchema>;
export type ClientPageResponse = z.infer<typeof ClientPageResponseSchema>;
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
export type ProjectResponse = z.infer<typeof ProjectResponseSchema>;
export type ProjectsResponse = z.infer<typeof ProjectsResponseSchema>;
export type ClientSettingsResponse = z.infer<typeof ClientSettingsResponseSchema>;
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
export type PortalEntry = z.infer<typeof PortalEntrySchema>;
export type MyPortalsResponse = z.infer<typeof MyPortalsResponseSchema>;
export type PortalTask = z.infer<typeof PortalTaskSchema>;
export type PortalComment = z.infer<typeof PortalCommentSchema>;
export type PortalHomeResponse = z.infer<typeof PortalHomeResponseSchema>;
export type PortalCommentsResponse = z.infer<typeof PortalCommentsResponseSchema>;
export type PortalCommentResponse = z.infer<typeof PortalCommentResponseSchema>;
export type PortalTaskResponse = z.infer<typeof PortalTaskResponseSchema>;
