import { Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { featuredGuide, guides, type Guide } from '#src/web/site/content/resources.ts';

function GuideMeta({ guide }: { guide: Guide }) {
  return (
    <p className="mt-3 flex flex-wrap gap-2 text-xs">
      <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">{guide.readTime}</span>
      <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">{guide.difficulty}</span>
    </p>
  );
}

export default function GuidesPage() {
  return (
    <>
      <PageHero eyebrow="Guides" title="Step-by-step guides" lead="From your first board to webhooks." />
      <Section>
        <Card className="mb-10 border-accent-200 bg-accent-50">
          <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">Featured guide</p>
          <h2 className="mt-2 text-2xl font-bold text-slate-900">{featuredGuide.title}</h2>
          <p className="mt-2 text-slate-700">{featuredGuide.description}</p>
          <GuideMeta guide={featuredGuide} />
        </Card>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {guides.map((guide) => (
            <li key={guide.title}>
              <Card className="h-full">
                <span className={`block h-1.5 w-12 rounded-full ${guide.color}`} aria-hidden="true" />
                <h2 className="mt-4 text-lg font-semibold text-slate-900">{guide.title}</h2>
                <p className="mt-2 text-sm text-slate-600">{guide.description}</p>
                <GuideMeta guide={guide} />
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
