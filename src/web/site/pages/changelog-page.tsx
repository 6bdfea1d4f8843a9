import { PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { releases, type ChangeType } from '#src/web/site/content/product.ts';

const typeStyle: Record<ChangeType, string> = {
  new: 'bg-green-50 text-green-800',
  improvement: 'bg-sky-50 text-sky-800',
  fix: 'bg-amber-50 text-amber-800',
};

export default function ChangelogPage() {
  return (
    <>
      <PageHero eyebrow="Changelog" title="What changed in each release" lead="Tessera ships to beta teams every month." />
      <Section>
        <ol className="mx-auto max-w-3xl space-y-12">
          {releases.map((release) => (
            <li key={release.version}>
              <h2 className="text-2xl font-bold text-slate-900">{release.version}</h2>
              <p className="text-sm text-slate-500">{release.date}</p>
              <ul className="mt-4 space-y-3">
                {release.changes.map((change) => (
                  <li key={change.text} className="flex items-start gap-3">
                    <span
                      className={`mt-0.5 w-24 shrink-0 rounded-full px-2 py-0.5 text-center text-xs font-semibold ${typeStyle[change.type]}`}
                    >
                      {change.type}
                    </span>
                    <span className="text-slate-700">{change.text}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
