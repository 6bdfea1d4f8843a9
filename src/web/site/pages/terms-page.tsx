import { LegalPage } from '../components/legal-page';
import { termsSections } from '../content/legal';

export default function TermsPage() {
  return <LegalPage title="Terms of Service" sections={termsSections} />;
}
