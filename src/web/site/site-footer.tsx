import { Link } from '#src/web/routing/links.tsx';
import { INTRO_POST_PATH } from '#src/shared/brand.ts';
import { LogoMark } from '#src/web/ui/logo.tsx';

const groups = [
  {
    title: 'Product',
    links: [
      ['/features', 'Features'],
      ['/integrations', 'Integrations'],
      ['/pricing', 'Pricing'],
      ['/changelog', 'Changelog'],
      ['/roadmap', 'Roadmap'],
    ],
  },
  {
    title: 'Resources',
    links: [
      ['/docs', 'Documentation'],
      ['/docs/api', 'API reference'],
      ['/guides', 'Guides'],
      ['/community', 'Community'],
      ['/blog', 'Blog'],
    ],
  },
  {
    title: 'Blog',
    links: [
      [INTRO_POST_PATH, 'Introducing Tessera'],
      ['/blog/ai-productivity', 'AI and productivity'],
      ['/blog/flat-pricing', 'Flat pricing'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['/about', 'About'],
      ['/careers', 'Careers'],
      ['/contact', 'Contact'],
      ['/privacy', 'Privacy'],
      ['/terms', 'Terms'],
      ['/login', 'Sign in'],
    ],
  },
] as const;

// Fixed, so the prerendered HTML and the first client render agree.
const COPYRIGHT_YEAR = 2026;

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <LogoMark /> Tessera
          </p>
          <p className="mt-3 text-sm text-slate-600">Boards, chat, docs, a client portal, analytics and AI tasks for teams.</p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map(([to, text]) => (
                <li key={to}>
                  <Link to={to} className="text-sm text-slate-600 hover:text-accent-700">
                    {text}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-100 py-6 text-center text-xs text-slate-500">© {COPYRIGHT_YEAR} Tessera. All rights reserved.</p>
    </footer>
  );
}
