import type { ResourceAction } from './types.ts';
import { userActions } from './userActions.tsx';
import { deviceActions } from './deviceActions.tsx';
import { vehicleActions } from './vehicleActions.tsx';
import { trackingActions } from './trackingActions.tsx';

/**
 * The extra actions the console can perform, by permission id. A declared action without an
 * entry is not offered (the SIM activation actions arrive with the SIM activation screens).
 */
export const resourceActions: Record<string, ResourceAction> = { ...userActions, ...deviceActions, ...vehicleActions, ...trackingActions };
export type { ResourceAction, ActionDialogProps } from './types.ts';
