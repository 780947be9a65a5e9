import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FormField from '@/components/FormField';
import Tabs from '@/components/Tabs';
import CategoryChecklist from '@/components/CategoryChecklist';

describe('FormField', () => {
  it('labels its control and ties the error text to it', () => {
    render(
      <FormField label="Email" error="Enter a valid email address." hint="We never show it publicly.">
        {(control) => <input {...control} type="email" />}
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['We never show it publicly.', 'Enter a valid email address.']);
  });

  it('is not marked invalid without an error', () => {
    render(<FormField label="Name">{(control) => <input {...control} />}</FormField>);
    const input = screen.getByLabelText('Name');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});

function TabsHarness() {
  type Key = 'main' | 'details' | 'settings';
  const [tab, setTab] = useState<Key>('main');
  return (
    <Tabs<Key>
      label="Profile"
      active={tab}
      onChange={setTab}
      tabs={[
        { key: 'main', label: 'Main' },
        { key: 'details', label: 'Details' },
        { key: 'settings', label: 'Settings' },
      ]}
    >
      <p>{`panel:${tab}`}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows one panel, switches on click and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    expect(screen.getByRole('tabpanel').textContent).toBe('panel:main');
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel:settings');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel:main');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Main' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel:settings');
  });
});

describe('CategoryChecklist', () => {
  it('adds and removes categories as they are ticked', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [selected, setSelected] = useState<number[]>([]);
      return (
        <>
          <CategoryChecklist
            legend="Industries"
            categories={[
              { id: 4, name: 'Textiles' },
              { id: 9, name: 'Food' },
            ]}
            selected={selected}
            onChange={setSelected}
          />
          <output>{selected.join(',')}</output>
        </>
      );
    }
    render(
      <I18nProvider i18n={i18n}>
        <Harness />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Food' }));
    await user.click(screen.getByRole('checkbox', { name: 'Textiles' }));
    expect(screen.getByRole('status').textContent).toBe('9,4');
    await user.click(screen.getByRole('checkbox', { name: 'Food' }));
    expect(screen.getByRole('status').textContent).toBe('4');
  });
});
