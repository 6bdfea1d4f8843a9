import { ApiKeysSection } from '#src/web/api-keys/api-keys-section.tsx';
import { WebhooksSection } from '#src/web/webhooks/webhooks-section.tsx';
import { WorkspaceSettingsPage, type IntegrationSections } from '#src/web/workspaces/workspace-settings-page.tsx';

// Workspace settings draws sections of three features; features do not import each other, so they
// meet here. Webhooks are an owner's tool; API keys are listed for every member.
const integrations: IntegrationSections = (workspace) => (
  <>
    <ApiKeysSection workspace={workspace} />
    {workspace.role === 'owner' ? <WebhooksSection workspaceId={workspace.id} /> : null}
  </>
);

export default function WorkspaceSettingsRoute() {
  return <WorkspaceSettingsPage integrations={integrations} />;
}
