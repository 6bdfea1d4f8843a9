import { Check } from 'lucide-react';
import { ApplyForBeta, Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { featureCategories } from '#src/web/site/content/product.ts';

export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Everything a team needs, in eight parts"
        lead="Every feature is on every plan, from a team of 3 to a team of 100."
      >
        <ApplyForBeta />
      </PageHero>
      <Section>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {featureCategories.map((category) => (
            <li key={category.title}>
              <Card className="h-full">
                <h2 className="text-lg font-semibold text-slate-900">{category.title}</h2>
                <ul className="mt-4 space-y-2 text-sm text-slate-700">
                  {category.items.map((item) => (
                    <li key={item} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                      {item}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
