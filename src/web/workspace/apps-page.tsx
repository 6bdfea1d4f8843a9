import { AppWindow } from 'lucide-react';
import { workspaceCopy } from '~/shared/messages';
import { ComingSoon } from './coming-soon';

export default function AppsPage() {
  return <ComingSoon title={workspaceCopy.apps} icon={AppWindow} text="Connect GitHub, Google Workspace, Figma and Slack to this workspace." />;
}
