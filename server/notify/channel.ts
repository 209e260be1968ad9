/**
 * One interface for every way a message leaves Waymark: e-mail, SMS, webhook, web push. The
 * delivery worker (worker.ts) claims an outbox row and hands it to its channel; the channel answers
 * what the provider said, or throws a DeliveryFailure (tried again later unless it is permanent).
 */
export const CHANNELS = ['email', 'sms', 'webhook', 'push'] as const;
export type ChannelName = (typeof CHANNELS)[number];

/** A claimed outbox row. */
export interface Delivery {
  /** The outbox row's id: the same on every try, for the receiver to drop duplicates by. */
  id: string;
  channel: ChannelName;
  recipient: string;
  subject: string;
  body: string;
  options: Record<string, unknown>;
  /** Tries so far, this one included. */
  attempts: number;
}

export interface Outcome {
  /** false: no provider is configured, the message was written to the log instead (status "logged"). */
  sent: boolean;
  /** What the provider answered (its status line, its message id), kept on the row. */
  answer: string;
}

export interface Channel {
  send(delivery: Delivery): Promise<Outcome>;
  close?(): void;
}

/** A try that failed: `answer` is what the provider said (or why there was no answer). */
export class DeliveryFailure extends Error {
  constructor(
    readonly answer: string,
    /** Trying again cannot help (an address refused, a subscription gone): straight to the dead letters. */
    readonly permanent = false,
  ) {
    super(answer);
  }
}

/** An HTTP answer as a line for the row: the status and the start of the body. */
export const httpAnswer = (status: number, body: string) =>
  `${status} ${body.replace(/\s+/g, ' ').trim()}`.slice(0, 500);

/** 408 (timeout) and 429 (slow down) are worth another try; other 4xx answers will not change. */
export const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;
