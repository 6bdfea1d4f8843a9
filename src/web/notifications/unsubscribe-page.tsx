import { useState } from 'react';
import { label } from '#src/shared/messages.ts';
import { notificationCopy, notificationError } from '#src/shared/notifications/messages.ts';
import { NOTIFICATION_KINDS, PREFERENCES_PAGE, type NotificationKind } from '#src/shared/notifications/paths.ts';
import { UnsubscribeQuerySchema } from '#src/shared/notifications/schemas.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useLocation } from '#src/web/routing/router-context.tsx';
import { Link } from '#src/web/routing/links.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { AuthCard } from '#src/web/ui/auth-card.tsx';
import { BackLink } from '#src/web/ui/back-link.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { notificationsApi } from './notifications-api.ts';

// The kind a token names sits in its middle part; the server checks the signature, this only words the
// question.
function kindOf(token: string): NotificationKind | null {
  if (!UnsubscribeQuerySchema.safeParse({ token }).success) return null;
  const kind = token.split('.')[1];
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '') ? (kind as NotificationKind) : null;
}

// Where a notification email's "Unsubscribe" link lands (`/unsubscribe#<token>`): no sign-in, one
// question, one button. The link only opens this page; the POST is what changes the preference, so a
// mail scanner that follows links unsubscribes nobody. The token stays in the fragment, out of logs.
export default function UnsubscribePage() {
  const token = useLocation().hash.slice(1);
  // Another link opened in the same tab starts afresh.
  return <Unsubscribe key={token} token={token} />;
}

function Unsubscribe({ token }: { token: string }) {
  const kind = kindOf(token);
  // A public page has no QueryClient (it lives in the signed-in layout), so the one call keeps its own state.
  const [state, setState] = useState<
    { step: 'asking' | 'sending' } | { step: 'done'; message: string } | { step: 'failed'; problem: string }
  >({
    step: 'asking',
  });
  const unsubscribe = () => {
    setState({ step: 'sending' });
    notificationsApi.unsubscribe(token).then(
      (answer) => setState({ step: 'done', message: answer.message }),
      (error: unknown) => setState({ step: 'failed', problem: problemText(error, notificationCopy.unsubscribeFailed) }),
    );
  };

  let content;
  if (!kind) content = <Alert tone="error">{notificationError.badToken}</Alert>;
  else if (state.step === 'done')
    content = (
      <div className="space-y-4">
        <Alert tone="success">{state.message}</Alert>
        <p className="text-sm text-slate-600">{notificationCopy.unsubscribeOthers}</p>
        <Link to={PREFERENCES_PAGE} className="text-sm font-semibold text-accent-700 underline">
          {notificationCopy.openPreferences}
        </Link>
      </div>
    );
  else
    content = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{notificationCopy.unsubscribeAsk(kind)}</p>
        {state.step === 'failed' ? <Alert tone="error">{state.problem}</Alert> : null}
        <Button className="w-full" busy={state.step === 'sending'} busyLabel={notificationCopy.unsubscribing} onClick={unsubscribe}>
          {notificationCopy.unsubscribeConfirm}
        </Button>
      </div>
    );
  return (
    <AuthCard title={notificationCopy.unsubscribeTitle} back={<BackLink to="/">{label.backToHome}</BackLink>}>
      {content}
    </AuthCard>
  );
}
