import type { FormEvent } from 'react';
import { HELLO_EMAIL, SUPPORT_EMAIL } from '#src/shared/brand.ts';
import { flow } from '#src/shared/messages.ts';
import { Button } from '#src/web/ui/button.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';

// spec 2, 4, 7: four required fields, the browser's email check, a 6-row message; no call is made —
// an alert thanks the sender and the form is cleared. The fields keep their own values (nothing reads
// them): the page is usable before its script runs, and what someone typed before then is cleared too.
export default function ContactPage() {
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    window.alert(flow.contactThanks);
    form.reset();
  }

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to the Tessera team"
        lead="Questions about the beta, pricing or your account — we read every message."
      />
      <Section>
        <div className="grid gap-10 lg:grid-cols-3">
          <form onSubmit={send} className="space-y-5 lg:col-span-2" aria-label="Contact form">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label="Name" name="name" required autoComplete="name" />
              <TextField label="Email" name="email" type="email" required autoComplete="email" />
            </div>
            <TextField label="Subject" name="subject" required />
            <div>
              <label htmlFor="contact-message" className="mb-1.5 block text-sm font-medium text-slate-700">
                Message
              </label>
              <textarea
                id="contact-message"
                name="message"
                rows={6}
                required
                className="block w-full rounded-control border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none sm:text-sm"
              />
            </div>
            <Button type="submit">Send Message</Button>
          </form>
          <div className="space-y-4">
            <Card>
              <h2 className="font-semibold text-slate-900">General</h2>
              <p className="mt-1 text-sm text-slate-600">
                <a href={`mailto:${HELLO_EMAIL}`} className="text-accent-700 underline">
                  {HELLO_EMAIL}
                </a>
              </p>
            </Card>
            <Card>
              <h2 className="font-semibold text-slate-900">Support</h2>
              <p className="mt-1 text-sm text-slate-600">
                <a href={`mailto:${SUPPORT_EMAIL}`} className="text-accent-700 underline">
                  {SUPPORT_EMAIL}
                </a>{' '}
                — beta users can reach the team directly.
              </p>
            </Card>
            <Card>
              <h2 className="font-semibold text-slate-900">Response time</h2>
              <p className="mt-1 text-sm text-slate-600">Typically within 24 hours on business days.</p>
            </Card>
          </div>
        </div>
      </Section>
    </>
  );
}
