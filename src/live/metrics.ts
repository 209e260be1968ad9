/**
 * Delay from a frame reaching the server to its marker being drawn, collected only when a
 * benchmark asks for it (window.__waymarkMetrics = { delays: [] } before the page loads).
 */
interface Metrics {
  delays: number[];
  draws: number;
  arrivals?: number[];
}
declare global {
  interface Window {
    __waymarkMetrics?: Metrics;
  }
}

let received: number[] = [];

/** The server's receive times of positions just applied to the fleet. */
export function noteReceived(times: string[]) {
  const metrics = window.__waymarkMetrics;
  if (!metrics) return;
  const now = Date.now();
  for (const time of times) {
    received.push(Date.parse(time));
    // the server's share of the delay: frame received → update in the browser
    metrics.arrivals?.push(now - Date.parse(time));
  }
}

/** Called after the vehicle canvas is drawn: everything noted so far is now on screen. */
export function noteDrawn() {
  const metrics = window.__waymarkMetrics;
  if (!metrics) return;
  metrics.draws += 1;
  const now = Date.now();
  for (const time of received) metrics.delays.push(now - time);
  received = [];
}
