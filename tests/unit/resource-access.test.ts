import { describe, expect, it } from 'vitest';
import { permissionFor } from '../../providers/resourceAccess.ts';

describe('the console asks for the permission ids the server checks', () => {
  it('lets the Raw logs report list and export the raw logs it shows', () => {
    expect(permissionFor('raw-logs', 'list')).toEqual(['management-raw-logs', 'report-raw-logs']);
    expect(permissionFor('raw-logs', 'export')).toEqual(['export-raw-logs', 'export-report-raw-logs']);
    expect(permissionFor('raw-logs', 'create')).toBeUndefined();
  });

  it('keeps one id for other resources, actions and pages', () => {
    expect(permissionFor('device', 'export')).toEqual(['export-device']);
    expect(permissionFor('device', 'send-command')).toEqual(['send-command']);
    expect(permissionFor('vehicle/statuses', 'list')).toEqual(['vehicle-status']);
    expect(permissionFor('share-playback', 'access')).toEqual(['share-playback']);
  });
});
