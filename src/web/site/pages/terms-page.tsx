import { LegalPage } from '#src/web/site/components/legal-page.tsx';
import { termsSections } from '#src/web/site/content/legal.ts';

export default function TermsPage() {
  return <LegalPage title="Terms of Service" sections={termsSections} />;
}
