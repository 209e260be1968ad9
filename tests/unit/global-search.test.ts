import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/modules.ts';
import {
  searchCategories,
  searchedResources,
  searchResultDetail,
  searchResultPath,
} from '../../resources/global-search.ts';

/** The global search's groups come from the declarations that say `globalSearch`, nowhere else. */
describe('the global search of the declarations', () => {
  const searched = searchedResources(resources);

  it('searches devices, vehicles and users, in that order, under their categories', () => {
    const builtIn = searched.filter((r) => ['device', 'vehicle', 'user'].includes(r.name));
    expect(builtIn.map((r) => [r.name, r.globalSearch!.category])).toEqual([
      ['device', 'Devices'],
      ['vehicle', 'Vehicles'],
      ['user', 'Users'],
    ]);
  });

  it("offers the spec's categories in its order: Vehicles, Devices, Users", () => {
    expect(searchCategories(resources).slice(0, 3)).toEqual(['Vehicles', 'Devices', 'Users']);
  });

  it('names categories once, and each searched entity has fields to search and detail fields it declares', () => {
    const categories = searched.map((r) => r.globalSearch!.category);
    expect(new Set(categories).size).toBe(categories.length);
    for (const resource of searched) {
      expect(Object.values(resource.fields).some((f) => f.searchable && !f.via)).toBe(true);
      for (const name of resource.globalSearch!.detail ?? []) expect(resource.fields).toHaveProperty(name);
    }
  });

  it('opens a result where the console shows it, and lists its detail under its name', () => {
    const [device, vehicle, user] = ['device', 'vehicle', 'user'].map((name) => searched.find((r) => r.name === name));
    expect(searchResultPath(device!, 'd1')).toBe('/management/device-details/d1');
    expect(searchResultPath(vehicle!, 'v1')).toBe('/management/vehicle/edit/v1');
    expect(searchResultPath(user!, 'u1')).toBe('/management/user/edit/u1');
    expect(
      searchResultDetail(device!, { iccid: '8991000000000000001', labels: { organisationId: 'Sunrise Logistics' } }),
    ).toBe('8991000000000000001 · Sunrise Logistics');
    expect(
      searchResultDetail(vehicle!, { name: 'Truck 1', deviceId: 'x', labels: { deviceId: '868347070000003' } }),
    ).toBe('Truck 1 · 868347070000003');
    expect(searchResultDetail(user!, { email: 'a@b.in', phone: null, labels: { organisationId: 'Waymark' } })).toBe(
      'a@b.in · Waymark',
    );
  });
});
