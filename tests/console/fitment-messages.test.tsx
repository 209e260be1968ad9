import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, type DataProvider, type TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../../core/i18n/en.ts';
import hi from '../../core/i18n/hi.ts';
import { FitmentFormPage } from '../../custom-pages/fitment/FitmentFormPage.tsx';

// the form reads devices (the IMEI picker) and nothing else before it is sent
const noRecords = { getList: async () => ({ data: [], total: 0 }) } as unknown as DataProvider;

function renderForm(locale: 'en' | 'hi') {
  const i18nProvider = polyglotI18nProvider(
    () => (locale === 'hi' ? hi : en) as unknown as TranslationMessages,
    locale,
  );
  return render(
    <MemoryRouter initialEntries={['/fitment/add']}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={noRecords}>
        <Routes>
          <Route path="/fitment/add" element={<FitmentFormPage />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

/** An untranslated key (ra.validation.required, fitment.images.rcImagesCount) in the page's text. */
const RAW_KEY = /\b(ra|resources|fitment|validation|upload)\.[a-z][\w.]*/g;

describe.each([
  [
    'en',
    [
      'Upload exactly 2 RC images',
      'Upload 2 to 3 device images',
      'Upload 1 to 2 Aadhaar card images',
      'Upload 1 to 2 PAN card images',
      'State is required',
      'IMEI is required',
    ],
  ],
  [
    'hi',
    [
      'ठीक 2 आरसी चित्र अपलोड करें',
      '2 से 3 डिवाइस चित्र अपलोड करें',
      '1 से 2 आधार कार्ड चित्र अपलोड करें',
      '1 से 2 पैन कार्ड चित्र अपलोड करें',
      'राज्य आवश्यक है',
      'IMEI आवश्यक है',
    ],
  ],
] as const)('the fitment form submitted empty (%s)', (locale, expected) => {
  it('shows each field message translated once, never encoded or as a key', async () => {
    const { container } = renderForm(locale);
    await userEvent.click(await screen.findByRole('button', { name: locale === 'en' ? 'Submit' : 'जमा करें' }));
    await waitFor(() => {
      const shown = [...container.querySelectorAll('.MuiFormHelperText-root.Mui-error')].map(
        (node) => node.textContent,
      );
      expect(shown).toEqual(expect.arrayContaining([...expected]));
    });
    // the RTO waits for a state: the state is what is asked for, not the RTO it cannot yet be chosen in
    expect(container.textContent).not.toContain(locale === 'en' ? 'Choose the RTO' : 'आरटीओ चुनें');
    expect(container.textContent).not.toContain('@@');
    expect(container.textContent?.match(RAW_KEY) ?? []).toEqual([]);
  });
});

describe('the fitment form with a state chosen', () => {
  it('asks for the RTO of that state', async () => {
    const { container } = renderForm('en');
    await userEvent.click(await screen.findByRole('combobox', { name: /State/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Uttar Pradesh' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => {
      const shown = [...container.querySelectorAll('.MuiFormHelperText-root.Mui-error')].map(
        (node) => node.textContent,
      );
      expect(shown).toContain('Choose the RTO');
      expect(shown).not.toContain('State is required');
    });
  });
});
