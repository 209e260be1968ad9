import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { dataProvider } from '../../providers/dataProvider.ts';
import { encodePermissions } from '../../core/permissions.ts';
import customTrip from '../../resources/reports/custom-trip.ts';
import monthlySummary from '../../resources/reports/monthly-summary.ts';
import dailyOperation from '../../resources/reports/daily-vehicle-operation-report.ts';
import type { ReportDeclaration } from '../../resources/reports/define.ts';
import { ReportPage } from '../../custom-pages/reports/ReportPage.tsx';

/** The custom trip report waits for its one vehicle; the monthly summary reads months as MM/yyyy. */
const VEHICLE = { id: '0b9d3c1e-8f1a-4c35-9d7e-3a1f2b4c5d6e', registrationNumber: 'UP78RR0001', name: 'Sunrise 1' };
const TRIPS = [
  {
    id: 'T1',
    kind: 'TRIP',
    startTime: '2026-10-30T02:30:00Z',
    endTime: '2026-10-30T04:00:00Z',
    startPlace: '26.449923,80.331871',
    endPlace: '26.5,80.4',
    distance: 45000,
    duration: 5400,
    maxSpeed: 72,
    averageSpeed: 30,
    ignitionOn: 5400,
    status: 'CLOSED',
  },
  {
    id: 'S1',
    kind: 'STOP',
    startTime: '2026-10-30T04:00:00Z',
    endTime: '2026-10-30T06:30:00Z',
    startPlace: '26.5,80.4',
    endPlace: '26.5,80.4',
    distance: 0,
    duration: 9000,
    maxSpeed: null,
    averageSpeed: null,
    ignitionOn: 0,
    status: 'CLOSED',
  },
];
const calls: string[] = [];

/** A report view's answer: the page's rows (every row here), their count, the totals row and the chart. */
const view = (rows: object[], totals: object, chart: object[] | null) => ({
  success: true,
  data: { rows, total: rows.length, totals, chart },
});

