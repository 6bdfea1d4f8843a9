import { useEffect, useRef, useState } from 'react';
import { requestSearch } from '#src/web/lib/search-request.ts';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { afterG, isTyping, SEQUENCE_MS, shortcutSheet, singleKeys, type ShortcutAction } from './shortcut-keys.ts';

// Keyboard shortcuts across the signed-in app, and the `?` sheet that lists them.
export default function ShortcutsHost() {
  const navigate = useNavigate();
  const [sheetOpen, setSheetOpen] = useState(false);
  const waitingForG = useRef(0);

  useEffect(() => {
    const run = (action: ShortcutAction) => {
      if (action.kind === 'go') void navigate(action.to);
      else if (action.kind === 'search') requestSearch('');
      else setSheetOpen(true);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event)) return;
      const key = event.key;
      const sequence = Date.now() - waitingForG.current < SEQUENCE_MS ? afterG[key] : undefined;
      waitingForG.current = 0;
      const action = sequence ?? singleKeys[key];
      if (key === 'g' && !sequence) {
        waitingForG.current = Date.now();
        return;
      }
      if (!action) return;
      event.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  return (
    <Dialog
      open={sheetOpen}
      onOpenChange={setSheetOpen}
      title="Keyboard shortcuts"
      description="Shortcuts work anywhere in the app except while you type in a field."
    >
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {shortcutSheet.map((shortcut) => (
          <div key={shortcut.does} className="contents">
            <dt className="flex gap-1">
              {shortcut.keys.map((key) => (
                <kbd key={key} className="rounded-sm border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-slate-700">{shortcut.does}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
