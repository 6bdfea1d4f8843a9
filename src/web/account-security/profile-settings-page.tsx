import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { securityUi } from '#src/shared/account-security/messages.ts';
import { UpdateProfileSchema, type ChangePasswordBody } from '#src/shared/accounts/schemas.ts';
import { GENDERS } from '#src/shared/accounts/user.ts';
import { failure, validation } from '#src/shared/account-messages.ts';
import { flow } from '#src/shared/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { authActions } from '#src/web/lib/auth-actions.ts';
import { passwordChangeProblem } from '#src/web/lib/form-rules.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { useLocation } from '#src/web/routing/router-context.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { PasswordField, TextField } from '#src/web/ui/field.tsx';
import { PageHeading } from '#src/web/ui/panel-card.tsx';
import { SecurityTab } from './security-tab.tsx';

const tabClass =
  'border-b-2 border-transparent px-1 pb-3 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-accent-600 data-[state=active]:text-accent-700';

// spec 5: the name is required; anything more about it the server decides (its sentence comes as a toast).
const ProfileFormSchema = UpdateProfileSchema.extend({ name: z.string().trim().min(1, { error: validation.nameRequired }) });

function ProfileForm() {
  const { user, replaceUser } = useSession();
  const { form, submit, busy, errorOf } = useSchemaForm({
    schema: ProfileFormSchema,
    defaultValues: { name: user?.name ?? '', gender: user?.gender ?? 'not specified' },
    fallback: failure.updateProfile,
    onSubmit: async (body) => {
      try {
        replaceUser((await authActions.updateProfile(body)).user);
      } catch (error) {
        // spec 8: the auth layer's toast told the person; the screen only logs.
        console.error('Profile update failed', error);
      }
    },
  });
  const problem = errorOf('name');

  return (
    <form onSubmit={submit} className="max-w-lg space-y-5" noValidate>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <TextField label="Name" autoComplete="name" required {...form.register('name')} />
      <div>
        <label htmlFor="profile-gender" className="mb-1.5 block text-sm font-medium text-slate-700">
          Gender
        </label>
        <select
          id="profile-gender"
          className="block w-full rounded-control border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none sm:text-sm"
          {...form.register('gender')}
        >
          {GENDERS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <TextField label="Email" value={user?.email ?? ''} readOnly disabled hint={validation.emailCannotChange} />
      <Button type="submit" busy={busy} busyLabel={flow.busySaving}>
        Save Changes
      </Button>
    </form>
  );
}

const passwordFields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

// spec 5's checks in its order, the first failure on the field it concerns; the server judges the rest.
const PasswordChangeFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((passwords, ctx) => {
    const problem = passwordChangeProblem(passwords);
    if (!problem) return;
    const field =
      problem === validation.allPasswordFieldsRequired
        ? passwordFields.find((key) => passwords[key] === '')
        : problem === validation.newPasswordsDiffer
          ? 'confirmPassword'
          : 'newPassword';
    ctx.addIssue({ code: 'custom', message: problem, path: [field ?? 'currentPassword'] });
  })
  .transform(({ currentPassword, newPassword }): ChangePasswordBody => ({ currentPassword, newPassword }));

function PasswordChangeForm() {
  const { form, submit, busy, errorOf } = useSchemaForm({
    schema: PasswordChangeFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    fallback: failure.changePassword,
    onSubmit: async (body) => {
      try {
        await authActions.changePassword(body);
        // spec 5: the form is cleared after success.
        form.reset();
      } catch (error) {
        console.error('Password change failed', error);
      }
    },
  });
  // One failure at a time, above the form (spec 5); the focus is on its field.
  const problem = passwordFields.map(errorOf).find(Boolean);

  return (
    <form onSubmit={submit} className="max-w-lg space-y-5" noValidate>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <PasswordField label="Current Password" autoComplete="current-password" {...form.register('currentPassword')} />
      <PasswordField label="New Password" autoComplete="new-password" hint={validation.passwordHelp} {...form.register('newPassword')} />
      <PasswordField label="Confirm New Password" autoComplete="new-password" {...form.register('confirmPassword')} />
      <Button type="submit" busy={busy} busyLabel={flow.busyChanging}>
        Change Password
      </Button>
    </form>
  );
}

// A tab another feature adds after the spec's (the app layer composes it: app/profile-settings-page.tsx).
export interface ExtraTab {
  value: string;
  label: string;
  content: ReactNode;
}

// spec 2, "Profile Settings": two tabs, Profile Information and Change Password; a third,
// Security (product rules U), after them, then any extra ones. A link to `#<tab>` or to one of its
// sections, `#<tab>-<section>` (the export-ready email links `#security-…`), opens that tab.
export function ProfileSettingsPage({ extraTabs = [] }: { extraTabs?: ExtraTab[] }) {
  const { hash } = useLocation();
  const named = ['profile', 'password', 'security', ...extraTabs.map((tab) => tab.value)].find(
    (value) => hash === `#${value}` || hash.startsWith(`#${value}-`),
  );
  const [tab, setTab] = useState(named ?? 'profile');
  const [shownHash, setShownHash] = useState(hash);
  if (hash !== shownHash) {
    setShownHash(hash);
    if (named) setTab(named);
  }
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeading title="Profile Settings" lead="Your name, gender, password and account security." />
      <div className="rounded-card border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Tabs.Root value={tab} onValueChange={setTab}>
          <Tabs.List aria-label="Profile Settings" className="mb-6 flex flex-wrap gap-x-6 gap-y-2 border-b border-slate-200">
            <Tabs.Trigger value="profile" className={tabClass}>
              {workspaceCopy.profileTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="password" className={tabClass}>
              {workspaceCopy.passwordTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="security" className={tabClass}>
              {securityUi.tab}
            </Tabs.Trigger>
            {extraTabs.map((extra) => (
              <Tabs.Trigger key={extra.value} value={extra.value} className={tabClass}>
                {extra.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="profile">
            <ProfileForm />
          </Tabs.Content>
          <Tabs.Content value="password">
            <PasswordChangeForm />
          </Tabs.Content>
          <Tabs.Content value="security">
            <SecurityTab />
          </Tabs.Content>
          {extraTabs.map((extra) => (
            <Tabs.Content key={extra.value} value={extra.value}>
              {extra.content}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </div>
  );
}
