import { Search } from 'lucide-react';
import { Link } from '#src/web/routing/links.tsx';
import { Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { docSections, guides } from '#src/web/site/content/resources.ts';

export default function DocsPage() {
  return (
    <>
      <PageHero eyebrow="Documentation" title="How to run your team on Tessera" lead="Set-up, features, administration and integrations.">
        {/* spec 2: a search box with no behaviour shown. */}
        <form role="search" className="w-full max-w-lg" onSubmit={(event) => event.preventDefault()}>
          <label className="relative block">
            <span className="sr-only">Search the documentation</span>
            <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              type="search"
              placeholder="Search the docs"
              className="w-full rounded-control border border-slate-300 bg-white py-3 pr-4 pl-11 text-base focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none"
            />
          </label>
        </form>
      </PageHero>
      <Section>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {docSections.map((section) => (
            <Card key={section.title}>
              <h2 className="text-lg font-semibold text-slate-900">{section.title}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {section.links.map((link) => (
                  <li key={link}>
                    <Link to="/docs" className="text-accent-700 hover:underline">
                      {link}
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
        <p className="mt-6 text-sm text-slate-600">
          Permissions & Roles: workspaces have admins and members; the full guide arrives with the next release.
        </p>
      </Section>
      <Section title="Popular guides" tone="slate">
        <ul className="grid gap-4 md:grid-cols-3">
          {guides.slice(0, 3).map((guide) => (
            <li key={guide.title}>
              <Link to="/guides" className="block rounded-card border border-slate-200 bg-white p-5 hover:border-accent-600">
                <p className="font-semibold text-slate-900">{guide.title}</p>
                <p className="mt-1 text-sm text-slate-600">{guide.readTime}</p>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-slate-700">
          Cannot find an answer?{' '}
          <Link to="/contact" className="font-semibold text-accent-700 hover:underline">
            Contact Support
          </Link>
        </p>
      </Section>
    </>
  );
}
