import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLanguage } from '../../../src/app/i18n';
import { fakeApi, renderApp } from '../helpers';

const main = () => within(screen.getByRole('navigation', { name: /^(Main|Principal|Ana menü)$/ }));

describe('languages (spec §1)', () => {
  it('starts in English and switches the texts to French and Turkish', async () => {
    fakeApi();
    await renderApp('/');
    expect(document.documentElement.lang).toBe('en');
    expect(main().getByRole('link', { name: 'Flash deals' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'EN' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'FR' }));
    expect(await main().findByRole('link', { name: 'Ventes flash' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Accueil' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connexion' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('language')).toBe('fr');
    expect(screen.getByRole('button', { name: 'FR' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'TR' }));
    expect(await main().findByRole('link', { name: 'Ana sayfa' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Ürün ara' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('tr');
    expect(localStorage.getItem('language')).toBe('tr');
  });

  it('uses the stored choice at start', async () => {
    localStorage.setItem('language', 'fr');
    fakeApi();
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 : page introuvable' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('falls back to English for an unknown stored language', async () => {
    localStorage.setItem('language', 'de');
    await activateLanguage('fr', false);
    fakeApi();
    await renderApp('/');
    expect(main().getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });
});
