import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { crudPermissions, defineResource, organisationField, text } from '../../resources/define.ts';
import { registerResource } from '../../resources/modules.ts';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { dataProvider } from '../../providers/dataProvider.ts';
import { SearchDialog } from '../../src/search/SearchDialog.tsx';
import { storeSession } from './signed-in.ts';

/** A declaration the product does not have, searched because it says `globalSearch`. */
registerResource(
  defineResource({
    name: 'pump',
    api: '/pumps',
    table: 'pumps',
    path: '/management/pump',
    title: 'Pumps',
    module: 'management-pump',
    scope: 'organisation',
    permissions: crudPermissions('pump'),
    fields: {
      name: text({ required: true, searchable: true }),
      serial: text({ searchable: true }),
      organisationId: organisationField(),
    },
    list: ['name', 'serial', 'organisationId'],
    recordLabel: ['name'],
    defaultSort: ['name', 'ASC'],
    globalSearch: { category: 'Pumps', detail: ['serial', 'organisationId'] },
  }),
);

const asked: string[] = [];
const server = setupServer(
  http.get('*/api/search', ({ request }) => {
    asked.push(new URL(request.url).search);
    return HttpResponse.json({
      Devices: [
        {
          id: 'd1',
          imei: '868347070000003',
          iccid: '8991000000000000003',
          labels: { organisationId: 'Sunrise Logistics' },
        },
      ],
      Vehicles: [],
      Users: [],
      Pumps: [{ id: 'p1', name: 'Pump one', serial: 'SN-1', labels: { organisationId: 'Sunrise Logistics' } }],
      totals: { Devices: 1, Vehicles: 0, Users: 0, Pumps: 1 },
      estimated: [],
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  localStorage.clear();
  storeSession('SUPER_ADMIN', [], true);
});

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

const renderDialog = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
        <SearchDialog open onClose={() => undefined} />
        <Location />
      </AdminContext>
    </MemoryRouter>,
  );

describe('the search dialog', () => {
  it("shows a group for each declaration with globalSearch, a new entity's too, and opens a result", async () => {
    renderDialog();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search' }), 'one');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const devices = await screen.findByRole('list', { name: 'Devices' });
    expect(within(devices).getByText('868347070000003')).toBeInTheDocument();
    expect(within(devices).getByText('8991000000000000003 · Sunrise Logistics')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Vehicles' })).getByText('No Vehicles for the query')).toBeTruthy();
    const pumps = screen.getByRole('list', { name: 'Pumps' });
    expect(within(pumps).getByText('SN-1 · Sunrise Logistics')).toBeInTheDocument();
    expect(asked).toEqual(['?q=one']);

    await userEvent.click(within(pumps).getByText('Pump one'));
    expect(screen.getByRole('status', { name: 'location', hidden: true })).toHaveTextContent(
      '/management/pump/edit/p1',
    );
  });

  it("offers the spec's categories in its order (Vehicles, Devices, Users), then the other declarations'", async () => {
    renderDialog();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Category' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options.slice(0, 4)).toEqual(['All', 'Vehicles', 'Devices', 'Users']);
    // registered last: after any entity resources/entities/index.ts lists
    expect(options.at(-1)).toBe('Pumps');
  });
});
