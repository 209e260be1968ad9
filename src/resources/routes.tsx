import { Route } from 'react-router-dom';
import { ResourceContextProvider } from 'react-admin';
import { hasOwnScreen } from '../../resources/define.ts';
import { resources } from '../../resources/modules.ts';
import { declaredResource, EditView, ReactAdminPaths, type EditOverride } from './DeclaredResource.tsx';

export type { EditOverride } from './DeclaredResource.tsx';

/** The declarations with a screen of their own (positions and alerts have none: the playback and the Alert report show them). */
const withScreens = () => resources.filter(hasOwnScreen);

/**
 * Every declared entity with a screen as a react-admin resource (src/resources/DeclaredResource.tsx),
 * mounted at the paths of the spec's route map; read at render, so a declaration registered at run
 * time (resources/modules.ts registerResource) has its screens too.
 */
export function declaredResources(editOverrides: Record<string, EditOverride> = {}) {
  return withScreens().map((declaration) => declaredResource(declaration, editOverrides[declaration.name]));
}

/**
 * Routes for the URLs react-admin's helpers build (`/role`, `/role/create`, `/role/{id}`): on to the
 * spec's URLs. A resource whose spec path is `/{name}` itself handles them where it is mounted.
 */
export function reactAdminPathRoutes() {
  return withScreens()
    .filter((declaration) => declaration.path !== `/${declaration.name}`)
    .map((declaration) => (
      <Route
        key={`ra-${declaration.name}`}
        path={`/${declaration.name}/*`}
        element={<ReactAdminPaths resource={declaration} />}
      />
    ));
}

/** Further URLs of a generated Edit beside the spec's `{path}/edit/:id` (a vehicle's `/vehicle/edit/{id}`). */
export function extraEditRoutes(paths: Record<string, string[]>) {
  return withScreens().flatMap((declaration) =>
    (paths[declaration.name] ?? []).map((path) => (
      <Route
        key={path}
        path={path}
        element={
          <ResourceContextProvider value={declaration.name}>
            <EditView resource={declaration} />
          </ResourceContextProvider>
        }
      />
    )),
  );
}
