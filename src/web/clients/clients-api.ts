import type { OkResponse } from '#src/shared/accounts/paths.ts';
import {
  clientPaths,
  type ClientListResponse,
  type ClientPageResponse,
  type ClientResponse,
  type ContactResponse,
  type Currency,
  type DashboardResponse,
  type ProjectResponse,
} from '#src/shared/clients/paths.ts';
import type { ContactBody, CreateClientBody, CreateProjectBody, UpdateClientBody } from '#src/shared/clients/schemas.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

const path = (template: string, params: Record<string, string>) => workspacePath(template, params);

// Query keys: every read of one workspace's clients starts with ['clients', workspaceId], so a change
// invalidates them all at once.
export const clientKeys = {
  all: (id: string) => ['clients', id] as const,
  dashboard: (id: string) => ['clients', id, 'dashboard'] as const,
  list: (id: string, q: string, page: number) => ['clients', id, 'list', q, page] as const,
  one: (id: string, clientId: string) => ['clients', id, 'client', clientId] as const,
};

export const clientsApi = {
  dashboard: (id: string) => api<DashboardResponse>('GET', path(clientPaths.dashboard, { id })),
  list: (id: string, q: string, page: number) => {
    const query = new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
    return api<ClientListResponse>('GET', `${path(clientPaths.clients, { id })}${query ? `?${query}` : ''}`);
  },
  page: (id: string, clientId: string) => api<ClientPageResponse>('GET', path(clientPaths.client, { id, clientId })),
  create: (id: string, body: CreateClientBody) => api<ClientResponse>('POST', path(clientPaths.clients, { id }), body),
  update: (id: string, clientId: string, body: UpdateClientBody) =>
    api<ClientResponse>('PUT', path(clientPaths.client, { id, clientId }), body),
  addContact: (id: string, clientId: string, body: ContactBody) =>
    api<ContactResponse>('POST', path(clientPaths.contacts, { id, clientId }), body),
  removeContact: (id: string, clientId: string, contactId: string) =>
    api<OkResponse>('DELETE', path(clientPaths.contact, { id, clientId, contactId }), {}),
  invite: (id: string, clientId: string, contactId: string) =>
    api<OkResponse>('POST', path(clientPaths.inviteContact, { id, clientId, contactId }), {}),
  addProject: (id: string, clientId: string, body: CreateProjectBody) =>
    api<ProjectResponse>('POST', path(clientPaths.clientProjects, { id, clientId }), body),
};

// A project value (minor units) in the workspace currency, in the reader's own notation.
export function formatMoney(minor: number, currency: Currency): string {
  const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
