import { AppWindow } from 'lucide-react';
import { workspaceCopy } from '#src/shared/messages.ts';
import { ComingSoon } from './coming-soon.tsx';

export default function AppsPage() {
  return (
    <ComingSoon title={workspaceCopy.apps} icon={AppWindow} text="Connect GitHub, Google Workspace, Figma and Slack to this workspace." />
  );
}
