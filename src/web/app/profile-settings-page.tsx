import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { ProfileSettingsPage } from '#src/web/account-security/profile-settings-page.tsx';
import { NotificationPreferences } from '#src/web/notifications/notification-preferences.tsx';

// Profile Settings draws the notifications feature's preferences as a tab after the spec's ones;
// features do not import each other, so they meet here. Emails link to it as #notifications.
const extraTabs = [{ value: 'notifications', label: notificationCopy.preferencesTitle, content: <NotificationPreferences /> }];

export default function ProfileSettingsRoute() {
  return <ProfileSettingsPage extraTabs={extraTabs} />;
}
