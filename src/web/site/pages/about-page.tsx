import { ApplyForBeta, Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';

const principles = [
  {
    title: 'One picture',
    text: 'A team’s work should fit in one place, like the tiles of a mosaic. Every module we add has to connect to the others.',
  },
  { title: 'Fast before fancy', text: 'Pages load in a blink and every action answers at once. We measure it on every release.' },
  { title: 'Fair prices', text: 'Flat by team size, every feature on every plan, so inviting a teammate is never a budget question.' },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About"
        title="We build the workspace we wanted"
        lead="Tessera started in 2025 with a small, remote team who had run client projects across too many tools."
      />
      <Section>
        <div className="mx-auto max-w-3xl space-y-5 text-lg leading-8 text-slate-700">
          <p>
            Before Tessera, we ran a product studio. Our week was split between a board, a chat app, a docs tool and a spreadsheet that told
            clients how things were going. Each was good; together they cost us hours of copying status from one to another.
          </p>
          <p>
            Tessera is our answer: boards, chat, docs, a client portal, analytics and AI tasks that share one model of the work. We are in
            an invite-only beta so we can work closely with every team that joins.
          </p>
        </div>
      </Section>
      <Section title="What we hold to" tone="slate">
        <ul className="grid gap-6 md:grid-cols-3">
          {principles.map((principle) => (
            <li key={principle.title}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-slate-900">{principle.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{principle.text}</p>
              </Card>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ApplyForBeta />
        </div>
      </Section>
    </>
  );
}
