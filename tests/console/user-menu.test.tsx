import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { UserMenu } from '../../src/layout/UserMenu.tsx';
import { storeSession } from './signed-in.ts';

const openMenu = async () => {
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider}>
        <UserMenu />
      </AdminContext>
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Profile' }));
  await screen.findByRole('menuitem', { name: 'Change password' });
};

beforeEach(() => localStorage.clear());

describe('the user menu', () => {
  it('offers the wallet to a role holding account-wallet, whatever its name', async () => {
    storeSession('RFC_ADMIN', ['account-wallet']);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Wallet' })).toHaveAttribute('href', '/account/wallet');
  });

  it('offers no wallet to a role without it, even one named ADMIN', async () => {
    storeSession('ADMIN', ['vehicle-status']);
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Wallet' })).toBeNull();
  });

  it('offers the wallet to the super admin, who sees every entry', async () => {
    storeSession('SUPER_ADMIN', [], true);
    await openMenu();
    await screen.findByRole('menuitem', { name: 'Wallet' });
  });
});
