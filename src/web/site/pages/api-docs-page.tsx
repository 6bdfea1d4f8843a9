import { CodeBlock } from '#src/web/site/components/code-block.tsx';
import { Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { useApiBaseUrl } from '#src/web/site/components/use-api-base-url.ts';
import { VerifyWebhook } from '#src/web/site/components/verify-webhook.tsx';
import { exampleRequest, taskEndpoints, taskFields, webhookEvents } from '#src/web/site/content/api-reference.ts';

export default function ApiDocsPage() {
  const baseUrl = useApiBaseUrl();
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
            <h2 id="auth" className="text-2xl font-bold text-slate-900">
              Authentication
            </h2>
            <p className="mt-3 text-slate-700">
              Create an API key in your workspace settings and send it as a bearer token in the{' '}
              <code className="rounded bg-slate-100 px-1">Authorization</code> header:{' '}
              <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;your key&gt;</code>. Keep keys secret; anyone with a key
              can act for your workspace.
            </p>
          </section>
          <section aria-labelledby="limits">
            <h2 id="limits" className="text-2xl font-bold text-slate-900">
              Rate limits
            </h2>
            <p className="mt-3 text-slate-700">
              Each API key may make 1000 requests per hour. Every response carries the{' '}
              <code className="rounded bg-slate-100 px-1">X-RateLimit-Remaining</code> header with the requests left in the current hour.
            </p>
          </section>
          <section aria-labelledby="base">
            <h2 id="base" className="text-2xl font-bold text-slate-900">
              Base URL
            </h2>
            <p className="mt-3">
              <code className="rounded bg-slate-100 px-2 py-1" data-testid="api-base-url">
                {baseUrl}
              </code>
            </p>
          </section>
          <section aria-labelledby="endpoints">
            <h2 id="endpoints" className="text-2xl font-bold text-slate-900">
              Endpoints
            </h2>
            <ul className="mt-4 space-y-2">
              {taskEndpoints.map((endpoint) => (
                <li
                  key={endpoint.method + endpoint.endpoint}
                  className="flex flex-wrap items-center gap-3 rounded-control border border-slate-200 p-3"
                >
                  <span className="w-16 rounded bg-slate-900 px-2 py-0.5 text-center font-mono text-xs font-bold text-white">
                    {endpoint.method}
                  </span>
                  <code className="font-mono text-sm text-slate-900">{endpoint.endpoint}</code>
                  <span className="text-sm text-slate-600">{endpoint.description}</span>
                </li>
              ))}
            </ul>
            <h3 className="mt-6 text-lg font-semibold text-slate-900">Task fields</h3>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full min-w-[480px] text-left text-sm">
                <thead className="text-slate-500">
                  <tr>
                    <th scope="col" className="py-2 pr-4">
                      Field
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Type
                    </th>
                    <th scope="col" className="py-2">
                      Meaning
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {taskFields.map(([field, type, meaning]) => (
                    <tr key={field}>
                      <td className="py-2 pr-4 font-mono">{field}</td>
                      <td className="py-2 pr-4 font-mono text-slate-600">{type}</td>
                      <td className="py-2 text-slate-700">{meaning}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="example">
            <h2 id="example" className="mb-4 text-2xl font-bold text-slate-900">
              Example request
            </h2>
            <CodeBlock label={`POST ${taskEndpoints[1]!.endpoint}`} code={exampleRequest(baseUrl)} />
          </section>
          <section aria-labelledby="webhooks">
            <h2 id="webhooks" className="text-2xl font-bold text-slate-900">
              Webhooks
            </h2>
            <p className="mt-3 text-slate-700">Register an HTTPS endpoint and Tessera sends a JSON POST for each event, among them:</p>
            <Card className="mt-4">
              <ul className="flex flex-wrap gap-2">
                {webhookEvents.map((event) => (
                  <li key={event} className="rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-800">
                    {event}
                  </li>
                ))}
                <li className="px-2 py-1 text-sm text-slate-600">and more</li>
              </ul>
            </Card>
            <VerifyWebhook />
          </section>
        </div>
      </Section>
    </>
  );
}
