import { useCanAccessResources } from 'react-admin';
import { findResource } from '../../resources/modules.ts';

/**
 * Which of these resources the user may pick a row from, in a form's or a filter's reference
 * picker: their readers, their pickableBy and namePickableBy holders, or every signed-in user
 * (readableBySignedIn), as the API lets them list (providers/resourceAccess.ts, action `pick`).
 * A picker the role may not pick from is not offered: its list would be refused.
 */
export function usePickable(targets: readonly string[]): (target: string) => boolean {
  const { canAccess } = useCanAccessResources({ action: 'pick', resources: [...targets] });
  return (target) => Boolean(findResource(target)?.readableBySignedIn || canAccess?.[target]);
}
