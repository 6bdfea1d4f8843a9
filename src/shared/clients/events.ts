// The events clients, projects and the portal write to the workspace log (live streams, Recent
// Activity, webhooks). They carry names, never a contact's email: the log is read by every member.
import type { ClientStatus, ProjectStatus } from './paths.ts';

export interface ClientRef {
  id: string;
  name: string;
  company: string;
  status: ClientStatus;
}
export interface ProjectRef {
  id: string;
  clientId: string;
  name: string;
  status: ProjectStatus;
}

export type ClientEventData =
  | { type: 'client.created'; client: ClientRef }
  | { type: 'client.updated'; client: ClientRef }
  | { type: 'project.created'; project: ProjectRef }
  | { type: 'project.updated'; project: ProjectRef }
  | { type: 'contact.invited'; client: ClientRef; contactName: string }
  | { type: 'task.approved'; task: { id: string; title: string }; clientId: string; by: { id: string; name: string } }
  // An owner's update to client contacts (Send Email Campaign): how many it reached and skipped, and the
  // clients reached. Not its subject: the campaign is the owners', the log every member's.
  | { type: 'campaign.sent'; campaignId: string; clientIds: string[]; sent: number; skipped: number };
