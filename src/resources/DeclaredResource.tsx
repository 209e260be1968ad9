import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { Authenticated, ResourceContextProvider, useCanAccess, type ResourceDefinition } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { generatesView, hasView } from '../../providers/resourceAccess.ts';
import { recordTitle, type RecordLike } from '../../resources/display.ts';
import { NotFoundPage, StatusPage } from '../pages/StatusPage.tsx';
import { lazyPage } from '../lazyPage.tsx';
import { mountPath, resourcePath } from './paths.ts';

// the generated views are chunks of their own, loaded with the first list or form a user opens
const ResourceList = lazyPage(() => import('./ResourceList.tsx'), 'ResourceList');
const ResourceCreate = lazyPage(() => import('./ResourceForm.tsx'), 'ResourceCreate');
const ResourceEdit = lazyPage(() => import('./ResourceForm.tsx'), 'ResourceEdit');

/** A generated view behind the permission id of its action (the server checks every call as well). */
function Guarded({ resource, action, children }: { resource: string; action: string; children: React.ReactNode }) {
  const { isPending, canAccess } = useCanAccess({ resource, action });
  if (isPending) return null;
  return canAccess ? <>{children}</> : <StatusPage kind="noAccess" />;
}

const guarded = (resource: ResourceDeclaration, action: string, element: React.ReactNode) => (
  <Authenticated>
    <Guarded resource={resource.name} action={action}>
      {element}
    </Guarded>
  </Authenticated>
);

/** Where a resource's edit route shows something else for some ids (one's own user: the profile). */
export type EditOverride = (id: string) => React.ReactNode | null;

/** The generated Edit of the record the URL names (`:id`), unless an override claims that id. */
export function EditView({ resource, override }: { resource: ResourceDeclaration; override?: EditOverride }) {
  const { id } = useParams();
  const replaced = override?.(id!);
  return replaced ?? guarded(resource, 'edit', <ResourceEdit key={id} resource={resource} id={id!} />);
}

/**
 * The URLs react-admin's own helpers build for a resource (useCreatePath, redirect after save,
 * Edit and Create buttons): `/{name}`, `/{name}/create`, `/{name}/{id}` and `/{name}/{id}/show`,
 * each sent on to the spec's URL of the same view, with its query and state (a create's prefill).
 */
export function ReactAdminPaths({ resource }: { resource: ResourceDeclaration }) {
  const to = (path: string) => <SpecRedirect path={path} />;
  return (
    <Routes>
      <Route index element={to(resourcePath(resource, 'list'))} />
      {hasView(resource, 'create') && <Route path="create" element={to(resourcePath(resource, 'create'))} />}
      {hasView(resource, 'edit') && <Route path=":id" element={<EditRedirect resource={resource} />} />}
      {hasView(resource, 'edit') && <Route path=":id/show" element={<EditRedirect resource={resource} />} />}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function SpecRedirect({ path }: { path: string }) {
  const { search, state } = useLocation();
  return <Navigate to={{ pathname: path, search }} state={state} replace />;
}

function EditRedirect({ resource }: { resource: ResourceDeclaration }) {
  const { id } = useParams();
  return <SpecRedirect path={resourcePath(resource, 'edit', id)} />;
}

export interface DeclaredResourceProps {
  /** Where react-admin mounts it: the declaration's path without the leading slash (src/resources/paths.ts mountPath). */
  name: string;
  declaration: ResourceDeclaration;
  editOverride?: EditOverride;
}

/**
 * A declared entity as a react-admin resource: registered under its declaration's name (so
 * useResourceDefinitions, useGetResourceLabel, useGetRecordRepresentation and the reference
 * inputs know it), and mounted at the spec's URLs: its generated list at the declaration's path,
 * Add at `add`, Edit at `edit/:id`, each behind its permission id. A view the declaration marks
 * 'custom' is a custom route of its own (the fitment form), which react-admin's router ranks first.
 */
export function DeclaredResource({ declaration, editOverride }: DeclaredResourceProps) {
  // `/fitment`, `/item`: the spec's path is react-admin's own `/{name}`, whose create and :id shapes land here too
  const ownsReactAdminPaths = declaration.path === `/${declaration.name}`;
  return (
    <ResourceContextProvider value={declaration.name}>
      <Routes>
        <Route
          index
          element={guarded(declaration, 'screen', <ResourceList key={declaration.name} resource={declaration} />)}
        />
        {generatesView(declaration, 'create') && (
          <Route path="add" element={guarded(declaration, 'create', <ResourceCreate resource={declaration} />)} />
        )}
        {generatesView(declaration, 'edit') && (
          <Route path="edit/:id" element={<EditView resource={declaration} override={editOverride} />} />
        )}
        <Route path="*" element={ownsReactAdminPaths ? <ReactAdminPaths resource={declaration} /> : <NotFoundPage />} />
      </Routes>
    </ResourceContextProvider>
  );
}

/**
 * What react-admin registers for the element (its static registerResource, the contract of a custom
 * Resource element). No icon: the sidebar is the module registry's (src/layout/Menu.tsx), and the
 * icons would weigh on the first chunk, which the lazy layout keeps them out of.
 */
DeclaredResource.raName = 'Resource';
DeclaredResource.registerResource = ({ declaration }: DeclaredResourceProps): ResourceDefinition => ({
  name: declaration.name,
  options: { label: declaration.title, path: declaration.path },
  hasList: true,
  hasCreate: hasView(declaration, 'create'),
  hasEdit: hasView(declaration, 'edit'),
  hasShow: false,
  recordRepresentation: (record: RecordLike) => recordTitle(declaration, record),
});

/** The element for a declaration with a screen of its own. */
export const declaredResource = (declaration: ResourceDeclaration, editOverride?: EditOverride) => (
  <DeclaredResource
    key={declaration.name}
    name={mountPath(declaration)}
    declaration={declaration}
    editOverride={editOverride}
  />
);
