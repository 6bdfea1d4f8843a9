import { LegalPage } from '#src/web/site/components/legal-page.tsx';
import { privacySections } from '#src/web/site/content/legal.ts';

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" sections={privacySections} />;
}
