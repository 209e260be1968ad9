import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, useLocation } from 'react-router-dom';
import {
  Admin,
  CustomRoutes,
  useCreatePath,
  useGetRecordRepresentation,
  useGetResourceLabel,
  useResourceDefinitions,
} from 'react-admin';
import { crudPermissions, defineResource, text } from '../../resources/define.ts';
import { registerResource } from '../../resources/modules.ts';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { dataProvider } from '../../providers/dataProvider.ts';
import { App } from '../../src/App.tsx';
import { resourceElements } from '../../src/routes.tsx';
import { storeSession } from './signed-in.ts';

/** A declaration the product does not have: it becomes a react-admin resource with nothing else written. */
const gadget = defineResource({
  name: 'gadget',
  api: '/gadgets',
  table: 'gadgets',
  path: '/management/gadget',
  title: 'Gadgets',
  module: 'management-gadget',
  scope: 'global',
  permissions: crudPermissions('gadget'),
  fields: { name: text({ label: 'Name', required: true, searchable: true, sortable: true }) },
  list: ['name'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
});
registerResource(gadget);

let signedInRole = 'SUPER_ADMIN';
let signedInScopes: unknown[] = [];
const gadgets = [
  { id: 'g1', name: 'Brass gadget' },
  { id: 'g2', name: 'Steel gadget' },
];
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
  http.get('*/api/gadgets', () =>
    HttpResponse.json(gadgets, { headers: { 'Content-Range': `gadget 0-${gadgets.length - 1}/${gadgets.length}` } }),
  ),
  http.get('*/api/gadgets/:id', ({ params }) => {
    const row = gadgets.find((g) => g.id === params.id);
    return row ? HttpResponse.json(row) : HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  localStorage.clear();
  signInAs('SUPER_ADMIN', []);
});

function signInAs(role: string, permissions: string[]) {
  signedInRole = role;
  signedInScopes = [{ id: 'granted', actions: Object.fromEntries(permissions.map((p) => [p, true])) }];
  storeSession(role, permissions, role === 'SUPER_ADMIN');
}

/** The path the browser shows, beside the page. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const openApp = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <App />
      <Where />
    </MemoryRouter>,
  );

const where = () => screen.getByTestId('where').textContent;

describe("a declared entity's screens at the spec's URLs", () => {
  it('shows the generated list at its path', async () => {
    openApp('/management/gadget');
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    await within(table).findByText('Brass gadget');
    expect(within(table).getByText('Steel gadget')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/management/gadget/add');
    expect(where()).toBe('/management/gadget');
  });

  it('shows the generated Add form at {path}/add', async () => {
    openApp('/management/gadget/add');
    await screen.findAllByRole('heading', { name: 'Add Gadgets' }, { timeout: 10_000 });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(where()).toBe('/management/gadget/add');
  });

  it('shows the generated Edit form of the record at {path}/edit/{id}', async () => {
    openApp('/management/gadget/edit/g2');
    await screen.findAllByRole('heading', { name: 'Edit Steel gadget' }, { timeout: 10_000 });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Steel gadget');
    expect(where()).toBe('/management/gadget/edit/g2');
  });

  it('keeps the permission guard on each view', async () => {
    signInAs('CUSTOM', ['management-gadget']);
    openApp('/management/gadget/add');
    await screen.findByText(
      'Your role does not allow this page. Ask your administrator for access.',
      {},
      { timeout: 10_000 },
    );
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
  });

  it("opens an entity's screen only for its own module, not for a report that reads its rows (raw logs)", async () => {
    // DEALER, CUSTOMER and DISTRIBUTER hold the Raw Logs report, which reads the rows, not the management screen
    signInAs('DEALER', ['report-raw-logs']);
    openApp('/management/raw-logs');
    await screen.findByText(
      'Your role does not allow this page. Ask your administrator for access.',
      {},
      { timeout: 10_000 },
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('answers an unknown path below an entity with the not-found page', async () => {
    openApp('/management/gadget/nothing/here');
    await screen.findByText('The page you asked for does not exist or has moved.', {}, { timeout: 10_000 });
  });
});

describe("react-admin's own paths of an entity", () => {
  it('lead to the Add form at the spec URL from /{name}/create, keeping the query', async () => {
    openApp('/gadget/create?source={"name":"Copper"}');
    await screen.findAllByRole('heading', { name: 'Add Gadgets' }, { timeout: 10_000 });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Copper');
    expect(where()).toBe('/management/gadget/add?source={"name":"Copper"}');
  });

  it('lead to the Edit form at the spec URL from /{name}/{id}', async () => {
    openApp('/gadget/g1');
    await screen.findAllByRole('heading', { name: 'Edit Brass gadget' }, { timeout: 10_000 });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Brass gadget');
    expect(where()).toBe('/management/gadget/edit/g1');
  });

  it('lead to the list from /{name}', async () => {
    openApp('/gadget');
    await screen.findByText('Brass gadget', {}, { timeout: 10_000 });
    expect(where()).toBe('/management/gadget');
  });

  it('lead to the Edit form of an entity whose spec path is /{name} itself (/item/{id})', async () => {
    server.use(
      http.get('*/api/item/:id', () => HttpResponse.json({ id: 'i9', name: 'Spare harness' })),
      // the item form's pickers
      http.get('*/api/:collection', ({ params }) =>
        HttpResponse.json([], { headers: { 'Content-Range': `${String(params.collection)} */0` } }),
      ),
    );
    openApp('/item/i9');
    await screen.findByDisplayValue('Spare harness', {}, { timeout: 10_000 });
    expect(where()).toBe('/item/edit/i9');
  });
});

