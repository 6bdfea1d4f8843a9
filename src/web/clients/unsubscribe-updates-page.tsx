import { useState } from 'react';
import { campaignError, campaignUi } from '#src/shared/campaigns/messages.ts';
import { CampaignUnsubscribeQuerySchema } from '#src/shared/campaigns/schemas.ts';
import { label } from '#src/shared/messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useLocation } from '#src/web/routing/router-context.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { AuthCard } from '#src/web/ui/auth-card.tsx';
import { BackLink } from '#src/web/ui/back-link.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { campaignsApi } from './campaigns-api.ts';

type State = { step: 'ask' } | { step: 'busy' } | { step: 'done'; message: string } | { step: 'failed'; problem: string };

// Where a campaign email's "Unsubscribe" link lands (`/unsubscribe-updates#<token>`): no sign-in, one
// question, one button. Only the button's POST changes anything, so a mail scanner that follows links
// unsubscribes nobody; the token stays in the fragment, out of logs.
export default function UnsubscribeUpdatesPage() {
  const token = useLocation().hash.slice(1);
  const [state, setState] = useState<State>({ step: 'ask' });
  const valid = CampaignUnsubscribeQuerySchema.safeParse({ token }).success;

  async function unsubscribe() {
    setState({ step: 'busy' });
    try {
      setState({ step: 'done', message: (await campaignsApi.unsubscribe(token)).message });
    } catch (error) {
      setState({ step: 'failed', problem: problemText(error, campaignUi.unsubscribeFailed) });
    }
  }

  let content;
  if (!valid) content = <Alert tone="error">{campaignError.badToken}</Alert>;
  else if (state.step === 'done') content = <Alert tone="success">{state.message}</Alert>;
  else
    content = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{campaignUi.unsubscribeAsk}</p>
        {state.step === 'failed' ? <Alert tone="error">{state.problem}</Alert> : null}
        <Button className="w-full" busy={state.step === 'busy'} busyLabel={campaignUi.unsubscribing} onClick={() => void unsubscribe()}>
          {campaignUi.unsubscribeConfirm}
        </Button>
      </div>
    );
  return (
    <AuthCard title={campaignUi.unsubscribeTitle} back={<BackLink to="/">{label.backToHome}</BackLink>}>
      {content}
    </AuthCard>
  );
}
