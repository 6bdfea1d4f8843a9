import { useCallback, useEffect, useState } from 'react';
import { RESEND_COOLDOWN_S } from '#src/shared/limits.ts';

// spec 4: after a resend, a 60-second cooldown counting down each second. The count is taken from a
// deadline, so a throttled background tab still shows the true time left.
export function useResendCooldown(seconds = RESEND_COOLDOWN_S) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) setDeadline(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setDeadline(current + seconds * 1000);
  }, [seconds]);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, coolingDown: secondsLeft > 0, start };
}
