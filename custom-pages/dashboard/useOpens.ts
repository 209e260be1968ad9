import { useCanAccess } from 'react-admin';

/** Whether the user may open a page: the permission check of its route (ModulePage) and of the menu. */
export const useOpens = (moduleId: string) => useCanAccess({ resource: moduleId, action: 'access' }).canAccess === true;
