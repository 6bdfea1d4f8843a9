import { CodeBlock } from '#src/web/site/components/code-block.tsx';
import { ApplyForBeta, Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { useApiBaseUrl } from '#src/web/site/components/use-api-base-url.ts';
import { exampleRequest } from '#src/web/site/content/api-reference.ts';
import { integrations } from '#src/web/site/content/product.ts';

export default function IntegrationsPage() {
  const baseUrl = useApiBaseUrl();
  return (
    <>
      <PageHero
        eyebrow="Integrations"
        title="Bring your tools along"
        lead="Connect the code, files, designs and chat your team already has."
      >
        <ApplyForBeta />
      </PageHero>
      <Section>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {integrations.map((integration) => (
            <li key={integration.name}>
              <Card className="h-full">
                <div className="flex items-center justify-between gap-3">
                  <h2 className="text-lg font-semibold text-slate-900">{integration.name}</h2>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${integration.status === 'Available' ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-800'}`}
                  >
                    {integration.status}
                  </span>
                </div>
                <p className="mt-3 text-sm text-slate-600">{integration.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        title="Build your own"
        lead="The REST API reads and writes tasks with an API key. The example below is documentation only; the API reference lists every endpoint."
        tone="slate"
      >
        <div className="mx-auto max-w-3xl">
          <CodeBlock label="Create a task" code={exampleRequest(baseUrl)} />
        </div>
      </Section>
    </>
  );
}
