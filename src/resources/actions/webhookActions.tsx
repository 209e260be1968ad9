import { revealSecretAction } from './revealSecretAction.tsx';

/** The change webhooks' "Reveal the signing secret": the row shows its masked start, the server answers it whole to holders of reveal-webhook-endpoint-secret. */
export const webhookActions = revealSecretAction({
  api: '/webhook-endpoints',
  permission: 'reveal-webhook-endpoint-secret',
  intro: 'webhooks.secretRevealed',
  masked: (endpoint) => (typeof endpoint.secret === 'string' ? endpoint.secret : ''),
});
