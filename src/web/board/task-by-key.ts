import { parseTaskKey } from '#src/shared/tasks/task-keys.ts';
import type { Task } from '#src/shared/tasks/paths.ts';

// The loaded task a key names, in any case (a key typed into the address bar as tsr-42 opens TSR-42).
export function taskByKey(tasks: Record<string, Task>, text: string): Task | undefined {
  const key = parseTaskKey(text);
  if (!key) return undefined;
  return Object.values(tasks).find((task) => task.key === `${key.prefix}-${key.number}`);
}
