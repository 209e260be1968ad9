import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';

/** A stand-in for the browser's WebSocket: the test plays the server. */
class FakeSocket {
  static OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  sent: { type: string; token?: string; bounds?: unknown; focus?: unknown }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as FakeSocket['sent'][number]);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

let user = 'u1';
vi.mock('../../providers/httpClient.ts', () => ({ apiBase: '/api', refreshAuth: () => Promise.resolve() }));
vi.mock('../../providers/session.ts', () => ({
  readSession: () => ({ accessToken: `token-${user}`, user: { id: user } }),
}));

const { liveConnection } = await import('../../src/live/connection.ts');
const { useLiveFleet } = await import('../../src/live/useLiveFleet.ts');

const vehicle = (id: string, registrationNumber: string) => ({
  vehicleId: id,
  deviceId: `d-${id}`,
  name: registrationNumber,
  registrationNumber,
  status: 'running',
  latitude: 26.4,
  longitude: 80.3,
  speed: 30,
  heading: 0,
  ignition: true,
  fixTime: null,
});

function Count({ label }: { label: string }) {
  const fleet = useLiveFleet();
  const first = fleet.vehicles.get('v1');
  return (
    <p>
      {label}: {fleet.vehicles.size} vehicles, {fleet.connected ? 'live' : 'offline'}, v1 at {first?.latitude ?? '-'}{' '}
      going {first?.speed ?? '-'}
    </p>
  );
}

/** What the live map's vehicle list does: follows the fleet at most every 2 s. */
function SlowCount() {
  const fleet = useLiveFleet(undefined, undefined, { refreshMs: 2000 });
  return (
    <p>
      list: {fleet.vehicles.size} vehicles, v1 going {fleet.vehicles.get('v1')?.speed ?? '-'}
    </p>
  );
}

const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
  });

describe("the tab's one live socket", () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('serves every page from one connection, merges coarse positions and closes after the last page has gone', async () => {
    const { unmount } = render(
      <>
        <Count label="map" />
        <Count label="status" />
      </>,
    );
    await settle();
    expect(FakeSocket.opened).toHaveLength(1);
    const socket = FakeSocket.opened[0]!;
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-u1', fleet: true }]);
    act(() =>
      socket.receive({ type: 'snapshot', vehicles: [vehicle('v1', 'UP78AT0001'), vehicle('v2', 'UP78AT0002')] }),
    );
    await settle();
    expect(screen.getByText('map: 2 vehicles, live, v1 at 26.4 going 30')).toBeTruthy();
    expect(screen.getByText('status: 2 vehicles, live, v1 at 26.4 going 30')).toBeTruthy();

    // a vehicle outside the map's viewport comes coarse: where it is, how fast, its state
    liveConnection.setViewport([72.7, 18.8, 73.1, 19.3], 'v2');
    expect(socket.sent.at(-1)).toEqual({ type: 'viewport', bounds: [72.7, 18.8, 73.1, 19.3], focus: 'v2' });
    act(() => socket.receive({ type: 'update', positions: [], events: [], distant: [['v1', 19.07, 72.87, 12, 1]] }));
    await settle();
    expect(screen.getByText('map: 2 vehicles, live, v1 at 19.07 going 12')).toBeTruthy();

    // leaving the pages keeps the socket a while: coming back finds the fleet at once
    unmount();
    render(<Count label="again" />);
    await settle();
    expect(FakeSocket.opened).toHaveLength(1);
    expect(screen.getByText('again: 2 vehicles, live, v1 at 19.07 going 12')).toBeTruthy();
  });

  it('starts afresh for another user, and says the viewport again on reconnecting', async () => {
    user = 'u2';
    render(<Count label="other" />);
    await settle();
    const socket = FakeSocket.opened.at(-1)!;
    expect(screen.getByText('other: 0 vehicles, offline, v1 at - going -')).toBeTruthy();
    act(() => socket.open());
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'token-u2', fleet: true },
      { type: 'viewport', bounds: [72.7, 18.8, 73.1, 19.3], focus: 'v2' },
    ]);

    // the debug page watches a temporary device on the same socket, and hears only its own device's frames
    const heard: unknown[] = [];
    const stop = liveConnection.watchFrames('e1', (message) => heard.push(message));
    expect(FakeSocket.opened.at(-1)).toBe(socket);
    expect(socket.sent.at(-1)).toEqual({ type: 'watch-frames', deviceId: 'e1' });
    act(() => socket.receive({ type: 'frames', deviceId: 'e0', frames: [] }));
    act(() => socket.receive({ type: 'frames', deviceId: 'e1', frames: [], device: { id: 'e1' } }));
    expect(heard).toEqual([{ type: 'frames', deviceId: 'e1', frames: [], device: { id: 'e1' } }]);
    stop();
    expect(socket.sent.at(-1)).toEqual({ type: 'watch-frames', deviceId: null });
  });

  it('asks again after a dropped connection, and not after a refusal', async () => {
    user = 'u3';
    render(<Count label="refused" />);
    await settle();
    const refused = FakeSocket.opened.at(-1)!;
    act(() => refused.open());
    vi.useFakeTimers();
    try {
      act(() => refused.close(4403));
      await vi.advanceTimersByTimeAsync(120_000);
      expect(FakeSocket.opened.at(-1)).toBe(refused);
    } finally {
      vi.useRealTimers();
    }

    user = 'u4';
    render(<Count label="dropped" />);
    await settle();
    const dropped = FakeSocket.opened.at(-1)!;
    expect(dropped).not.toBe(refused);
    act(() => dropped.open());
    vi.useFakeTimers();
    try {
      act(() => dropped.close(1006));
      await vi.advanceTimersByTimeAsync(120_000);
      expect(FakeSocket.opened.at(-1)).not.toBe(dropped);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a throttled page the fleet at once, and then its moves at most every refreshMs', async () => {
    user = 'u5';
    render(<SlowCount />);
    await settle();
    const socket = FakeSocket.opened.at(-1)!;
    act(() => socket.open());
    act(() =>
      socket.receive({ type: 'snapshot', vehicles: [vehicle('v1', 'UP78AT0001'), vehicle('v2', 'UP78AT0002')] }),
    );
    await settle();
    expect(screen.getByText('list: 2 vehicles, v1 going 30')).toBeTruthy();
    act(() => socket.receive({ type: 'update', positions: [], events: [], distant: [['v1', 26.41, 80.31, 55, 1]] }));
    await settle();
    expect(screen.getByText('list: 2 vehicles, v1 going 30')).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2100));
    });
    expect(screen.getByText('list: 2 vehicles, v1 going 55')).toBeTruthy();
  });
});
