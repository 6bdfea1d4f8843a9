import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { clientUi } from '#src/shared/clients/messages.ts';
import { CLIENT_STATUSES, type ClientDetail } from '#src/shared/clients/paths.ts';
import { ContactSchema, CreateClientSchema } from '#src/shared/clients/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { clientKeys, clientsApi } from './clients-api.ts';
import { fieldSelectClass } from '#src/web/ui/control-class.ts';

const hasContact = ({ contactName, contactEmail }: { contactName: string; contactEmail: string }) =>
  contactName.trim() !== '' || contactEmail.trim() !== '';

// The dialog asks for one contact at most; an empty contact row means none, and a half-filled one
// shows its problem under the field it concerns.
const FormSchema = CreateClientSchema.omit({ contacts: true })
  .extend({ contactName: z.string(), contactEmail: z.string() })
  .superRefine((form, ctx) => {
    if (!hasContact(form)) return;
    const contact = ContactSchema.safeParse({ name: form.contactName, email: form.contactEmail });
    for (const issue of contact.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path[0] === 'email' ? 'contactEmail' : 'contactName'] });
    }
  })
  .transform(({ contactName, contactEmail, ...client }) =>
    hasContact({ contactName, contactEmail })
      ? { ...client, contacts: [ContactSchema.parse({ name: contactName, email: contactEmail })] }
      : client,
  );

// spec 5's Quick Action "Add New Client", and the /clients page's button.
export function AddClientDialog({
  workspaceId,
  open,
  onOpenChange,
  onAdded,
}: {
  workspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded?: (client: ClientDetail) => void;
}) {
  const queryClient = useQueryClient();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: FormSchema,
    defaultValues: { name: '', company: '', status: 'Active', notes: '', contactName: '', contactEmail: '' },
    fallback: clientUi.addFailed,
    onSubmit: async (body) => {
      const { client } = await clientsApi.create(workspaceId, body);
      void queryClient.invalidateQueries({ queryKey: clientKeys.all(workspaceId) });
      notify.success(clientUi.clientAdded(client.name));
      form.reset();
      onOpenChange(false);
      onAdded?.(client);
    },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={clientUi.addClientTitle} description={clientUi.addClientLead}>
      <form noValidate className="space-y-4" onSubmit={submit}>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField label={clientUi.clientName} autoComplete="off" error={errorOf('name')} {...form.register('name')} />
        <TextField label={clientUi.company} autoComplete="organization" error={errorOf('company')} {...form.register('company')} />
        <div>
          <label htmlFor="new-client-status" className="mb-1.5 block text-sm font-medium text-slate-700">
            {clientUi.status}
          </label>
          <select id="new-client-status" className={fieldSelectClass} {...form.register('status')}>
            {CLIENT_STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </div>
        <TextField label={clientUi.contactName} autoComplete="off" error={errorOf('contactName')} {...form.register('contactName')} />
        <TextField
          label={clientUi.contactEmail}
          type="email"
          autoComplete="off"
          error={errorOf('contactEmail')}
          {...form.register('contactEmail')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {clientUi.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={clientUi.adding}>
            {clientUi.addClient}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
