import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { clientError, clientUi } from '#src/shared/clients/messages.ts';
import { PROJECT_STATUSES } from '#src/shared/clients/paths.ts';
import { ContactSchema, CreateProjectSchema, type CreateProjectBody } from '#src/shared/clients/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { clientKeys, clientsApi } from './clients-api.ts';
import { fieldSelectClass } from '#src/web/ui/control-class.ts';

// The project as the form holds it (the value as typed, '' for no date), read as the request the server
// checks, so its rules (and the dates' order, under the end date) show under their fields.
const ProjectFormSchema = z
  .object({
    name: CreateProjectSchema.shape.name,
    status: z.enum(PROJECT_STATUSES),
    value: z.string().regex(/^\d*(?:\.\d{1,2})?$/, { error: 'Value must be an amount like 1200 or 1200.50.' }),
    startDate: z.string(),
    endDate: z.string(),
  })
  .transform(({ value, startDate, endDate, ...project }): CreateProjectBody => ({
    ...project,
    value: value ? Math.round(Number(value) * 100) : null,
    startDate: startDate || null,
    endDate: endDate || null,
  }))
  .pipe(CreateProjectSchema);

// After a form's change: the workspace's client reads refresh, and a toast says what happened.
function useClientAdded(workspaceId: string) {
  const queryClient = useQueryClient();
  return (sentence: string) => {
    void queryClient.invalidateQueries({ queryKey: clientKeys.all(workspaceId) });
    notify.success(sentence);
  };
}

export function AddProjectForm({ workspaceId, clientId }: { workspaceId: string; clientId: string }) {
  const added = useClientAdded(workspaceId);
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: ProjectFormSchema,
    defaultValues: { name: '', status: 'Active', value: '', startDate: '', endDate: '' },
    fallback: clientUi.loadFailed,
    fieldOf: (error) => (error.message === clientError.datesOutOfOrder ? 'endDate' : null),
    onSubmit: async (body) => {
      await clientsApi.addProject(workspaceId, clientId, body);
      added(clientUi.projectAdded(body.name));
      form.reset();
    },
  });
  return (
    <form noValidate className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2" onSubmit={submit}>
      <TextField label={clientUi.projectName} error={errorOf('name')} {...form.register('name')} />
      <div>
        <label htmlFor="new-project-status" className="mb-1.5 block text-sm font-medium text-slate-700">
          {clientUi.projectStatus}
        </label>
        <select id="new-project-status" className={fieldSelectClass} {...form.register('status')}>
          {PROJECT_STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </select>
      </div>
      <TextField label={clientUi.value} inputMode="decimal" error={errorOf('value')} {...form.register('value')} />
      <TextField label={clientUi.startDate} type="date" error={errorOf('startDate')} {...form.register('startDate')} />
      <TextField label={clientUi.endDate} type="date" error={errorOf('endDate')} {...form.register('endDate')} />
      {problem ? (
        <Alert tone="error" className="sm:col-span-2">
          {problem}
        </Alert>
      ) : null}
      <div className="flex items-end">
        <Button type="submit" variant="secondary" busy={busy}>
          {clientUi.addProject}
        </Button>
      </div>
    </form>
  );
}

export function AddContactForm({ workspaceId, clientId }: { workspaceId: string; clientId: string }) {
  const added = useClientAdded(workspaceId);
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: ContactSchema,
    defaultValues: { name: '', email: '' },
    fallback: clientUi.loadFailed,
    // The address already among the client's contacts is about the email; a full list is about the client.
    fieldOf: (error) => (error.status === 409 && error.message !== clientError.tooManyContacts ? 'email' : null),
    onSubmit: async (contact) => {
      await clientsApi.addContact(workspaceId, clientId, contact);
      added(clientUi.contactAdded(contact.name));
      form.reset();
    },
  });
  return (
    <form noValidate className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2" onSubmit={submit}>
      <TextField label={clientUi.contactName} error={errorOf('name')} {...form.register('name')} />
      <TextField label={clientUi.contactEmail} type="email" error={errorOf('email')} {...form.register('email')} />
      {problem ? (
        <Alert tone="error" className="sm:col-span-2">
          {problem}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" busy={busy}>
          {clientUi.addContact}
        </Button>
      </div>
    </form>
  );
}
