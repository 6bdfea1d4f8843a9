import { Tabs } from 'radix-ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { securityUi } from '#src/shared/account-security/messages.ts';
import { GENDERS, type Gender } from '#src/shared/accounts/user.ts';
import { validation } from '#src/shared/account-messages.ts';
import { flow } from '#src/shared/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { authActions } from '#src/web/lib/auth-actions.ts';
import { passwordChangeProblem, type PasswordChangeForm } from '#src/web/lib/form-rules.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { useLocation } from '#src/web/routing/router-context.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { PasswordField, TextField } from '#src/web/ui/field.tsx';
import { PageHeading } from '#src/web/ui/panel-card.tsx';
import { SecurityTab } from './security-tab.tsx';

const tabClass =
  'border-b-2 border-transparent px-1 pb-3 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-accent-600 data-[state=active]:text-accent-700';

function ProfileForm() {
  const { user, replaceUser } = useSession();
  const [name, setName] = useState(user?.name ?? '');
  const [gender, setGender] = useState<Gender>(user?.gender ?? 'not specified');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    // spec 5: name required.
    if (!name.trim()) return setProblem(validation.nameRequired);
    setProblem(null);
    setBusy(true);
    try {
      const { user: updated } = await authActions.updateProfile({ name: name.trim(), gender });
      replaceUser(updated);
    } catch (error) {
      console.error('Profile update failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="max-w-lg space-y-5" noValidate>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" required />
      <div>
        <label htmlFor="profile-gender" className="mb-1.5 block text-sm font-medium text-slate-700">
          Gender
        </label>
        <select
          id="profile-gender"
          value={gender}
          onChange={(event) => setGender(event.target.value as Gender)}
          className="block w-full rounded-control border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none sm:text-sm"
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

const emptyPasswords: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordChangeForm() {
  const [form, setForm] = useState<PasswordChangeForm>(emptyPasswords);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof PasswordChangeForm) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });

  async function change(event: FormEvent) {
    event.preventDefault();
    const found = passwordChangeProblem(form);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await authActions.changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword });
      // spec 5: the form is cleared after success.
      setForm(emptyPasswords);
    } catch (error) {
      console.error('Password change failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={change} className="max-w-lg space-y-5" noValidate>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <PasswordField label="Current Password" autoComplete="current-password" {...field('currentPassword')} />
      <PasswordField label="New Password" autoComplete="new-password" hint={validation.passwordHelp} {...field('newPassword')} />
      <PasswordField label="Confirm New Password" autoComplete="new-password" {...field('confirmPassword')} />
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
