import { describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import PrivacyPolicyScreen from '@/screens/legal/PrivacyPolicyScreen';
import TermsOfServiceScreen from '@/screens/legal/TermsOfServiceScreen';
import { activateLanguage } from '@/app/i18n';
import { renderScreen } from '../harness';

describe('legal pages', () => {
  it.each([
    ['Privacy Policy', PrivacyPolicyScreen],
    ['Terms of Service', TermsOfServiceScreen],
  ])('%s shows its title, the last-updated date and several sections', (title, Screen) => {
    renderScreen(<Screen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByText('Last updated July 14, 2025')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(5);
  });

  it('links each page to the other', () => {
    renderScreen(<PrivacyPolicyScreen />);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    cleanup();
    renderScreen(<TermsOfServiceScreen />);
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  });

  it('formats the date and the text in the active language', async () => {
    await activateLanguage('fr', false);
    renderScreen(<PrivacyPolicyScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Politique de confidentialité');
    expect(screen.getByText(/14 juillet 2025/).textContent).toBe('Dernière mise à jour le 14 juillet 2025');
    cleanup();

    await activateLanguage('tr', false);
    renderScreen(<TermsOfServiceScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hizmet Koşulları');
    expect(screen.getByText(/14 Temmuz 2025/).textContent).toBe('Son güncelleme 14 Temmuz 2025');
  });
});
