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
import alert from '../../resources/reports/alert.ts';
import { presetRange } from '../../resources/reports/period.ts';
import { formatDate } from '../../core/format/date.ts';
import { ReportPage } from '../../custom-pages/reports/ReportPage.tsx';

/** Twelve alerts: more than a page of the table (10), and an export the fake server hands out 5 at a time. */
const ALERTS = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  eventTime: new Date(Date.UTC(2026, 9, 2, 4, 30 + i)).toISOString(),
  registrationNumber: `UP78AB${1000 + i}`,
  vehicleName: `Truck ${i}`,
  imei: `86834707555${String(i).padStart(4, '0')}`,
  type: i % 2 ? 'SOS' : 'OVERSPEED',
  place: '26.449900,80.331900',
  speed: 40 + i,
  details: null,
}));
const listFilters: Record<string, unknown>[] = [];
const exportRanges: number[][] = [];

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
  // the page asks for its report's view: a page of rows, their count, the totals row and the chart in one answer
  http.get('*/api/report/alertv2/view', ({ request }) => {
    const url = new URL(request.url);
    listFilters.push(JSON.parse(url.searchParams.get('filter') ?? '{}'));
    const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,9]') as number[];
    // the chart is drawn in the browser test; here it has no rows
    return HttpResponse.json({
      success: true,
      data: {
        rows: ALERTS.slice(start, end! + 1),
        total: ALERTS.length,
        totals: { registrationNumber: 12, speed: 51 },
        chart: [],
      },
    });
  }),
  http.get('*/api/report/alertv2/export', ({ request }) => {
    const url = new URL(request.url);
    const [start] = JSON.parse(url.searchParams.get('range') ?? '[0,9]') as number[];
    exportRanges.push([start!]);
    // the fake server's largest export page is 5 rows: the menu must ask again until it has every row
    const rows = ALERTS.slice(start, start! + 5);
    return HttpResponse.json(rows, {
      headers: { 'Content-Range': `alert ${start}-${start! + rows.length - 1}/${ALERTS.length}` },
    });
  }),
  http.get('*/api/vehicle', () => HttpResponse.json([], { headers: { 'Content-Range': 'vehicle */0' } })),
  http.get('*/api/group', () => HttpResponse.json([], { headers: { 'Content-Range': 'groups */0' } })),
);
/** The paths the page asked the server for. */
const requested: string[] = [];
server.events.on('request:start', ({ request }) => {
  requested.push(new URL(request.url).pathname);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

beforeEach(() => {
  localStorage.clear();
  listFilters.length = 0;
  exportRanges.length = 0;
  requested.length = 0;
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
  localStorage.setItem('waymark.permissions', encodePermissions(['report-alert', 'export-report-alert']));
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/reports/alert']}>
      <AdminContext
        i18nProvider={i18nProvider}
        authProvider={authProvider}
        dataProvider={dataProvider}
        store={memoryStore()}
      >
        <ReportPage report={alert} />
      </AdminContext>
    </MemoryRouter>,
  );

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('the report page', () => {
  it('asks for today first, and for the chosen preset once one is picked', async () => {
    renderPage();
    await screen.findByText('UP78AB1000');
    expect(listFilters.at(-1)).toEqual({ preset: 'today' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'This month' }));
    await waitFor(() => expect(listFilters.at(-1)).toEqual({ preset: 'thisMonth' }));
    const { from, to } = presetRange('thisMonth');
    expect(screen.getByTestId('report-period-range')).toHaveTextContent(
      `${formatDate(from)} – ${formatDate(new Date(to.getTime() - 1))}`,
    );
  });

  it('formats the rows, shows the totals row over every row, and hides a column chosen away', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    await within(table).findByText('UP78AB1000');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 10 + 1);
    expect(within(table).getAllByText('Overspeed').length).toBeGreaterThan(0);
    expect(within(table).getByText('02/10/2026 10:00:00')).toBeInTheDocument();
    const totals = await within(table).findByTestId('report-totals');
    // under Time the label, under Vehicle the count of every row (12, not the page's 10), under Speed the highest
    await waitFor(() =>
      expect(
        within(totals)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['Total', '12', '', '', '51', '']),
    );
    expect(headers(table)).toContain('Place');
    expect(headers(table)).not.toContain('IMEI');
    // the rows, the totals and the chart came in one call: no totals or chart call of their own
    const reportCalls = requested.filter((path) => path.includes('/report/alertv2'));
    expect(reportCalls.length).toBeGreaterThan(0);
    expect(reportCalls.every((path) => path.endsWith('/report/alertv2/view'))).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('switch', { name: 'Place' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(headers(screen.getByRole('table'))).not.toContain('Place'));
    expect(headers(screen.getByRole('table'))).toContain('Vehicle');
  });

  it('names the file by the day in India, not the UTC day (01:30 on 27/11 in India is still 26/11 in UTC)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T20:00:00Z'));
    const names: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      renderPage();
      await screen.findByText('UP78AB1000');
      await userEvent.click(screen.getByRole('button', { name: 'Export' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: /CSV/ }));
      await waitFor(() => expect(names).toHaveLength(1));
      expect(names[0]).toMatch(/-2026-11-27\.csv$/);
    } finally {
      click.mockRestore();
      vi.useRealTimers();
    }
  });

  it('exports every row, across the server’s pages, as CSV with the columns shown', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    renderPage();
    await screen.findByText('UP78AB1000');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /CSV/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(exportRanges).toEqual([[0], [5], [10]]);
    const lines = (await blobs[0]!.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(13);
    expect(lines[0]).toBe('Time,Vehicle,Alert type,Place,Speed (km/h),Details');
    expect(lines[12]).toBe('02/10/2026 10:11:00,UP78AB1011,SOS,"26.449900, 80.331900",51,');
  });
});
