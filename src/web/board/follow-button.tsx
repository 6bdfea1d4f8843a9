import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Button } from '#src/web/ui/button.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { boardApi, boardKeys } from './board-api.ts';

// Following a task brings its comments and status changes to my bell; its creator and assignee follow
// it from the start, anyone else chooses here.
export function FollowButton({ workspaceId, taskId }: { workspaceId: string; taskId: string }) {
  const client = useQueryClient();
  const key = boardKeys.following(workspaceId, taskId);
  const state = useQuery({ queryKey: key, queryFn: () => boardApi.following(workspaceId, taskId) });
  const change = useMutation({
    mutationFn: (following: boolean) => boardApi.follow(workspaceId, taskId, following),
    onSuccess: (answer) => client.setQueryData(key, answer),
    onError: (error) => notify.error(problemText(error, boardUi.saveFailed)),
  });
  // Until the answer arrives there is nothing true to offer.
  if (!state.data) return null;
  const following = state.data.following;
  const Icon = following ? BellOff : Bell;
  return (
    <Button variant="secondary" className="px-3 py-1.5" busy={change.isPending} onClick={() => change.mutate(!following)}>
      <Icon className="size-4" aria-hidden="true" />
      {following ? notificationCopy.unfollow : notificationCopy.follow}
    </Button>
  );
}
