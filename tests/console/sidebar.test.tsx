import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { Menu } from '../../src/layout/Menu.tsx';
import { storeSession } from './signed-in.ts';

const renderMenu = async () => {
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider}>
        <Menu />
      </AdminContext>
    </MemoryRouter>,
  );
  await screen.findByRole('menuitem', { name: /Vehicle Status/ });
};
const topLevel = () =>
  screen
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.replace(/(new|beta)$/, '').trim())
    .slice(0, 7);

beforeEach(() => localStorage.clear());

describe('the sidebar', () => {
  it("lists the spec's top level in order: Fitment, then the one more item", async () => {
    storeSession('SUPER_ADMIN', [], true);
    await renderMenu();
    expect(topLevel()).toEqual([
      'Vehicle Status',
      'Dashboard',
      'Dashboard 2.0',
      'Fleet Dashboard',
      'Live tracking',
      'Fitment',
      'SIM Activation Orders',
    ]);
  });

  it('offers Debug under Management to a role that holds it', async () => {
    storeSession('CUSTOM', ['vehicle-status', 'debug']);
    await renderMenu();
    await userEvent.click(screen.getByRole('button', { name: /Management/ }));
    const debug = await screen.findByRole('menuitem', { name: 'Debug' });
    expect(debug).toHaveAttribute('href', '/debug');
  });

  it('has no Debug entry for a role without the debug module', async () => {
    storeSession('CUSTOM', ['vehicle-status', 'management-device']);
    await renderMenu();
    await userEvent.click(screen.getByRole('button', { name: /Management/ }));
    await screen.findByRole('menuitem', { name: /Devices/ });
    expect(within(document.body).queryByRole('menuitem', { name: 'Debug' })).toBeNull();
  });
});
