import { revealSecretAction } from './revealSecretAction.tsx';

/** The forwarding screen's "Reveal secret": an HTTP destination's rows alone, to holders of reveal-forwarding-secret. */
export const forwardingActions = revealSecretAction({
  api: '/forwarding-destinations',
  permission: 'reveal-forwarding-secret',
  intro: 'forwarding.secret.intro',
  visible: (destination) => destination.kind === 'HTTP',
});
