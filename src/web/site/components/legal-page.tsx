import { PageHero } from './page-parts.tsx';

export const LAST_UPDATED = 'October 1, 2025';

export function LegalPage({ title, sections }: { title: string; sections: Array<{ heading: string; paragraphs: string[] }> }) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title} lead={`Last updated ${LAST_UPDATED}`} />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-14">
        {sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-bold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-7 text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
