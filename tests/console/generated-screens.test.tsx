import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { choice, crudPermissions, defineResource, number, organisationField, text } from '../../resources/define.ts';
import { findResource, registerResource } from '../../resources/modules.ts';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { dataProvider } from '../../providers/dataProvider.ts';
import { Menu } from '../../src/layout/Menu.tsx';
import { StackedNotifications } from '../../src/layout/Notifications.tsx';
import { ResourceList } from '../../src/resources/ResourceList.tsx';
import { createDefaults, ResourceEdit } from '../../src/resources/ResourceForm.tsx';
import { TablePdf } from '../../src/resources/pdfTable.tsx';
import { toCsv, toXlsx } from '../../src/resources/exporters.ts';
import { storeSession } from './signed-in.ts';

/** A declaration the product does not have: its screens come from the declaration alone. */
const widget = defineResource({
  name: 'widget',
  api: '/widgets',
  table: 'widgets',
  path: '/management/widget',
  title: 'Widgets',
  module: 'management-widget',
  scope: 'organisation',
  permissions: crudPermissions('widget'),
  fields: {
    name: text({ required: true, searchable: true, sortable: true }),
    colour: choice(['RED', 'BLUE'], { filterable: true }),
    size: number({ integer: true }),
    organisationId: organisationField(),
  },
  list: ['name', 'colour', 'size', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'No widgets here',
});
registerResource(widget);

let signedInRole = 'CUSTOM';
let signedInScopes: unknown[] = [];
let widgets = [
  {
    id: 'a1',
    name: 'Blue one',
    colour: 'BLUE',
    size: 3,
    organisationId: 'o1',
    labels: { organisationId: 'Sunrise Logistics' },
  },
  {
    id: 'b2',
    name: 'Red one',
    colour: 'RED',
    size: 7,
    organisationId: 'o1',
    labels: { organisationId: 'Sunrise Logistics' },
  },
];
const deleted: string[] = [];
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
        role: { id: 'r', name: signedInRole, isSuperAdmin: signedInRole === 'SUPER_ADMIN', authScopes: signedInScopes },
      },
    }),
  ),
  http.get('*/api/widgets', () =>
    HttpResponse.json(widgets, { headers: { 'Content-Range': `widget 0-${widgets.length - 1}/${widgets.length}` } }),
  ),
  http.delete('*/api/widgets/:id', ({ params }) => {
    deleted.push(String(params.id));
    const row = widgets.find((w) => w.id === params.id);
    widgets = widgets.filter((w) => w.id !== params.id);
    return HttpResponse.json(row);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

function signInAs(role: string, permissions: string[]) {
  signedInRole = role;
  // the same permissions as the role the server reports when the session is restored
  signedInScopes = [{ id: 'granted', actions: Object.fromEntries(permissions.map((p) => [p, true])) }];
  storeSession(role, permissions, role === 'SUPER_ADMIN');
}
beforeEach(() => localStorage.clear());

const renderWith = (children: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={['/management/widget']}>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
        {children}
        <StackedNotifications />
      </AdminContext>
    </MemoryRouter>,
  );

describe('a declared resource in the console', () => {
  it('has a menu entry for roles holding its module id, and none for others', async () => {
    signInAs('CUSTOM', ['management-widget']);
    const { unmount } = renderWith(<Menu />);
    await userEvent.click(await screen.findByTestId('menu-group-management'));
    expect(await screen.findByRole('menuitem', { name: 'Widgets' })).toHaveAttribute('href', '/management/widget');
    unmount();
    signInAs('CUSTOM', ['management-device']);
    renderWith(<Menu />);
    await userEvent.click(await screen.findByTestId('menu-group-management'));
    await screen.findByRole('menuitem', { name: 'Devices' });
    expect(screen.queryByRole('menuitem', { name: 'Widgets' })).toBeNull();
  });

  it('lists rows with their reference labels and deletes one after the spec confirmation', async () => {
    signInAs('CUSTOM', ['management-widget', 'delete-widget']);
    renderWith(<ResourceList resource={widget} />);
    const table = await screen.findByRole('table');
    await within(table).findByText('Blue one');
    expect(within(table).getAllByText('Sunrise Logistics')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Add' })).toBeNull(); // no add-widget
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull(); // no export-widget
    const row = within(table).getByText('Blue one').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Row actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull(); // no edit-widget
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await screen.findByText('Do you really want to delete this product?');
    await screen.findByText("You won't be able to revert after deletion");
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('You successfully deleted the item');
    expect(deleted).toEqual(['a1']);
    await waitFor(() => expect(within(table).queryByText('Blue one')).toBeNull());
  });

  it("shows the screen's own message when nothing matches", async () => {
    signInAs('SUPER_ADMIN', []);
    server.use(http.get('*/api/widgets', () => HttpResponse.json([], { headers: { 'Content-Range': 'widget */0' } })));
    renderWith(<ResourceList resource={widget} />);
    await screen.findByText('No widgets here');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/management/widget/add');
  });

  it('says "about" beside a total the server estimated, and gives an exact one as it is', async () => {
    signInAs('SUPER_ADMIN', []);
    server.use(
      http.get('*/api/widgets', () =>
        HttpResponse.json(widgets, {
          headers: {
            'Content-Range': 'widget 0-1/101234',
            'X-Total-Estimated': 'true',
            'Access-Control-Expose-Headers': 'Content-Range, X-Total-Estimated',
          },
        }),
      ),
    );
    renderWith(<ResourceList resource={widget} />);
    await screen.findByText('1-10 of about 1,00,000');
    cleanup();
    server.use(
      http.get('*/api/widgets', () => HttpResponse.json(widgets, { headers: { 'Content-Range': 'widget 0-1/2' } })),
    );
    renderWith(<ResourceList resource={widget} />);
    await screen.findByText('1-2 of 2');
    expect(screen.queryByText(/about/)).toBeNull();
  });

  it('starts an Add form with the defaults of the fields it shows, and sends no read-only field', () => {
    expect(createDefaults(findResource('role')!)).toEqual({ authScopes: [] });
    expect(createDefaults(findResource('fitment')!)).not.toHaveProperty('activationStatus');
    expect(createDefaults(findResource('device')!)).toEqual({ status: 'NEW', active: true });
  });

  it('keeps what the user typed when the full record replaces the list row on the edit form', async () => {
    signInAs('SUPER_ADMIN', []);
    const row = {
      id: 'e1',
      name: 'Green one',
      colour: 'RED',
      size: 2,
      organisationId: 'o1',
      labels: { organisationId: 'Sunrise Logistics' },
    };
    let answerRecord: () => void = () => {};
    const recordAsked = new Promise<void>((resolve) => {
      server.use(
        http.get('*/api/widgets/:id', async () => {
          resolve();
          await new Promise<void>((release) => {
            answerRecord = release;
          });
          return HttpResponse.json({ ...row, updatedAt: '2026-11-22T00:00:00Z' });
        }),
      );
    });
    // what react-admin's list leaves behind for each of its rows
    const queryClient = new QueryClient();
    queryClient.setQueryData(['widget', 'getOne', { id: 'e1', meta: undefined }], row);
    render(
      <MemoryRouter initialEntries={['/management/widget/edit/e1']}>
        <AdminContext
          i18nProvider={i18nProvider}
          authProvider={authProvider}
          dataProvider={dataProvider}
          queryClient={queryClient}
        >
          <ResourceEdit resource={widget} id="e1" />
        </AdminContext>
      </MemoryRouter>,
    );
    const name = await screen.findByRole('textbox', { name: /resources.widget.fields.name/ });
    await waitFor(() => expect(name).toHaveValue('Green one'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await recordAsked;
    answerRecord();
    await waitFor(() =>
      expect(queryClient.getQueryData(['widget', 'getOne', { id: 'e1', meta: undefined }])).toHaveProperty('updatedAt'),
    );
    expect(name).toHaveValue('Renamed');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("loads a whole small list into a form's reference picker, not the first 25", async () => {
    signInAs('SUPER_ADMIN', []);
    const ranges: string[] = [];
    server.use(
      http.get('*/api/widgets/:id', () =>
        HttpResponse.json({ id: 'e1', name: 'Green one', colour: null, size: 2, organisationId: 'o1', labels: {} }),
      ),
      http.get('*/api/organisation', ({ request }) => {
        const range = new URL(request.url).searchParams.get('range');
        if (range) ranges.push(range);
        return HttpResponse.json([{ id: 'o1', tradeName: 'Sunrise Logistics', brandName: 'Sunrise' }], {
          headers: { 'Content-Range': 'organisation 0-0/1' },
        });
      }),
    );
    const { unmount } = render(
      <MemoryRouter initialEntries={['/management/widget/edit/e1']}>
        <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
          <ResourceEdit resource={widget} id="e1" />
        </AdminContext>
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /resources.widget.fields.name/ })).toHaveValue('Green one'),
    );
    await waitFor(() => expect(ranges).toContain('[0,99]'));
    unmount();
  });
});

describe('export formats', () => {
  const table = {
    title: 'Widgets',
    headers: ['Name', 'Colour', 'Size', 'Organisation'],
    rows: [['Blue, one', 'BLUE', '3', 'Sunrise']],
  };

  it('writes CSV with a header row and quoted values', async () => {
    expect(await (await toCsv(table)).text()).toBe('Name,Colour,Size,Organisation\r\n"Blue, one",BLUE,3,Sunrise');
  });

  it('writes an Excel book whose one sheet is named Sheet1', async () => {
    const bytes = new Uint8Array(await (await toXlsx(table)).arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // a zip, as .xlsx is
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.match(/<sheet [^>]*name="([^"]+)"/g)).toEqual([expect.stringContaining('name="Sheet1"')]);
  });

  it('lays the PDF table out in columns of equal width: 25% for four', () => {
    const widths: string[] = [];
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(walk);
      const props = (node as { props?: { style?: unknown; children?: unknown } }).props;
      const styles = [props?.style].flat(2) as ({ width?: string } | undefined)[];
      for (const s of styles) if (s?.width) widths.push(s.width);
      walk(props?.children);
    };
    const element = TablePdf(table);
    walk(element);
    expect(widths.length).toBe(8);
    expect(new Set(widths)).toEqual(new Set(['25%']));
  });
});
