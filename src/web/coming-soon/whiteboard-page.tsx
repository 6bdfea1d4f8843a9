import { PenTool } from 'lucide-react';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { ComingSoon } from './coming-soon.tsx';

export default function WhiteboardPage() {
  return (
    <ComingSoon
      title={workspaceCopy.whiteboard}
      icon={PenTool}
      text="Sketch flows with your team and turn sticky notes into tasks on a board."
    />
  );
}
