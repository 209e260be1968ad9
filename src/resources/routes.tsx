import { Route, useParams } from 'react-router-dom';
import { Authenticated, useCanAccess } from 'react-admin';
import { hasOwnScreen, type ResourceDeclaration } from '../../resources/define.ts';
import { resources } from '../../resources/modules.ts';
import { generatesView } from '../../providers/resourceAccess.ts';
import { StatusPage } from '../pages/StatusPage.tsx';
import { lazyPage } from '../lazyPage.tsx';

// the generated views are chunks of their own, loaded with the first list or form a user opens
const ResourceList = lazyPage(() => import('./ResourceList.tsx'), 'ResourceList');
const ResourceCreate = lazyPage(() => import('./ResourceForm.tsx'), 'ResourceCreate');
const ResourceEdit = lazyPage(() => import('./ResourceForm.tsx'), 'ResourceEdit');

/** A generated view behind the permission id of its action (the server checks every call as well). */
function Guarded({
  resource,
  action,
  children,
}: {
  resource: ResourceDeclaration;
  action: string;
  children: React.ReactNode;
}) {
  const { isPending, canAccess } = useCanAccess({ resource: resource.name, action });
  if (isPending) return null;
  return canAccess ? <>{children}</> : <StatusPage kind="noAccess" />;
}

function EditRoute({ resource }: { resource: ResourceDeclaration }) {
  const { id } = useParams();
  return <ResourceEdit key={id} resource={resource} id={id!} />;
}

const view = (resource: ResourceDeclaration, action: string, element: React.ReactNode) => (
  <Authenticated>
    <Guarded resource={resource} action={action}>
      {element}
    </Guarded>
  </Authenticated>
);

/** Where a resource's edit route shows something else for some ids (one's own user: the profile). */
export type EditOverride = (id: string) => React.ReactNode | null;

function EditOrOverride({ resource, override }: { resource: ResourceDeclaration; override?: EditOverride }) {
  const { id } = useParams();
  const replaced = override?.(id!);
  return replaced ?? view(resource, 'edit', <EditRoute resource={resource} />);
}

/** Every declared resource's list, add and edit routes (of those with a screen of their own) at the paths of the spec's route map. */
export function resourceRoutes(
  extraEditPaths: Record<string, string[]> = {},
  editOverrides: Record<string, EditOverride> = {},
) {
  // positions and alerts have no screen of their own: the playback and the Alert report show them
  return resources
    .filter(hasOwnScreen)
    .flatMap((resource) => [
      <Route
        key={resource.path}
        path={resource.path}
        element={view(resource, 'list', <ResourceList key={resource.name} resource={resource} />)}
      />,
      ...(generatesView(resource, 'create')
        ? [
            <Route
              key={`${resource.path}/add`}
              path={`${resource.path}/add`}
              element={view(resource, 'create', <ResourceCreate resource={resource} />)}
            />,
          ]
        : []),
      ...(generatesView(resource, 'edit')
        ? [`${resource.path}/edit/:id`, ...(extraEditPaths[resource.name] ?? [])].map((path) => (
            <Route
              key={path}
              path={path}
              element={<EditOrOverride resource={resource} override={editOverrides[resource.name]} />}
            />
          ))
        : []),
    ]);
}
