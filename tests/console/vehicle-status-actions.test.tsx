import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { dataProvider } from '../../providers/dataProvider.ts';
import { StackedNotifications } from '../../src/layout/Notifications.tsx';
import { ResourceList } from '../../src/resources/ResourceList.tsx';
import vehicleStatuses from '../../resources/vehicle-statuses.ts';
import { storeSession } from './signed-in.ts';

const STATUS_ACTIONS = ['see-live-tracking', 'see-route-playback', 'assign-geofence', 'view-report'];
const rows = [
  {
    id: 'v1',
    registrationNumber: 'UP78AT4321',
    name: 'Sunrise 1',
    groupName: null,
    groupId: 'g1',
    status: 'running',
    speed: 33,
    lastSeenAt: null,
    labels: {},
  },
];

let signedIn = { role: '', permissions: [] as string[] };
const server = setupServer(
  // the session restored: the same role and permissions as stored
  http.get('*/api/auth/logged-in-user/:id', ({ params }) =>
    HttpResponse.json({
      success: true,
      data: {
        id: params.id,
        firstName: 'Test',
        lastName: 'User',
        email: 't@x.in',
        phone: null,
        role: {
          id: 'r',
          name: signedIn.role,
          isSuperAdmin: false,
          authScopes: [{ id: 'granted', actions: Object.fromEntries(signedIn.permissions.map((p) => [p, true])) }],
        },
      },
    }),
  ),
  http.get('*/api/vehicle/statuses', () =>
    HttpResponse.json(rows, { headers: { 'Content-Range': 'vehicle/statuses 0-0/1' } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => localStorage.clear());

function signInAs(role: string, permissions: string[]) {
  signedIn = { role, permissions };
  storeSession(role, permissions);
}

const renderList = () =>
  render(
    <MemoryRouter initialEntries={['/vehicle-status']}>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
        <ResourceList resource={vehicleStatuses} />
        <StackedNotifications />
      </AdminContext>
    </MemoryRouter>,
  );

async function openRowMenu() {
  const table = await screen.findByRole('table');
  const row = (await within(table).findByText('UP78AT4321')).closest('tr')!;
  await userEvent.click(await within(row).findByRole('button', { name: 'Row actions' }));
  await screen.findByRole('menu');
}

describe('Vehicle Status row actions are offered only with what the server checks for their calls', () => {
  it('offers a customer the screens it may open, and Assign Geofence, whose own permission id reads what its dialog shows', async () => {
    // the customer's grants (docs/permissions.md)
    signInAs('CUSTOMER', [
      'vehicle-status',
      ...STATUS_ACTIONS,
      'dashboard',
      'live-tracking',
      'route-playback',
      'duty-report',
    ]);
    renderList();
    await openRowMenu();
    expect(screen.getByRole('menuitem', { name: 'See Live Tracking' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'See Route Playback' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'View Report' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Assign Geofence' })).toBeInTheDocument();
  });

  it('offers no screen the role may not open (RFC: Vehicle Status alone)', async () => {
    signInAs('RFC', ['vehicle-status', ...STATUS_ACTIONS]);
    renderList();
    await openRowMenu();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Assign Geofence']);
  });

  it('has no row menu for a role holding none of the actions', async () => {
    signInAs('LOOKER', ['vehicle-status']);
    renderList();
    const table = await screen.findByRole('table');
    await within(table).findByText('UP78AT4321');
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Row actions' })).toBeNull());
  });

  it('opens Assign Geofence alone, the menu closed, and says so when the geofences cannot be loaded', async () => {
    server.use(
      http.get('*/api/geofences', () =>
        HttpResponse.json({ success: false, message: 'The database is not answering' }, { status: 500 }),
      ),
      http.get('*/api/vehicle/:id/geofences', () => HttpResponse.json([])),
    );
    signInAs('CUSTOM', ['vehicle-status', 'assign-geofence', 'management-vehicle', 'management-geofence']);
    renderList();
    await openRowMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Assign Geofence' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('The geofences could not be loaded: The database is not answering');
    expect(within(dialog).queryByText(/No geofences/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('lists the geofences with the assigned ones ticked and saves the choice', async () => {
    let saved: unknown;
    server.use(
      http.get('*/api/geofences', () =>
        HttpResponse.json(
          [
            { id: 'f1', name: 'Depot', type: 'POINT' },
            { id: 'f2', name: 'Yard', type: 'POLYGON' },
          ],
          { headers: { 'Content-Range': 'geofence 0-1/2' } },
        ),
      ),
      http.get('*/api/vehicle/:id/geofences', () => HttpResponse.json([{ id: 'f1', name: 'Depot', type: 'POINT' }])),
      http.put('*/api/vehicle/:id/geofences', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ success: true, message: '2 geofences assigned', data: saved });
      }),
    );
    signInAs('CUSTOM', ['vehicle-status', 'assign-geofence', 'management-vehicle', 'management-geofence']);
    renderList();
    await openRowMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Assign Geofence' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Depot (POINT)' })).toBeChecked());
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Yard (POLYGON)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('2 geofences assigned');
    expect(saved).toEqual({ geofenceIds: ['f1', 'f2'] });
  });
});
