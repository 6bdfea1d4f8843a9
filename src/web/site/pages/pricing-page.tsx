import { PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { CostSlider, PricingTiers } from '#src/web/site/components/pricing-section.tsx';

const faq = [
  {
    q: 'What happens when my team outgrows its tier?',
    a: 'Your workspace moves to the next tier automatically when you add a user past the limit: from Free to $50 at the 4th user, and from $50 to $200 at the 16th. You are billed the new rate from the following month.',
  },
  {
    q: 'Are any features held back on the cheaper tiers?',
    a: 'No. Boards, chat, docs, the client portal, analytics, AI tasks and every integration are on every tier.',
  },
  {
    q: 'How does billing work?',
    a: 'Paid plans are billed monthly. You can cancel any time; we do not refund partial months. We give 30 days’ notice before any price change.',
  },
  { q: 'Do beta teams keep their price?', a: 'Yes. Teams that join during the beta keep these rates.' },
  { q: 'Do clients in the portal count as users?', a: 'No. Clients who only use the client portal do not count toward your team size.' },
];

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="One flat price per team"
        lead="Free up to 3 users, $50 a month up to 15, $200 a month up to 100. Every feature on every tier."
      />
      <Section>
        <PricingTiers headingLevel="h2" />
      </Section>
      <Section title="Compare with per-seat pricing" lead="Move the slider to your team size." tone="slate">
        <CostSlider />
      </Section>
      <Section title="Frequently asked questions">
        <dl className="mx-auto max-w-3xl divide-y divide-slate-200">
          {faq.map((item) => (
            <div key={item.q} className="py-5">
              <dt className="font-semibold text-slate-900">{item.q}</dt>
              <dd className="mt-2 text-slate-600">{item.a}</dd>
            </div>
          ))}
        </dl>
      </Section>
    </>
  );
}
