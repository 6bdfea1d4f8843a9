import { useQuery } from '@tanstack/react-query';
import { chatText } from '#src/shared/chat/messages.ts';
import { cn } from '#src/web/ui/cn.ts';
import { chatApi, chatKeys } from './chat-api.ts';

// The channel's people, each with a dot and the word for their presence (colour is never the only sign).
export function PeopleList({ workspaceId, channelId }: { workspaceId: string; channelId: string }) {
  const { data } = useQuery({ queryKey: chatKeys.people(workspaceId, channelId), queryFn: () => chatApi.people(workspaceId, channelId) });
  if (!data) return null;
  return (
    <details className="border-t border-slate-200 px-4 py-2 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-700">
        {chatText.people} ({data.people.length})
      </summary>
      <ul className="mt-1 space-y-0.5">
        {data.people.map((person) => (
          <li key={person.id} className="flex items-center gap-2 text-slate-700">
            <span
              aria-hidden="true"
              className={cn(
                'size-2 rounded-full',
                person.presence === 'online' ? 'bg-green-600' : person.presence === 'away' ? 'bg-amber-500' : 'bg-slate-300',
              )}
            />
            {person.name}
            <span className="text-xs text-slate-600">{chatText.presence[person.presence]}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
