import { notify } from '#src/web/ui/notify.ts';
import { workspaceCopy } from '#src/shared/messages.ts';

// spec 2: some shell items only log or do nothing; they still answer, so they never feel broken.
export function inertAction(name: string) {
  return () => {
    console.info(`[workspace] ${name}`);
    notify.info(`${name}: ${workspaceCopy.comingSoon}`);
  };
}
