import { useCanAccess } from 'react-admin';
import { reportLink } from './data.ts';

/** Whether the user may open a page: the permission check of its route (ModulePage) and of the menu. */
export const useOpens = (moduleId: string) => useCanAccess({ resource: moduleId, action: 'access' }).canAccess === true;

/**
 * The address of a report page (module report-<slug>) with a filter, for a user who may open that
 * report; undefined for one who may not, whose figure or chart is then shown without a link.
 */
export function useReportLink(slug: string): (filter: Record<string, unknown>) => string | undefined {
  const opens = useOpens(`report-${slug}`);
  return (filter) => (opens ? reportLink(slug, filter) : undefined);
}
