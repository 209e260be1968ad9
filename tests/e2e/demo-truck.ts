import type { DeviceState } from '../../server/simulator/frames.ts';

/**
 * The demo's first device, fitted to UP78AT4321 of Sunrise Logistics (the demo CUSTOMER's), as a
 * frame describes it; `patch` sets what a test's drive needs (speed, place, frame number).
 * Several browser test files drive it: a test that counts its state first sets the state it needs.
 */
export const demoTruck = (patch: Partial<DeviceState> = {}): DeviceState => ({
  imei: '868347070000000',
  registration: 'UP78AT4321',
  latitude: 26.4671,
  longitude: 80.353,
  speed: 0,
  heading: 45,
  ignition: true,
  frameNumber: 1,
  ...patch,
});
