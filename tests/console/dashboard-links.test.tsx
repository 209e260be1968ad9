import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { dataProvider } from '../../providers/dataProvider.ts';
import { storeSession } from './signed-in.ts';

// the live socket is not under test here
vi.mock('../../src/live/useLiveFleet.ts', () => ({
  useLiveFleet: () => ({ vehicles: new Map(), version: 0, connected: false }),
}));

const { DashboardPage } = await import('../../custom-pages/dashboard/DashboardPage.tsx');
const { DashboardCharts } = await import('../../custom-pages/dashboard/DashboardCharts.tsx');

const summary = {
  vehicles: { total: 8, running: 1, idle: 5, stopped: 2, offline: 0, noData: 0 },
  today: {
    day: '2026-11-26',
    distanceMeters: 61_400,
    runningSeconds: 5_760,
    reportingVehicles: 8,
    alerts: 32,
    alertsByType: [{ key: 'SOS', count: 1 }],
    topVehicles: [
      {
        vehicleId: 'v1',
        name: 'Sunrise 6',
        registrationNumber: 'UP78FT4326',
        distanceMeters: 11_300,
        runningSeconds: 780,
        maxSpeed: 60,
      },
    ],
  },
  devices: { total: 12, NEW: 3, ALLOCATED: 1, INSTALLED: 8, DEFECTED: 0 },
};

const server = setupServer(
  http.get('*/api/dashboard/summary', () => HttpResponse.json({ success: true, data: summary })),
  http.get('*/api/erp/fitment-counts', () =>
    HttpResponse.json({ success: false, message: 'not asked' }, { status: 403 }),
  ),
  http.get('*/api/erp/stock-counts', () =>
    HttpResponse.json({ success: false, message: 'not asked' }, { status: 403 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => localStorage.clear());

const renderDashboard = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
        <DashboardPage />
      </AdminContext>
    </MemoryRouter>,
  );

const section = (name: string) => screen.getByRole('region', { name });

describe('dashboard figures open only the pages the role may open', () => {
  it("shows a device maker's vehicle and today figures as plain text, and its device figures as links", async () => {
    // the manufacturer's grants (docs/permissions.md): no vehicle status, no run or alert reports
    storeSession('MANUFACTURER', ['dashboard', 'management-device', 'management-device-model', 'report-raw-logs']);
    renderDashboard();
    await screen.findByText('61.4 km');
    await screen.findByText('UP78FT4326');
    expect(within(section('Vehicles by state')).getByText('8')).toBeInTheDocument();
    expect(within(section('Vehicles by state')).queryAllByRole('link')).toHaveLength(0);
    expect(within(section('Today')).getByText('SOS: 1')).toBeInTheDocument();
    expect(within(section('Today')).queryAllByRole('link')).toHaveLength(0);
    expect(within(section('Devices by status')).getAllByRole('link')[0]).toHaveAttribute('href', '/management/device');
  });

  it('links every figure for a role holding the pages behind them', async () => {
    storeSession('CUSTOMER', [
      'dashboard',
      'vehicle-status',
      'report-daily-run-summary',
      'report-daily-vehicle-operation-report',
      'report-alert',
    ]);
    renderDashboard();
    await screen.findByText('61.4 km');
    const vehicles = within(section('Vehicles by state'));
    expect(vehicles.getAllByRole('link')).toHaveLength(6);
    expect(vehicles.getAllByRole('link')[0]).toHaveAttribute('href', '/vehicle-status');
    const today = within(section('Today'));
    expect(today.getByRole('link', { name: /Distance today/ }).getAttribute('href')).toMatch(
      /^\/reports\/daily-run-summary\?/,
    );
    expect(today.getByRole('link', { name: /Vehicles reporting today/ }).getAttribute('href')).toMatch(
      /^\/reports\/daily-vehicle-operation-report\?/,
    );
    expect(today.getByRole('link', { name: /Alerts today/ }).getAttribute('href')).toMatch(/^\/reports\/alert\?/);
    expect(today.getByRole('link', { name: 'SOS: 1' }).getAttribute('href')).toMatch(/^\/reports\/alert\?/);
    expect(today.getByRole('link', { name: 'UP78FT4326' }).getAttribute('href')).toMatch(
      /^\/reports\/daily-run-summary\?/,
    );
  });
});

describe('dashboard charts open only the reports the role may open', () => {
  const charts = {
    from: '2026-11-25',
    to: '2026-11-26',
    vehicles: 6,
    alertsByType: [{ key: 'SOS', count: 2 }],
    days: [
      {
        key: '2026-11-25',
        distanceMeters: 12_000,
        runningSeconds: 3_600,
        reportingVehicles: 5,
        utilisation: 40,
        offlineVehicles: 1,
        fitments: 2,
      },
      {
        key: '2026-11-26',
        distanceMeters: 8_000,
        runningSeconds: 2_400,
        reportingVehicles: 4,
        utilisation: 30,
        offlineVehicles: 0,
        fitments: 1,
      },
    ],
  };
  const renderCharts = () =>
    render(
      <MemoryRouter initialEntries={['/dashboardv2']}>
        <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
          <DashboardCharts
            charts={charts}
            kinds={['distance', 'utilisation', 'offline', 'alerts', 'fitments']}
            filter={{ preset: 'last7days' }}
          />
        </AdminContext>
      </MemoryRouter>,
    );

  it('offers no report link to a role holding the dashboard alone (RFC_ADMIN)', async () => {
    storeSession('RFC_ADMIN', ['dashboard-v2', 'fleet-dashboard']);
    renderCharts();
    await screen.findByRole('region', { name: 'Alerts by type' });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('links each chart to its report for a role holding them', async () => {
    storeSession('CUSTOMER', [
      'dashboard-v2',
      'report-daily-run-summary',
      'report-daily-vehicle-operation-report',
      'report-offline',
      'report-alert',
      'fitment',
    ]);
    renderCharts();
    const links = await screen.findAllByRole('link', { name: 'Open the report' });
    expect(links.map((link) => link.getAttribute('href')?.split('?')[0]).sort()).toEqual([
      '/fitment',
      '/reports/alert',
      '/reports/daily-run-summary',
      '/reports/daily-vehicle-operation-report',
      '/reports/offline',
    ]);
  });
});
