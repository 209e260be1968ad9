import type { ResourceAction } from './types.ts';
import { userActions } from './userActions.tsx';
import { deviceActions } from './deviceActions.tsx';
import { vehicleActions } from './vehicleActions.tsx';
import { trackingActions } from './trackingActions.tsx';
import { simActivationActions } from './simActivationActions.tsx';
import { fitmentActions } from './fitmentActions.tsx';
import { itemActions } from './itemActions.ts';
import { walletActions } from './walletActions.tsx';
import { renewalActions } from './renewalActions.tsx';
import { maintenanceActions } from './maintenanceActions.ts';
import { deliveryActions } from './deliveryActions.tsx';
import { webhookActions } from './webhookActions.tsx';
import { forwardingActions } from './forwardingActions.tsx';

/** The extra actions the console can perform, by permission id. A declared action without an entry is not offered. */
export const resourceActions: Record<string, ResourceAction> = {
  ...userActions,
  ...deviceActions,
  ...vehicleActions,
  ...trackingActions,
  ...simActivationActions,
  ...fitmentActions,
  ...itemActions,
  ...walletActions,
  ...renewalActions,
  ...maintenanceActions,
  ...deliveryActions,
  ...webhookActions,
  ...forwardingActions,
};
export type { ResourceAction, ActionDialogProps } from './types.ts';
