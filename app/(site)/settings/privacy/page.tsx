import type { Metadata } from 'next';
import { PrivacySettingsPage } from '@/components/messages/privacy-settings-page';
import { loadPrivacySettings } from '@/lib/messages/settings';

export const metadata: Metadata = { title: 'Privacy and blocking' };

/** Who may write to me, and the members I blocked (lib/messages/settings.ts). */
export default async function PrivacySettingsRoute() {
  return <PrivacySettingsPage {...await loadPrivacySettings()} />;
}
