import { useCallback, useState } from 'react';

// spec 5: a failed check shows an alert. The same words stay on the form until the next attempt, so
// they are still there once the alert is dismissed.
export function useFormProblem() {
  const [problem, setProblem] = useState<string | null>(null);
  const report = useCallback((message: string) => {
    setProblem(message);
    window.alert(message);
  }, []);
  const clear = useCallback(() => setProblem(null), []);
  return { problem, report, clear };
}
