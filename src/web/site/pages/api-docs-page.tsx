import type { ReactNode } from 'react';
import {
  errorDocs,
  listQueryDocs,
  OPENAPI_PATH,
  PUBLIC_API_BASE,
  PUBLIC_API_HOURLY_LIMIT,
  publicEndpoints,
  rateLimitHeaderDocs,
  retryAfterDoc,
  taskFieldDocs,
  commentFieldDocs,
  webhookBodyDocs,
  webhookDataDocs,
  webhookEventDocs,
  webhookHeaderDocs,
  webhookTestEventDoc,
} from '#src/shared/public-api/reference.ts';
import { WEBHOOK_TEST_EVENT } from '#src/shared/webhooks/paths.ts';
import { CodeBlock } from '#src/web/site/components/code-block.tsx';
import { PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { useApiBaseUrl } from '#src/web/site/components/use-api-base-url.ts';
import { VerifyWebhook } from '#src/web/site/components/verify-webhook.tsx';
import { exampleRequest } from '#src/web/site/content/api-reference.ts';

const code = 'rounded bg-slate-100 px-1';

function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-bold text-slate-900">
      {children}
    </h2>
  );
}

// Name, type or status, then what it means: the fields, filters, headers and errors tables.
function ReferenceTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReadonlyArray<readonly string[]> }) {
  return (
    // A phone scrolls the table sideways, so the keyboard must reach it too (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[480px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-500">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 pr-4">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([name, ...rest]) => (
            <tr key={name}>
              <td className="py-2 pr-4 font-mono">{name}</td>
              {rest.map((cell, index) => (
                <td key={index} className={index === rest.length - 1 ? 'py-2 text-slate-700' : 'py-2 pr-4 font-mono text-slate-600'}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// spec 2 (API reference): authentication, rate limits, base URL, endpoints, an example request and
// webhooks; all of it from src/shared/public-api-reference.ts, which the OpenAPI document is made from.
export default function ApiDocsPage() {
  const baseUrl = useApiBaseUrl();
  const create = publicEndpoints.find((endpoint) => endpoint.method === 'POST')!;
  return (
    <>
      <PageHero
        eyebrow="API reference"
        title="The Tessera REST API"
        lead="Read and write tasks from your own systems. JSON in, JSON out."
      />
      <Section>
        <div className="mx-auto max-w-4xl space-y-10">
          <section aria-labelledby="auth">
            <Heading id="auth">Authentication</Heading>
            <p className="mt-3 text-slate-700">
              Create an API key in your workspace settings and send it as a bearer token in the <code className={code}>Authorization</code>{' '}
              header: <code className={code}>Authorization: Bearer &lt;your key&gt;</code>. Keep keys secret; anyone with a key can act for
              your workspace. Keys start with <code className={code}>tsr_</code>. A missing, wrong, revoked or expired key gets{' '}
              <code className={code}>401</code>.
            </p>
          </section>
          <section aria-labelledby="limits">
            <Heading id="limits">Rate limits</Heading>
            <p className="mt-3 text-slate-700">
              Each API key may make {PUBLIC_API_HOURLY_LIMIT} requests per hour. Every response carries the{' '}
              <code className={code}>X-RateLimit-Remaining</code> header with the requests left in the current hour. Past the limit the
              answer is <code className={code}>429</code> with <code className={code}>Retry-After</code>.
            </p>
            <ReferenceTable
              caption="Rate-limit headers"
              columns={['Header', 'Meaning']}
              rows={[...Object.entries(rateLimitHeaderDocs), ['Retry-After', retryAfterDoc]]}
            />
          </section>
          <section aria-labelledby="base">
            <Heading id="base">Base URL</Heading>
            <p className="mt-3">
              <code className="rounded bg-slate-100 px-2 py-1" data-testid="api-base-url">
                {baseUrl}
              </code>
            </p>
            <p className="mt-3 text-slate-700">
              The OpenAPI 3.1 document of every endpoint, field and answer:{' '}
              <a className="font-medium break-all text-accent-700 underline" href={`${PUBLIC_API_BASE}${OPENAPI_PATH}`}>
                {PUBLIC_API_BASE}
                {OPENAPI_PATH}
              </a>
              . Any origin may call the API from a browser (CORS, without cookies).
            </p>
          </section>
          <section aria-labelledby="endpoints">
            <Heading id="endpoints">Endpoints</Heading>
            <ul className="mt-4 space-y-2">
              {publicEndpoints.map((endpoint) => (
                <li
                  key={endpoint.method + endpoint.path}
                  className="flex flex-wrap items-center gap-3 rounded-control border border-slate-200 p-3"
                  data-testid="api-endpoint"
                >
                  <span className="w-16 rounded bg-slate-900 px-2 py-0.5 text-center font-mono text-xs font-bold text-white">
                    {endpoint.method}
                  </span>
                  <code className="font-mono text-sm text-slate-900">
                    {PUBLIC_API_BASE}
                    {endpoint.path}
                  </code>
                  <span className="text-sm text-slate-600">{endpoint.summary}</span>
                </li>
              ))}
            </ul>
            <h3 className="mt-6 text-lg font-semibold text-slate-900">Task fields</h3>
            <ReferenceTable
              caption="Task fields"
              columns={['Field', 'Type', 'Meaning']}
              rows={Object.entries(taskFieldDocs).map(([field, { type, meaning }]) => [field, type, meaning])}
            />
            <h3 className="mt-6 text-lg font-semibold text-slate-900">List filters and pages</h3>
            <p className="mt-2 text-sm text-slate-700">
              Query parameters of <code className={code}>GET {PUBLIC_API_BASE}/tasks</code>. The answer is{' '}
              <code className={code}>{'{ "tasks": [...], "next_cursor": "..." }'}</code>.
            </p>
            <ReferenceTable caption="List filters" columns={['Parameter', 'Meaning']} rows={Object.entries(listQueryDocs)} />
            <h3 className="mt-6 text-lg font-semibold text-slate-900">Errors</h3>
            <p className="mt-2 text-sm text-slate-700">
              Every error is JSON: <code className={code}>{'{ "error": "<what went wrong>" }'}</code>.
            </p>
            <ReferenceTable
              caption="Error statuses"
              columns={['Status', 'Meaning']}
              rows={Object.entries(errorDocs).map(([status, meaning]) => [status, meaning])}
            />
          </section>
          <section aria-labelledby="example">
            <h2 id="example" className="mb-4 text-2xl font-bold text-slate-900">
              Example request
            </h2>
            <CodeBlock label={`${create.method} ${PUBLIC_API_BASE}${create.path}`} code={exampleRequest(baseUrl)} />
          </section>
          <section aria-labelledby="webhooks">
            <Heading id="webhooks">Webhooks</Heading>
            <p className="mt-3 text-slate-700">
              Register an HTTPS endpoint in your workspace settings and Tessera sends a signed JSON POST for each event it chose. The
              OpenAPI document describes each body in its <code className={code}>webhooks</code> section.
            </p>
            <ReferenceTable
              caption="Webhook events"
              columns={['Event', 'When']}
              rows={[...Object.entries(webhookEventDocs), [WEBHOOK_TEST_EVENT, webhookTestEventDoc]]}
            />
            <h3 className="mt-6 text-lg font-semibold text-slate-900">The body</h3>
            <p className="mt-2 text-sm text-slate-700">
              A task in a webhook is the same task the API answers, with the same fields (see Task fields above).
            </p>
            <ReferenceTable caption="Webhook body" columns={['Field', 'Meaning']} rows={Object.entries(webhookBodyDocs)} />
            <ReferenceTable caption="Webhook data" columns={['Field of data', 'Meaning']} rows={Object.entries(webhookDataDocs)} />
            <h3 className="mt-6 text-lg font-semibold text-slate-900">Comment fields</h3>
            <ReferenceTable
              caption="Comment fields"
              columns={['Field', 'Type', 'Meaning']}
              rows={Object.entries(commentFieldDocs).map(([field, { type, meaning }]) => [field, type, meaning])}
            />
            <h3 className="mt-6 text-lg font-semibold text-slate-900">Headers</h3>
            <ReferenceTable caption="Webhook headers" columns={['Header', 'Meaning']} rows={Object.entries(webhookHeaderDocs)} />
            <h3 id="webhooks-locally" className="mt-6 text-lg font-semibold text-slate-900">
              Receiving webhooks on your own machine
            </h3>
            <p className="mt-2 text-slate-700">
              A production server sends only to public HTTPS addresses. A server run for development takes plain http and this machine’s own
              addresses too, such as <code className={`${code} break-all`}>http://localhost:4000/webhooks/tessera</code>: that is{' '}
              <code className={code}>npm run dev</code> (which sets <code className={code}>NODE_ENV=development</code>), or a server whose{' '}
              <code className={code}>APP_ORIGIN</code> is on a loopback host such as <code className={code}>http://localhost:3000</code>.
              Such an endpoint carries a warning in the settings, since a production server will not send to it. Run the receiver below on
              your machine and point the endpoint at it.
            </p>
            <VerifyWebhook />
          </section>
        </div>
      </Section>
    </>
  );
}
