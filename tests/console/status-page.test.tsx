import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, type TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../../core/i18n/en.ts';
import hi from '../../core/i18n/hi.ts';
import { StatusPage } from '../../src/pages/StatusPage.tsx';
import { storeSession } from './signed-in.ts';

const renderPage = (kind: 'noAccess' | 'notFound', locale: 'en' | 'hi' = 'en') =>
  render(
    <MemoryRouter>
      <AdminContext
        i18nProvider={polyglotI18nProvider(() => (locale === 'hi' ? hi : en) as unknown as TranslationMessages, locale)}
      >
        <StatusPage kind={kind} />
      </AdminContext>
    </MemoryRouter>,
  );

beforeEach(() => localStorage.clear());

describe("the status pages' way out names where it leads", () => {
  it("sends a device maker to its start page, Devices, by that page's name, in English and Hindi", () => {
    storeSession('MANUFACTURER', ['dashboard', 'management-device', 'management-device-model', 'report-raw-logs']);
    const { unmount } = renderPage('noAccess');
    expect(screen.getByRole('link', { name: 'Go to Devices' })).toHaveAttribute('href', '/management/device');
    expect(screen.queryByText(/Vehicle Status/)).toBeNull();
    unmount();
    renderPage('notFound', 'hi');
    expect(screen.getByRole('link', { name: 'डिवाइस पर जाएँ' })).toHaveAttribute('href', '/management/device');
  });

  it('sends a role with Vehicle Status there, and a fitter to its fitments', () => {
    storeSession('DEALER', ['vehicle-status', 'dashboard']);
    const { unmount } = renderPage('notFound');
    expect(screen.getByRole('link', { name: 'Go to Vehicle Status' })).toHaveAttribute('href', '/vehicle-status');
    unmount();
    storeSession('FITTER', ['fitment', 'add-fitment']);
    renderPage('noAccess');
    expect(screen.getByRole('link', { name: 'Go to Fitment' })).toHaveAttribute('href', '/fitment');
  });

  it('sends a signed-out visitor to sign in', () => {
    renderPage('notFound');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
  });
});
