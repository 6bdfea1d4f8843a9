import { PenTool } from 'lucide-react';
import { workspaceCopy } from '~/shared/messages';
import { ComingSoon } from './coming-soon';

export default function WhiteboardPage() {
  return <ComingSoon title={workspaceCopy.whiteboard} icon={PenTool} text="Sketch flows with your team and turn sticky notes into tasks on a board." />;
}
