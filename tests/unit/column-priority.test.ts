import { describe, expect, it } from 'vitest';
import { declarations } from '../../resources/entities/index.ts';
import { defineResource, hasOwnScreen, text } from '../../resources/define.ts';
import { reports } from '../../resources/reports/index.ts';
import {
  columnsToLeaveOut,
  derivedPriority,
  listColumnPriorities,
  reportColumnPriorities,
} from '../../resources/column-priority.ts';

const lists = [
  ...declarations.filter(hasOwnScreen).map((d) => ({
    name: `list ${d.name}`,
    columns: listColumnPriorities(d),
    declared: d.list.filter((n) => d.fields[n]?.priority !== undefined),
  })),
  ...reports.map((r) => ({
    name: `report ${r.slug}`,
    columns: reportColumnPriorities(r.columns),
    declared: r.columns.filter((c) => c.priority !== undefined).map((c) => c.name),
  })),
];

describe('every table says which columns matter most', () => {
  it.each(lists)('$name has a column always in view, and priorities of its own', ({ columns, declared }) => {
    expect(columns.filter((c) => c.priority === 1).length).toBeGreaterThan(0);
    expect(declared.length).toBeGreaterThan(0);
  });

  it('the issue’s two tables keep their columns first: Daily Run Summary’s date, vehicle and distance; the fitment list’s registration, IMEI and status', () => {
    const first = (columns: { name: string; priority: number }[]) =>
      columns.filter((c) => c.priority === 1).map((c) => c.name);
    expect(first(reportColumnPriorities(reports.find((r) => r.slug === 'daily-run-summary')!.columns))).toEqual([
      'day',
      'registrationNumber',
      'distance',
    ]);
    expect(first(listColumnPriorities(declarations.find((d) => d.name === 'fitment')!))).toEqual([
      'imei',
      'registrationNumber',
      'activationStatus',
    ]);
  });

  it('derives a priority where the declaration gives none: the first column is always in view, the others wait for room', () => {
    expect(derivedPriority(undefined, 0)).toBe(1);
    expect(derivedPriority(undefined, 4)).toBe(3);
    expect(derivedPriority(2, 0)).toBe(2);
    const bare = defineResource({
      name: 'bare',
      api: '/bare',
      table: 'bare',
      path: '/bare',
      title: 'bare',
      module: 'bare',
      scope: 'global',
      permissions: {},
      fields: { code: text(), label: text(), note: text({ priority: 2 }) },
      list: ['code', 'label', 'note'],
      recordLabel: ['code'],
      defaultSort: ['code', 'ASC'],
    });
    expect(listColumnPriorities(bare)).toEqual([
      { name: 'code', priority: 1 },
      { name: 'label', priority: 3 },
      { name: 'note', priority: 2 },
    ]);
    expect(
      reportColumnPriorities([
        { name: 'a', label: 'a', type: 'text' },
        { name: 'b', label: 'b', type: 'text' },
      ]).map((c) => c.priority),
    ).toEqual([1, 3]);
  });
});

describe('the columns that fit a width', () => {
  const columns = [
    { name: 'day', priority: 1 as const },
    { name: 'vehicle', priority: 1 as const },
    { name: 'name', priority: 3 as const },
    { name: 'distance', priority: 1 as const },
    { name: 'running', priority: 2 as const },
    { name: 'idle', priority: 3 as const },
  ];
  const widths = { day: 100, vehicle: 120, name: 150, distance: 80, running: 80, idle: 60 };

  it('leaves nothing out when every column fits', () => {
    expect(columnsToLeaveOut(columns, widths, { available: 700, fixed: 40, expander: 48 })).toEqual([]);
  });

  it('on a phone keeps the priority-1 columns, wherever they stand, and leaves out the rest', () => {
    expect(columnsToLeaveOut(columns, widths, { available: 350, fixed: 0, expander: 48 })).toEqual([
      'running',
      'name',
      'idle',
    ]);
  });

  it('takes columns by priority and stops at the first that does not fit: none in view while one that matters more is not', () => {
    // room for the priority-1 columns, running, and 60 more: idle would fit, name does not, so neither
    expect(columnsToLeaveOut(columns, widths, { available: 300 + 48 + 80 + 60, fixed: 0, expander: 48 })).toEqual([
      'name',
      'idle',
    ]);
  });

  it('leaves out a priority-1 column too when even those do not fit, but keeps the first (the table then scrolls)', () => {
    expect(columnsToLeaveOut(columns, widths, { available: 290, fixed: 0, expander: 48 })).toEqual([
      'distance',
      'running',
      'name',
      'idle',
    ]);
    expect(columnsToLeaveOut(columns, widths, { available: 50, fixed: 40, expander: 48 })).toEqual([
      'vehicle',
      'distance',
      'running',
      'name',
      'idle',
    ]);
  });

  it('counts the expand button once a column is left out', () => {
    // all columns: 590; leaving out idle alone (530) would fit 560 but for the button (48): name goes too
    expect(columnsToLeaveOut(columns, widths, { available: 560, fixed: 0, expander: 48 })).toEqual(['name', 'idle']);
  });
});
