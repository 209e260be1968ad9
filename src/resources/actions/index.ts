import type { ResourceAction } from './types.ts';
import { userActions } from './userActions.tsx';
import { deviceActions } from './deviceActions.tsx';
import { vehicleActions } from './vehicleActions.tsx';
import { trackingActions } from './trackingActions.tsx';
import { simActivationActions } from './simActivationActions.tsx';

/**
 * The extra actions the console can perform, by permission id. A declared action without an
 * entry is not offered (create-activation arrives with the fitment screens).
 */
export const resourceActions: Record<string, ResourceAction> = {
  ...userActions, ...deviceActions, ...vehicleActions, ...trackingActions, ...simActivationActions,
};
export type { ResourceAction, ActionDialogProps } from './types.ts';
