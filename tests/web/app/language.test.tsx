import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLanguage } from '@/app/i18n';
import { fakeApi, renderApp } from '../helpers';
import { db } from '@/db/db';

const main = () => within(screen.getByRole('navigation', { name: /^(Main|Principal|Ana menü)$/ }));

describe('languages (docs/product.md#who-it-is-for)', () => {
  it('starts in English and switches the texts to French and Turkish', async () => {
    fakeApi();
    await renderApp('/');
    expect(document.documentElement.lang).toBe('en');
    expect(main().getByRole('link', { name: 'Flash deals' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'EN' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'FR' }));
    expect(await main().findByRole('link', { name: 'Ventes flash' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Accueil' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
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

  it('shows category names and banner titles in the chosen language from the rows on the device', async () => {
    await db.categories.put({ id: 7, name: 'Furniture', names: { en: 'Furniture', fr: 'Mobilier', tr: 'Mobilya' }, position: 1 });
    await db.banners.put({
      id: 1,
      image_url: '/media/b.png',
      title: 'Harvest week',
      titles: { en: 'Harvest week', fr: 'Semaine des récoltes', tr: 'Hasat haftası' },
      link: null,
    });
    // No route answers: everything comes from the device's rows.
    fakeApi();
    await renderApp('/');
    expect(await screen.findByRole('img', { name: 'Harvest week' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'TR' }));
    expect(await screen.findByRole('img', { name: 'Hasat haftası' })).toBeTruthy();
    expect(screen.queryByText('Harvest week')).toBeNull();
    await userEvent.click(main().getByRole('button', { name: 'Kategoriler' }));
    expect((await screen.findByRole('link', { name: 'Mobilya' })).getAttribute('href')).toBe('/category/7/Mobilya');
    expect(screen.queryByRole('link', { name: 'Furniture' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'FR' }));
    expect(await screen.findByRole('img', { name: 'Semaine des récoltes' })).toBeTruthy();
  });
});
