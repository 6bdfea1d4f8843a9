import { Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { roadmap } from '#src/web/site/content/product.ts';

// An id names one element only when it has no spaces: 'In Progress' -> 'roadmap-in-progress'.
const headingId = (column: string) => `roadmap-${column.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export default function RoadmapPage() {
  return (
    <>
      <PageHero
        eyebrow="Roadmap"
        title="What we built, what we are building, what comes next"
        lead="Estimates are by quarter and may move; beta teams shape the order."
      />
      <Section>
        <div className="grid gap-6 md:grid-cols-3">
          {Object.entries(roadmap).map(([column, items]) => (
            <section key={column} aria-labelledby={headingId(column)}>
              <h2 id={headingId(column)} className="mb-4 text-lg font-semibold text-slate-900">
                {column}
              </h2>
              <ul className="space-y-3">
                {items.map((item) => (
                  <li key={item.title}>
                    <Card>
                      <p className="font-medium text-slate-900">{item.title}</p>
                      <p className="mt-1 text-sm text-slate-500">{item.when}</p>
                    </Card>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Section>
    </>
  );
}
