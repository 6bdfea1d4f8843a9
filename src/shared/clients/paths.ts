// Clients, their contacts and projects, the dashboard built on them, and the client portal (spec 5,
// "Client dashboard"; spec 1, the client portal): the API both sides share. Paths are relative to
// API_BASE; `:id` segments are filled with workspacePath() from workspaces/paths.ts.
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
  // GET: every project of the workspace with its client's name, for the board's filter.
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

export interface ClientContact {
  id: string;
  name: string;
  email: string;
  // Set when the contact is a portal guest (has accepted an invitation).
  portalSince: string | null;
  // Set once the contact unsubscribed from email campaigns: updates skip them.
  unsubscribedAt: string | null;
}

export interface ClientSummary {
  id: string;
  workspaceId: string;
  name: string;
  company: string;
  status: ClientStatus;
  // The latest activity with the client: an email sent, a comment shared, a task of theirs changed.
  lastContactAt: string | null;
  createdAt: string;
}

export interface ClientDetail extends ClientSummary {
  notes: string;
  contacts: ClientContact[];
}

export interface Project {
  id: string;
  workspaceId: string;
  clientId: string;
  clientName: string;
  name: string;
  status: ProjectStatus;
  // Minor units (cents) of the workspace currency; null when not set.
  value: number | null;
  // 'YYYY-MM-DD'.
  startDate: string | null;
  endDate: string | null;
}

// One line of Recent Activity: who did what, when.
export interface ActivityItem {
  id: string;
  text: string;
  at: string;
}

export interface ClientOpenTask {
  id: string;
  title: string;
  projectName: string;
  dueDate: string | null;
  sharedWithClient: boolean;
}

export interface ClientListResponse {
  clients: ClientSummary[];
  total: number;
  page: number;
  pageSize: number;
}
export interface ClientResponse {
  client: ClientDetail;
}
export interface ClientPageResponse {
  client: ClientDetail;
  projects: Project[];
  openTasks: ClientOpenTask[];
  activity: ActivityItem[];
  currency: Currency;
}
export interface ContactResponse {
  contact: ClientContact;
}
export interface ProjectResponse {
  project: Project;
}
export interface ProjectsResponse {
  projects: Project[];
}
export interface ClientSettingsResponse {
  currency: Currency;
}

export interface DashboardResponse {
  totalClients: number;
  // Clients added since the first of this month (UTC).
  clientsThisMonth: number;
  // Emails this workspace sent in the last 30 days.
  emailsSent: number;
  activeProjects: number;
  // Active projects whose end date falls in this week (Monday to Sunday, UTC).
  dueThisWeek: number;
  // The sum of the values of active projects, minor units.
  revenue: number;
  currency: Currency;
  recentClients: ClientSummary[];
  recentActivity: ActivityItem[];
}

// The portal, as a guest sees it: no member emails, no internal comments, nothing of other clients.
export interface PortalEntry {
  workspaceId: string;
  workspaceName: string;
  clientName: string;
}
export interface MyPortalsResponse {
  portals: PortalEntry[];
  // The person opened a portal more recently than any workspace they belong to: the app opens /portal.
  preferPortal: boolean;
}

export interface PortalTask {
  id: string;
  title: string;
  status: string;
  projectName: string;
  dueDate: string | null;
  approval: { by: string; at: string } | null;
}
export interface PortalComment {
  id: string;
  taskId: string;
  body: string;
  author: string;
  createdAt: string;
}
export interface PortalHomeResponse {
  workspaceName: string;
  client: { id: string; name: string; company: string };
  projects: Array<Pick<Project, 'id' | 'name' | 'status' | 'startDate' | 'endDate'>>;
  tasks: PortalTask[];
}
export interface PortalCommentsResponse {
  comments: PortalComment[];
}
export interface PortalCommentResponse {
  comment: PortalComment;
}
export interface PortalTaskResponse {
  task: PortalTask;
}
