import type { WireUpdate } from '../../resources/tracking.ts';

/**
 * Delay from a frame reaching the server to its marker being drawn, collected only when a
 * benchmark asks for it (window.__waymarkMetrics = { delays: [] } before the page loads). With a
 * server that stamps its hops (WAYMARK_LIVE_HOP_TIMES), `hops` gets each hop's delay per position:
 * frame received → batch committed → heard by the web process → update sent → update received → drawn.
 */
interface Metrics {
  delays: number[];
  draws: number;
  arrivals?: number[];
  hops?: Record<Hop, number[]>;
}
export type Hop = 'committed' | 'heard' | 'sent' | 'received' | 'drawn';
declare global {
  interface Window {
    __waymarkMetrics?: Metrics;
  }
}

/** Positions received and not yet drawn: the frame's receive time at the server, and the update's arrival here. */
let received: { frame: number; update: number }[] = [];

/** The server's receive times of positions just applied to the fleet, and the server's hop stamps when it sent them. */
export function noteReceived(times: string[], hops?: WireUpdate<unknown>['hops']) {
  const metrics = window.__waymarkMetrics;
  if (!metrics) return;
  const now = Date.now();
  times.forEach((time, i) => {
    const frameReceived = Date.parse(time);
    received.push({ frame: frameReceived, update: now });
    // the server's share of the delay: frame received → update in the browser
    metrics.arrivals?.push(now - frameReceived);
    if (metrics.hops && hops) {
      metrics.hops.committed.push(hops.committed[i]! - frameReceived);
      metrics.hops.heard.push(hops.heard[i]! - hops.committed[i]!);
      metrics.hops.sent.push(hops.sent - hops.heard[i]!);
      metrics.hops.received.push(now - hops.sent);
    }
  });
}

/** Called after the vehicle canvas is drawn: everything noted so far is now on screen. */
export function noteDrawn() {
  const metrics = window.__waymarkMetrics;
  if (!metrics) return;
  metrics.draws += 1;
  const now = Date.now();
  for (const { frame, update } of received) {
    metrics.delays.push(now - frame);
    metrics.hops?.drawn.push(now - update);
  }
  received = [];
}
