import { CAREERS_EMAIL } from '#src/shared/brand.ts';
import { Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';

// spec 3: open position — title, location, type, description.
interface OpenPosition {
  title: string;
  location: string;
  type: string;
  description: string;
}

const values = [
  { title: 'Build with Passion', text: 'We use Tessera to build Tessera, and we care about the details our customers notice.' },
  { title: 'Move Fast', text: 'Small changes, shipped often, measured honestly.' },
  { title: 'Work Remote', text: 'We work from where we do our best work, with a few hours of overlap each day.' },
];

const positions: OpenPosition[] = [
  {
    title: 'Senior Full Stack Engineer',
    location: 'Remote',
    type: 'Full-time',
    description:
      'Build features across our TypeScript stack, from the React app to the API and database, with a sharp eye for speed and security.',
  },
  {
    title: 'Product Designer',
    location: 'Remote',
    type: 'Full-time',
    description: 'Design boards, chat and the client portal end to end, from research with beta teams to pixel-level polish.',
  },
  {
    title: 'Customer Success Lead',
    location: 'Remote',
    type: 'Full-time',
    description: 'Onboard beta teams, turn their feedback into roadmap input, and build our help content.',
  },
];

export default function CareersPage() {
  return (
    <>
      <PageHero eyebrow="Careers" title="Join the Team" lead="We are a small, remote team building the workspace teams deserve." />
      <Section>
        <ul className="grid gap-6 md:grid-cols-3">
          {values.map((value) => (
            <li key={value.title}>
              <Card className="h-full">
                <h2 className="text-lg font-semibold text-slate-900">{value.title}</h2>
                <p className="mt-2 text-sm text-slate-600">{value.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Open positions" tone="slate">
        <ul className="mx-auto max-w-3xl space-y-4">
          {positions.map((position) => (
            <li key={position.title}>
              <Card>
                <h3 className="text-lg font-semibold text-slate-900">{position.title}</h3>
                <p className="mt-1 text-sm text-slate-500">
                  {position.location} · {position.type}
                </p>
                <p className="mt-3 text-slate-700">{position.description}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <a href={`mailto:${CAREERS_EMAIL}`} className={buttonClass('primary')}>
            Get in Touch
          </a>
        </p>
      </Section>
    </>
  );
}
