import { CodeBlock } from '#src/web/site/components/code-block.tsx';

// Product rules H2: how a receiver checks that a webhook came from Tessera, with the
// Standard Webhooks library Tessera signs with.
const example = `import express from 'express';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.TESSERA_WEBHOOK_SECRET); // whsec_…, shown once in settings
const app = express();

app.post('/webhooks/tessera', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    // Checks webhook-signature over webhook-id, webhook-timestamp and the raw body,
    // and refuses a timestamp more than 5 minutes away.
    event = wh.verify(req.body, req.headers);
  } catch {
    return res.sendStatus(400);
  }
  // Delivery is at least once: skip a webhook-id you have already handled.
  console.log(event.type, event.data);
  res.sendStatus(204);
});

app.listen(4000); // http://localhost:4000/webhooks/tessera on a development server`;

export function VerifyWebhook() {
  return (
    <div className="mt-6 space-y-3" data-testid="verify-webhook">
      <h3 className="text-lg font-semibold text-slate-900">Verify a webhook</h3>
      <p className="text-slate-700">
        Each request carries the{' '}
        <a className="underline" href="https://www.standardwebhooks.com/">
          Standard Webhooks
        </a>{' '}
        headers <code className="rounded bg-slate-100 px-1">webhook-id</code>,{' '}
        <code className="rounded bg-slate-100 px-1">webhook-timestamp</code> and{' '}
        <code className="rounded bg-slate-100 px-1">webhook-signature</code>. The body is{' '}
        <code className="rounded bg-slate-100 px-1">{'{ type, timestamp, workspace_id, data }'}</code>. Answer with a 2xx within 10 seconds;
        otherwise Tessera retries after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, with the same{' '}
        <code className="rounded bg-slate-100 px-1">webhook-id</code>.
      </p>
      <CodeBlock label="Node.js, with the standardwebhooks package" code={example} />
    </div>
  );
}
