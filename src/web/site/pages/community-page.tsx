import { Link } from '#src/web/routing/links.tsx';
import { Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { channels, communityStats, discussions } from '#src/web/site/content/resources.ts';

export default function CommunityPage() {
  return (
    <>
      <PageHero
        eyebrow="Community"
        title="Where Tessera teams meet"
        lead="Ask questions, share how your team works, and shape what we build next."
      />
      <Section>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {channels.map((channel) => (
            <li key={channel.name}>
              <Card className="h-full">
                <h2 className="text-lg font-semibold text-slate-900">
                  <Link to={channel.link} className="hover:text-accent-700">
                    {channel.name}
                  </Link>
                </h2>
                <p className="mt-2 text-sm text-slate-600">{channel.description}</p>
                <p className="mt-3 text-xs font-medium text-slate-500">{channel.members}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="slate">
        <dl className="grid gap-6 text-center sm:grid-cols-3">
          {communityStats.map((stat) => (
            <div key={stat.label}>
              <dt className="text-sm text-slate-600">{stat.label}</dt>
              <dd className="text-4xl font-bold text-slate-900">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Featured discussions">
        <ul className="mx-auto grid max-w-4xl gap-4 md:grid-cols-2">
          {discussions.map((discussion) => (
            <li key={discussion.title}>
              <Card className="h-full">
                <h3 className="font-semibold text-slate-900">{discussion.title}</h3>
                <p className="mt-2 text-sm text-slate-600">
                  {discussion.author} · {discussion.replies} replies
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