const server = setupServer(
  http.get('*/api/auth/logged-in-user/:id', ({ params }) =>
    HttpResponse.json({
      success: true,
      data: {
        id: params.id,
        firstName: 'Test',
        lastName: 'User',
        email: 't@x.in',
        phone: null,
        role: { id: 'r', name: 'CUSTOMER', isSuperAdmin: false, authScopes: [] },
      },
    }),
  ),
  // the page asks for its report's view: the rows, their count, the totals row and the chart in one answer
  http.get('*/api/custom-trip/view', ({ request }) => {
    const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { vehicleId?: string };
    calls.push(`list ${filter.vehicleId ?? 'none'}`);
    if (!filter.vehicleId)
      return HttpResponse.json(
        { success: false, message: 'Choose one vehicle for this report', errors: { vehicleId: 'Choose one vehicle' } },
        { status: 400 },
      );
    return HttpResponse.json(
      view(TRIPS, { kind: 2, distance: 45000, duration: 14400, maxSpeed: 72, ignitionOn: 5400 }, null),
    );
  }),
  http.get('*/api/report/monthly-summary/view', () =>
    HttpResponse.json(
      view(
        [
          {
            id: 'd:2026-10',
            month: '2026-10',
            registrationNumber: 'UP78RR0001',
            vehicleName: 'Sunrise 1',
            distance: 200000,
            running: 18000,
            idle: 5400,
            stopped: 149400,
            maxSpeed: 72,
            trips: 5,
            alerts: 3,
            daysActive: 2,
          },
        ],
        { distance: 200000 },
        // the chart's rows carry metres, as the table's do
        [
          { key: '2026-09', distance: 150000 },
          { key: '2026-10', distance: 200000 },
        ],
      ),
    ),
  ),
  http.get('*/api/report/daily-vehicle-operation/view', () =>
    HttpResponse.json(
      view([], {}, [
        { key: '2026-10-29', running: 7200, idle: 1800 },
        { key: '2026-10-30', running: 18000, idle: 3600 },
      ]),
    ),
  ),
  http.get('*/api/vehicle', () => HttpResponse.json([VEHICLE], { headers: { 'Content-Range': 'vehicle 0-0/1' } })),
  http.get('*/api/group', () => HttpResponse.json([], { headers: { 'Content-Range': 'groups */0' } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  const later = new Date(Date.now() + 3_600_000).toISOString();
  localStorage.setItem(
    'waymark.session',
    JSON.stringify({
      accessToken: 'a',
      refreshToken: 'r',
      accessExpiresAt: later,
      refreshExpiresAt: later,
      user: { id: 'u1', firstName: 'Test', lastName: 'User', email: 't@x.in', phone: null },
      role: { name: 'CUSTOMER', isSuperAdmin: false, authScopes: [] },
    }),
  );
  localStorage.setItem(
    'waymark.permissions',
    encodePermissions(['report-custom-trip', 'report-monthly-summary', 'report-daily-vehicle-operation-report']),
  );
});

const renderPage = (report: ReportDeclaration) =>
  render(
    <MemoryRouter initialEntries={[`/reports/${report.slug}`]}>
      <AdminContext
        i18nProvider={i18nProvider}
        authProvider={authProvider}
        dataProvider={dataProvider}
        store={memoryStore()}
      >
        <ReportPage report={report} />
      </AdminContext>
    </MemoryRouter>,
  );

describe('the run report pages', () => {
  it('custom trip: asks for one vehicle without an error, then lists its trips and stops', async () => {
    const logged = vi.spyOn(console, 'error');
    renderPage(customTrip);
    expect(await screen.findByTestId('report-choose-vehicle')).toHaveTextContent('Choose a vehicle to see this report');
    expect(screen.queryByText('Choose one vehicle for this report')).toBeNull();
    // nothing is asked for until the vehicle is chosen: no view (rows, totals) the server must refuse
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual([]);
    expect(logged.mock.calls.flat().some((arg) => (arg as { status?: number })?.status === 400)).toBe(false);
    logged.mockRestore();

    await userEvent.click(screen.getByRole('combobox', { name: /Vehicle/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'UP78RR0001 (Sunrise 1)' }));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2));
    expect(calls).toContain(`list ${VEHICLE.id}`);
    const body = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(body.some((text) => text?.startsWith('Trip') && text.includes('45.0'))).toBe(true);
    expect(body.some((text) => text?.startsWith('Stop'))).toBe(true);
    await waitFor(() => expect(screen.getByTestId('report-totals')).toHaveTextContent('Total: 2'));
  });

  it('monthly summary: shows a month as MM/yyyy', async () => {
    renderPage(monthlySummary);
    const table = await screen.findByRole('table');
    await within(table).findByText('10/2026');
    // the row's distance and the totals row's
    expect(within(table).getAllByText('200.0')).toHaveLength(2);
  });

  it('monthly summary: the chart plots distance in km, as the table and the "Distance (km)" label read', async () => {
    renderPage(monthlySummary);
    // the chart is its own lazily loaded chunk (@mui/x-charts): the first test to draw one waits for its import
    const chart = await screen.findByRole('figure', { name: 'Distance per month' }, { timeout: 15_000 });
    expect(chart).toHaveTextContent('Distance (km)');
    const leftAxis = await waitFor(() => {
      const axis = chart.querySelector('.MuiChartsAxis-left');
      if (!axis?.querySelector('.MuiChartsAxis-tickLabel')) throw new Error('no y axis yet');
      return axis;
    });
    const ticks = [...leftAxis.querySelectorAll('.MuiChartsAxis-tickLabel')].map((t) =>
      Number(t.textContent!.replace(/,/g, '')),
    );
    // 200 km, not 200,000 (metres)
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...ticks)).toBeLessThan(1000);
  });

  it('daily vehicle operation: the chart plots running and idle time in hours, and its axis says so', async () => {
    renderPage(dailyOperation);
    const chart = await screen.findByRole('figure', { name: 'Running and idle time per day' }, { timeout: 15_000 });
    const ticks = await waitFor(() => {
      const labels = [...chart.querySelectorAll('.MuiChartsAxis-left .MuiChartsAxis-tickLabel')].map(
        (t) => t.textContent!,
      );
      if (!labels.length) throw new Error('no y axis yet');
      return labels;
    });
    // 5 hours of running at most: "5 h", not 18,000 (seconds)
    expect(
      ticks.every((t) => / h$/.test(t)),
      ticks.join(),
    ).toBe(true);
    const hours = ticks.map((t) => Number(t.replace(/ h$/, '')));
    expect(Math.max(...hours)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...hours)).toBeLessThan(10);
  });
});
