// The zod schemas of the clients, projects and portal routes' answers (checked by the server outside
// production; the browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the
// forms load.
import { z } from 'zod';
import { CLIENT_STATUSES, CURRENCIES, PROJECT_STATUSES } from './paths.ts';

const currency = z.enum(CURRENCIES);

export const ClientContactSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  // Set when the contact is a portal guest (has accepted an invitation).
  portalSince: z.iso.datetime().nullable(),
  // Set once the contact unsubscribed from email campaigns: updates skip them.
  unsubscribedAt: z.iso.datetime().nullable(),
});

export const ClientSummarySchema = z.strictObject({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  company: z.string(),
  status: z.enum(CLIENT_STATUSES),
  // The latest activity with the client: an email sent, a comment shared, a task of theirs changed.
  lastContactAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

export const ClientDetailSchema = ClientSummarySchema.extend({ notes: z.string(), contacts: z.array(ClientContactSchema) });

export const ProjectSchema = z.strictObject({
  id: z.string(),
  workspaceId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  // Minor units (cents) of the workspace currency; null when not set.
  value: z.number().int().nullable(),
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
});

// One line of Recent Activity: who did what, when.
export const ActivityItemSchema = z.strictObject({ id: z.string(), text: z.string(), at: z.iso.datetime() });

export const ClientOpenTaskSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  projectName: z.string(),
  dueDate: z.iso.date().nullable(),
  sharedWithClient: z.boolean(),
});

export const ClientListResponseSchema = z.strictObject({
  clients: z.array(ClientSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const ClientResponseSchema = z.strictObject({ client: ClientDetailSchema });
export const ClientPageResponseSchema = z.strictObject({
  client: ClientDetailSchema,
  projects: z.array(ProjectSchema),
  openTasks: z.array(ClientOpenTaskSchema),
  activity: z.array(ActivityItemSchema),
  currency,
});
export const ContactResponseSchema = z.strictObject({ contact: ClientContactSchema });
export const ProjectResponseSchema = z.strictObject({ project: ProjectSchema });
// What a picker or filter offers of a project: 5,000 whole projects were 1.4 MB on every board visit.
export const ProjectChoiceSchema = ProjectSchema.pick({ id: true, clientId: true, clientName: true, name: true, status: true });
export const ProjectsResponseSchema = z.strictObject({ projects: z.array(ProjectChoiceSchema) });
export const ClientSettingsResponseSchema = z.strictObject({ currency });

export const DashboardResponseSchema = z.strictObject({
  totalClients: z.number().int(),
  // Clients added since the first of this month (UTC).
  clientsThisMonth: z.number().int(),
  // Emails this workspace sent in the last 30 days.
  emailsSent: z.number().int(),
  activeProjects: z.number().int(),
  // Active projects whose end date falls in this week (Monday to Sunday, UTC).
  dueThisWeek: z.number().int(),
  // The sum of the values of active projects, minor units.
  revenue: z.number().int(),
  currency,
  recentClients: z.array(ClientSummarySchema),
  recentActivity: z.array(ActivityItemSchema),
});

// The portal, as a guest sees it: no member emails, no internal comments, nothing of other clients.
export const PortalEntrySchema = z.strictObject({ workspaceId: z.string(), workspaceName: z.string(), clientName: z.string() });
export const MyPortalsResponseSchema = z.strictObject({
  portals: z.array(PortalEntrySchema),
  // The person opened a portal more recently than any workspace they belong to: the app opens /portal.
  preferPortal: z.boolean(),
});

export const PortalTaskSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  projectName: z.string(),
  dueDate: z.iso.date().nullable(),
  approval: z.strictObject({ by: z.string(), at: z.iso.datetime() }).nullable(),
});
export const PortalCommentSchema = z.strictObject({
  id: z.string(),
  taskId: z.string(),
  body: z.string(),
  author: z.string(),
  createdAt: z.iso.datetime(),
});
export const PortalHomeResponseSchema = z.strictObject({
  workspaceName: z.string(),
  client: z.strictObject({ id: z.string(), name: z.string(), company: z.string() }),
  projects: z.array(ProjectSchema.pick({ id: true, name: true, status: true, startDate: true, endDate: true })),
  tasks: z.array(PortalTaskSchema),
});
export const PortalCommentsResponseSchema = z.strictObject({ comments: z.array(PortalCommentSchema) });
export const PortalCommentResponseSchema = z.strictObject({ comment: PortalCommentSchema });
export const PortalTaskResponseSchema = z.strictObject({ task: PortalTaskSchema });
