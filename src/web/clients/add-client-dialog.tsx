import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { clientUi } from '#src/shared/clients/messages.ts';
import { CLIENT_STATUSES, type ClientDetail } from '#src/shared/clients/paths.ts';
import { ContactSchema, CreateClientSchema } from '#src/shared/clients/schemas.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { clientKeys, clientsApi } from './clients-api.ts';

// The dialog asks for one contact at most; an empty contact row means none.
const FormSchema = CreateClientSchema.omit({ contacts: true }).extend({
  contactName: z.string(),
  contactEmail: z.string(),
});
type Form = z.input<typeof FormSchema>;

const selectClass =
  'block w-full rounded-control border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none sm:text-sm';

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
  const form = useForm<Form>({
    resolver: zodResolver(FormSchema),
    defaultValues: { name: '', company: '', status: 'Active', notes: '', contactName: '', contactEmail: '' },
  });
  const add = useMutation({
    mutationFn: async ({ contactName, contactEmail, ...client }: Form) => {
      const contact =
        contactName.trim() || contactEmail.trim() ? ContactSchema.safeParse({ name: contactName, email: contactEmail }) : null;
      if (contact && !contact.success) throw new Error(contact.error.issues[0]?.message ?? '');
      return clientsApi.create(workspaceId, { ...client, ...(contact ? { contacts: [contact.data] } : {}) });
    },
    onSuccess: ({ client }) => {
      void queryClient.invalidateQueries({ queryKey: clientKeys.all(workspaceId) });
      notify.success(clientUi.clientAdded(client.name));
      form.reset();
      onOpenChange(false);
      onAdded?.(client);
    },
  });
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={clientUi.addClientTitle} description={clientUi.addClientLead}>
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => add.mutate(values))}>
        <TextField label={clientUi.clientName} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextField label={clientUi.company} autoComplete="organization" error={errors.company?.message} {...form.register('company')} />
        <div>
          <label htmlFor="new-client-status" className="mb-1.5 block text-sm font-medium text-slate-700">
            {clientUi.status}
          </label>
          <select id="new-client-status" className={selectClass} {...form.register('status')}>
            {CLIENT_STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </div>
        <TextField label={clientUi.contactName} autoComplete="off" {...form.register('contactName')} />
        <TextField label={clientUi.contactEmail} type="email" autoComplete="off" {...form.register('contactEmail')} />
        {add.error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problemText(add.error, add.error.message)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {clientUi.cancel}
          </Button>
          <Button type="submit" busy={add.isPending} busyLabel={clientUi.adding}>
            {clientUi.addClient}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
