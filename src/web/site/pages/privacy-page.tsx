import { LegalPage } from '../components/legal-page';
import { privacySections } from '../content/legal';

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" sections={privacySections} />;
}
