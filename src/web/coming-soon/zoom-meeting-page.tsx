import { Video } from 'lucide-react';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { ComingSoon } from './coming-soon.tsx';

export default function ZoomMeetingPage() {
  return (
    <ComingSoon
      title={workspaceCopy.zoomMeeting}
      icon={Video}
      text="Start and join Zoom calls from a task or a chat thread, with notes saved to the task."
    />
  );
}
