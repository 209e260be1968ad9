import { useEffect, useState } from 'react';
import { useAuthProvider } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { hasView } from '../../providers/resourceAccess.ts';
import { resourceActions } from './actions/index.ts';

/** The row menu's possible entries of a list: Edit, Delete, and the declared extra actions the console can perform. */
export function rowActionCandidates(resource: ResourceDeclaration): string[] {
  return [
    ...(hasView(resource, 'edit') ? ['edit'] : []),
    ...(resource.permissions.delete ? ['delete'] : []),
    ...(resource.rowActions ?? []).map((action) => action.id).filter((id) => resourceActions[id]),
  ];
}

/**
 * The row menu entries the signed-in role may use on this list, asked once for the whole list with
 * the same access check as the rest of the console; undefined until known. An empty list means the
 * list has no Actions column.
 */
export function useAllowedRowActions(resource: ResourceDeclaration): string[] | undefined {
  const authProvider = useAuthProvider();
  const [allowed, setAllowed] = useState<string[]>();
  useEffect(() => {
    let current = true;
    const candidates = rowActionCandidates(resource);
    const can = (target: { resource: string; action?: string }) =>
      Promise.resolve(
        authProvider?.canAccess?.({ resource: target.resource, action: target.action ?? 'access' }) ?? true,
      );
    // an extra action also needs what its calls need (the page it opens, the lists its dialog reads)
    const check = async (action: string) =>
      (await can({ resource: resource.name, action })) &&
      (await Promise.all((resourceActions[action]?.needs ?? []).map(can))).every(Boolean);
    Promise.all(candidates.map(check)).then(
      (answers) => {
        if (current) setAllowed(candidates.filter((_, i) => answers[i]));
      },
      () => {
        if (current) setAllowed([]);
      },
    );
    return () => {
      current = false;
    };
  }, [authProvider, resource]);
  return allowed;
}
