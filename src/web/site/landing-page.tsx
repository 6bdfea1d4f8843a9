import { Link } from '#src/web/routing/links.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';
import { ChartPicture, ChatPicture, KanbanPicture } from '#src/web/site/components/illustrations.tsx';
import { Card, CtaBand, Section } from '#src/web/site/components/page-parts.tsx';
import { CostSlider, PricingTiers } from '#src/web/site/components/pricing-section.tsx';
import { blogPosts } from '#src/web/site/content/blog-posts.ts';
import { deepDives, integrationNames, modules, testimonials } from '#src/web/site/content/landing.ts';

const pictures = { kanban: KanbanPicture, chat: ChatPicture, chart: ChartPicture };

// spec 1: beta slots are full and a waitlist opens soon, so the sign-up buttons here are disabled.
function WaitlistButtons({ id, dark = false }: { id: string; dark?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" disabled aria-describedby={id} className={buttonClass('primary', 'lg')}>
          Join the beta
        </button>
        <button type="button" disabled aria-describedby={id} className={buttonClass('secondary', 'lg')}>
          Join the waitlist
        </button>
      </div>
      <p id={id} className={`text-sm ${dark ? 'text-rail-ink' : 'text-slate-600'}`}>
        Beta slots are full. The waitlist opens soon.
      </p>
    </div>
  );
}

export default function LandingPage() {
  return (
    <>
      <header className="bg-gradient-to-b from-accent-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-2">
          <div className="text-center lg:text-left">
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Invite-only beta</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              Boards, chat, docs and your clients, in one workspace
            </h1>
            <p className="mt-5 text-lg text-pretty text-slate-600">
              Tessera fits a team’s Kanban boards, chat, docs, client portal, analytics and AI tasks into one picture. Free up to 3 users,
              $50 a month up to 15.
            </p>
            <div className="mt-8 lg:flex lg:justify-start">
              <WaitlistButtons id="hero-waitlist" />
            </div>
          </div>
          <KanbanPicture />
        </div>
      </header>

      <Section id="features" title="Six tools’ worth of work, one workspace" lead="Every module is on every plan." tone="slate">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {modules.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <Icon className="size-6 text-accent-600" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/features" className="font-semibold text-accent-700 hover:underline">
            See all features
          </Link>
        </p>
      </Section>

      {deepDives.map((dive, index) => {
        const Picture = pictures[dive.picture];
        return (
          <Section key={dive.id} id={dive.id} tone={index % 2 ? 'slate' : 'white'}>
            <div className="grid items-center gap-10 lg:grid-cols-2">
              <div className={index % 2 ? 'lg:order-2' : ''}>
                <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{dive.title}</h2>
                <p className="mt-4 text-lg text-slate-600">{dive.text}</p>
              </div>
              <Picture />
            </div>
          </Section>
        );
      })}

      <Section id="testimonials" title="What beta teams say" tone="slate">
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.who}>
              <figure className="h-full rounded-card border border-slate-200 bg-white p-6 shadow-sm">
                <blockquote className="text-slate-800">“{testimonial.quote}”</blockquote>
                <figcaption className="mt-4 text-sm text-slate-600">{testimonial.who}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="integrations" title="Works with the tools you keep" lead="Bring your code, files, designs and chat history along.">
        <ul className="flex flex-wrap justify-center gap-3">
          {integrationNames.map((name) => (
            <li key={name} className="rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-xs">
              {name}
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/integrations" className="font-semibold text-accent-700 hover:underline">
            Browse integrations
          </Link>{' '}
          ·{' '}
          <Link to="/docs/api" className="font-semibold text-accent-700 hover:underline">
            API reference
          </Link>
        </p>
      </Section>

      <Section id="pricing" title="One flat price per team" lead="All features on every tier. Beta teams keep these rates." tone="slate">
        <PricingTiers />
        <div className="mt-12">
          <CostSlider />
        </div>
        <p className="mt-8 text-center">
          <Link to="/pricing" className="font-semibold text-accent-700 hover:underline">
            Pricing details and FAQ
          </Link>
        </p>
      </Section>

      <Section id="blog" title="From the blog">
        <ul className="grid gap-6 md:grid-cols-3">
          {blogPosts.map((post) => (
            <li key={post.path}>
              <Card className="h-full">
                <p className="text-xs text-slate-500">{post.readTime}</p>
                <h3 className="mt-2 text-lg font-semibold text-slate-900">
                  <Link to={post.path} className="hover:text-accent-700">
                    {post.title}
                  </Link>
                </h3>
                <p className="mt-2 text-sm text-slate-600">{post.summary}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/blog" className="font-semibold text-accent-700 hover:underline">
            All posts
          </Link>
        </p>
      </Section>

      <CtaBand title="Ready when a slot opens" lead="We are onboarding beta teams one at a time. Already invited? Sign in.">
        <div className="flex flex-col items-center gap-4">
          <WaitlistButtons id="closing-waitlist" dark />
          <Link to="/login" className="font-semibold text-rail-ink-strong underline">
            Sign in
          </Link>
        </div>
      </CtaBand>
    </>
  );
}
