import { useEffect, type RefObject } from 'react';

// spec 2: an open menu closes on a click outside it; Escape closes it too (keyboard users), returning
// focus to the control that opened it.
export function useDismiss(
  open: boolean,
  close: () => void,
  inside: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (inside.current?.contains(target) || trigger.current?.contains(target)) return;
      close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, inside, trigger]);
}
