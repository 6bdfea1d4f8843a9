import { PenTool } from 'lucide-react';
import { workspaceCopy } from '#src/shared/messages.ts';
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