describe('a record reaching its edit page by its URL alone', () => {
  it(
    "opens a role's permission tree when /management/role/edit/{id} is loaded (a reload)",
    { timeout: 60_000 },
    async () => {
      server.use(
        http.get('*/api/roles/r9', async () => {
          // the form is on screen before the record arrives
          await new Promise((r) => setTimeout(r, 200));
          return HttpResponse.json({
            id: 'r9',
            name: 'Depot',
            isSystem: false,
            organisationId: null,
            authScopes: [
              { id: 'group-top', allowed: true, children: [{ id: 'vehicle-status', allowed: true, actions: {} }] },
            ],
          });
        }),
        http.get('*/api/:collection', ({ params }) =>
          HttpResponse.json([], { headers: { 'Content-Range': `${String(params.collection)} */0` } }),
        ),
      );
      openApp('/management/role/edit/r9');
      // the whole module tree is a large form: allow for a slow machine
      expect(await screen.findByDisplayValue('Depot', {}, { timeout: 45_000 })).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Vehicle Status' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Dashboard' })).not.toBeChecked();
    },
  );
});

/** What react-admin itself knows of the resources. */
function Definitions() {
  const definitions = useResourceDefinitions();
  const createPath = useCreatePath();
  const label = useGetResourceLabel();
  const represent = useGetRecordRepresentation('gadget');
  const shown = ['gadget', 'role', 'fitment', 'job', 'positions'].map((name) => {
    const d = definitions[name];
    return d
      ? `${name}: list=${d.hasList} create=${d.hasCreate} edit=${d.hasEdit} label=${label(name)}`
      : `${name}: none`;
  });
  return (
    <ul>
      {shown.map((line) => (
        <li key={line}>{line}</li>
      ))}
      <li>{`create path: ${createPath({ resource: 'gadget', type: 'create' })}`}</li>
      <li>{`represented: ${String(represent({ id: 'g1', name: 'Brass gadget' }))}`}</li>
    </ul>
  );
}

describe('the declared entities as react-admin resources', () => {
  it('are listed by useResourceDefinitions with their views, labels and record names', async () => {
    render(
      <MemoryRouter initialEntries={['/definitions']}>
        <Admin
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          layout={({ children }) => <>{children}</>}
          disableTelemetry
        >
          <CustomRoutes>
            <Route path="/definitions" element={<Definitions />} />
          </CustomRoutes>
          {resourceElements()}
        </Admin>
      </MemoryRouter>,
    );
    await screen.findByText('gadget: list=true create=true edit=true label=Gadgets', {}, { timeout: 10_000 });
    expect(screen.getByText('role: list=true create=true edit=true label=Roles')).toBeInTheDocument();
    // the fitment form is a custom page, yet the entity has its Add and Edit
    expect(screen.getByText('fitment: list=true create=true edit=true label=Fitment')).toBeInTheDocument();
    expect(screen.getByText('job: list=true create=true edit=false label=Jobs')).toBeInTheDocument();
    // no screen of its own: the route playback shows positions
    expect(screen.getByText('positions: none')).toBeInTheDocument();
    expect(screen.getByText('create path: /gadget/create')).toBeInTheDocument();
    expect(screen.getByText('represented: Brass gadget')).toBeInTheDocument();
  });
});
